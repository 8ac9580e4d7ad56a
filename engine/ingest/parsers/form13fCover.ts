// 13F cover and summary page (`primary_doc.xml`, namespace thirteenffiler): one form13f_reports row. The information
// table is usually a separate document of the same filing, joined by accession in SQL. An information table written
// inside the same XML (under formData or beside it) is read here, under the filing's own accession; an EDGAR submission
// XML that embeds it base64-encoded (the SEC's own samples) yields it as a nested document of the same filing.
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { ContainerParser } from './Parser.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { readInformationTable } from './form13fInfoTable.ts';
import { bool, child, children, cikOf, dateOf, num, parseXml, text } from './ownershipXmlTools.ts';

export const form13fCoverParser: ContainerParser = {
  kind: '13f-cover',
  container: true,
  detect(_file, head) {
    return head.includes('<edgarSubmission') && /thirteenffiler|<submissionType>\s*13F-/.test(head) && !head.includes('<SEC-DOCUMENT>');
  },
  parse(file, batch) {
    const root = parseXml(file.name, file.bytes.toString('utf8'), '13F cover page');
    const sub = child(root, 'edgarSubmission');
    const header = child(sub, 'headerData');
    const form = text(header, 'submissionType')?.toUpperCase() ?? null;
    if (!form || !form.startsWith('13F')) throw new IngestError(file.name, `13F cover page: <submissionType> is ${JSON.stringify(form)}`);
    const filerInfo = child(header, 'filerInfo');
    const managerCik = cikOf(text(child(child(filerInfo, 'filer'), 'credentials'), 'cik'));
    const formData = child(sub, 'formData');
    const cover = child(formData, 'coverPage');
    if (!cover) throw new IngestError(file.name, '13F cover page: no <coverPage>');
    const period = dateOf(text(cover, 'reportCalendarOrQuarter') ?? text(filerInfo, 'periodOfReport'));
    if (!period) throw new IngestError(file.name, '13F cover page: no valid <reportCalendarOrQuarter>');
    const summary = child(formData, 'summaryPage');
    const meta = filingMetaOf(file);
    const amendmentNo = num(text(cover, 'amendmentNo'), file.name, '<amendmentNo>');
    batch.form13f_reports.push({
      accession: meta.accession,
      managerCik: managerCik ?? meta.primaryCik,
      managerName: text(child(cover, 'filingManager'), 'name'),
      form,
      periodOfReport: period,
      filed: meta.filed,
      reportType: text(cover, 'reportType'),
      isAmendment: bool(text(cover, 'isAmendment')) ?? form.endsWith('/A'),
      amendmentNo: amendmentNo === null ? null : Math.trunc(amendmentNo),
      amendmentType: text(child(cover, 'amendmentInfo'), 'amendmentType'),
      tableEntryTotal: num(text(summary, 'tableEntryTotal'), file.name, '<tableEntryTotal>'),
      tableValueTotal: num(text(summary, 'tableValueTotal'), file.name, '<tableValueTotal>'),
      otherManagersCount: num(text(summary, 'otherIncludedManagersCount'), file.name, '<otherIncludedManagersCount>'),
      fileNumber: text(cover, 'form13FFileNumber') ?? text(cover, 'secFileNumber'),
      source: '13f',
    });
    const inline = child(formData, 'informationTable') ?? child(sub, 'informationTable') ?? child(root, 'informationTable');
    if (inline) readInformationTable(file.name, inline, meta.accession, meta.filed, batch);
    // EDGAR submission XML (as sent to the SEC) carries its attachments base64-encoded.
    const nested: SourceFile[] = [];
    for (const d of children(child(sub, 'documents'), 'document')) {
      const contents = text(d, 'contents');
      const docName = text(d, 'conformedName') ?? 'document';
      if (!contents) continue;
      nested.push({
        name: `${file.name}!${docName}`,
        bytes: Buffer.from(contents.replace(/\s+/g, ''), 'base64'),
        container: { accession: meta.accession, form, cik: managerCik, filed: meta.filed, accepted: null, documentType: text(d, 'conformedDocumentType') },
      });
    }
    return nested;
  },
};
