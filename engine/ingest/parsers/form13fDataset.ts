// SEC Form 13F data sets (quarterly TSVs: SUBMISSION, COVERPAGE, SUMMARYPAGE, INFOTABLE, ...): the same
// form13f_reports / holdings_13f rows the XML parsers emit, source '13f-dataset'. VALUE is as filed (thousands of
// dollars before 2023-01-03), like the XML. Columns are found by header name, dates are DD-MON-YYYY.
import { IngestError } from '../IngestError.ts';
import type { SourceFile, SourceGroup } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { GroupParser } from './GroupParser.ts';
import type { Form13fReportRow, SecurityRow } from '../rows.ts';
import { readTsv, type TsvTable } from './insiderDatasetTsv.ts';
import { bool, cikOf, dateOf, num } from './ownershipXmlTools.ts';

function table(group: SourceGroup, name: string, required: string[]): TsvTable | null {
  const file: SourceFile | undefined = group.files.get(`${name}.tsv`);
  return file ? readTsv(file, required) : null;
}

function byAccession(t: TsvTable | null): Map<string, number> {
  const rows = new Map<string, number>();
  for (let r = 0; t && r < t.rows; r++) rows.set(t.get(r, 'ACCESSION_NUMBER') ?? '', r);
  return rows;
}

export const form13fDatasetParser: GroupParser = {
  kind: '13f-dataset',
  detect(group) {
    return group.files.has('submission.tsv') && group.files.has('infotable.tsv');
  },
  parse(group, batch: Batch) {
    const sub = table(group, 'submission', ['ACCESSION_NUMBER', 'FILING_DATE', 'SUBMISSIONTYPE', 'CIK', 'PERIODOFREPORT']);
    if (!sub) throw new IngestError(group.name, '13F data set: no SUBMISSION table');
    const cover = table(group, 'coverpage', ['ACCESSION_NUMBER', 'REPORTCALENDARORQUARTER', 'FILINGMANAGER_NAME']);
    const summary = table(group, 'summarypage', ['ACCESSION_NUMBER', 'TABLEENTRYTOTAL', 'TABLEVALUETOTAL']);
    const covers = byAccession(cover);
    const summaries = byAccession(summary);
    const reports = new Map<string, Form13fReportRow>();
    for (let r = 0; r < sub.rows; r++) {
      const accession = sub.get(r, 'ACCESSION_NUMBER');
      const form = sub.get(r, 'SUBMISSIONTYPE')?.toUpperCase() ?? null;
      if (!accession || !form) throw new IngestError(sub.name, `13F data set: SUBMISSION line ${String(r + 2)} lacks an accession or submission type`);
      const c = covers.get(accession);
      const s = summaries.get(accession);
      const at = (t: TsvTable | null, row: number | undefined, col: string) => (t && row !== undefined ? t.get(row, col) : null);
      const amendmentNo = num(at(cover, c, 'AMENDMENTNO'), cover?.name ?? group.name, `line ${String((c ?? 0) + 2)} AMENDMENTNO`);
      reports.set(accession, {
        accession,
        managerCik: cikOf(sub.get(r, 'CIK')),
        managerName: at(cover, c, 'FILINGMANAGER_NAME'),
        form,
        periodOfReport: dateOf(at(cover, c, 'REPORTCALENDARORQUARTER') ?? sub.get(r, 'PERIODOFREPORT')),
        filed: dateOf(sub.get(r, 'FILING_DATE')),
        reportType: at(cover, c, 'REPORTTYPE'),
        isAmendment: bool(at(cover, c, 'ISAMENDMENT')) ?? form.endsWith('/A'),
        amendmentNo: amendmentNo === null ? null : Math.trunc(amendmentNo),
        amendmentType: at(cover, c, 'AMENDMENTTYPE'),
        tableEntryTotal: num(at(summary, s, 'TABLEENTRYTOTAL'), summary?.name ?? group.name, `line ${String((s ?? 0) + 2)} TABLEENTRYTOTAL`),
        tableValueTotal: num(at(summary, s, 'TABLEVALUETOTAL'), summary?.name ?? group.name, `line ${String((s ?? 0) + 2)} TABLEVALUETOTAL`),
        otherManagersCount: num(at(summary, s, 'OTHERINCLUDEDMANAGERSCOUNT'), summary?.name ?? group.name, `line ${String((s ?? 0) + 2)} OTHERINCLUDEDMANAGERSCOUNT`),
        fileNumber: at(cover, c, 'FORM13FFILENUMBER'),
        source: '13f-dataset',
      });
    }
    const info = table(group, 'infotable', ['ACCESSION_NUMBER', 'NAMEOFISSUER', 'CUSIP', 'VALUE', 'SSHPRNAMT']);
    const seqs = new Map<string, number>();
    const securities = new Map<string, SecurityRow>();
    for (let r = 0; info && r < info.rows; r++) {
      const accession = info.get(r, 'ACCESSION_NUMBER') ?? '';
      const report = reports.get(accession);
      if (!report) throw new IngestError(info.name, `13F data set: line ${String(r + 2)} names accession ${JSON.stringify(accession)}, which SUBMISSION lacks`);
      const cusip = info.get(r, 'CUSIP')?.toUpperCase() ?? '';
      const value = num(info.get(r, 'VALUE'), info.name, `line ${String(r + 2)} VALUE`);
      const shares = num(info.get(r, 'SSHPRNAMT'), info.name, `line ${String(r + 2)} SSHPRNAMT`);
      if (!/^[0-9A-Z]{9}$/.test(cusip) || value === null || shares === null) {
        throw new IngestError(info.name, `13F data set: line ${String(r + 2)} lacks a 9-character CUSIP, a numeric VALUE or SSHPRNAMT`);
      }
      const seq = (seqs.get(accession) ?? 0) + 1;
      seqs.set(accession, seq);
      const nameOfIssuer = info.get(r, 'NAMEOFISSUER');
      batch.holdings_13f.push({
        accession, seq, nameOfIssuer, titleOfClass: info.get(r, 'TITLEOFCLASS'), cusip, figi: info.get(r, 'FIGI'), value, shares,
        shareType: info.get(r, 'SSHPRNAMTTYPE'), putCall: info.get(r, 'PUTCALL'), investmentDiscretion: info.get(r, 'INVESTMENTDISCRETION'),
        otherManager: info.get(r, 'OTHERMANAGER'), votingSole: num(info.get(r, 'VOTING_AUTH_SOLE'), info.name, `line ${String(r + 2)} VOTING_AUTH_SOLE`),
        votingShared: num(info.get(r, 'VOTING_AUTH_SHARED'), info.name, `line ${String(r + 2)} VOTING_AUTH_SHARED`), votingNone: num(info.get(r, 'VOTING_AUTH_NONE'), info.name, `line ${String(r + 2)} VOTING_AUTH_NONE`), source: '13f-dataset',
      });
      if (!securities.has(cusip)) {
        securities.set(cusip, {
          cik: null, ticker: null, exchange: null, name: nameOfIssuer, cusip, compositeFigi: null, shareClassFigi: null, kind: null,
          asOf: report.filed ?? '1970-01-01', source: '13f-dataset',
        });
      }
    }
    batch.form13f_reports.push(...reports.values());
    batch.securities.push(...securities.values());
  },
};
