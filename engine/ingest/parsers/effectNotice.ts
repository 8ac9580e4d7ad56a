// The SEC's notice of effectiveness (EFFECT, edgarSubmission schema X0101): one filing row for the registrant, dated
// the day the registration statement became effective, carrying the registration's file number and, in
// primaryDocDescription, the form declared effective (`S-1`, `F-1`, `S-3`, `POS AM`, ...).
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { child, cikOf, dateOf, parseXml, text } from './ownershipXmlTools.ts';

export const effectNoticeParser: Parser = {
  kind: 'effect-notice',
  detect(_file, head) {
    return head.includes('<edgarSubmission') && /<submissionType>\s*EFFECT\s*</.test(head) && !head.includes('<SEC-DOCUMENT>');
  },
  parse(file, batch) {
    const root = parseXml(file.name, file.bytes.toString('utf8'), 'EFFECT notice');
    const data = child(child(root, 'edgarSubmission'), 'effectiveData');
    if (!data) throw new IngestError(file.name, 'EFFECT notice: no <effectiveData>');
    const effective = dateOf(text(data, 'finalEffectivenessDispDate'));
    if (!effective) throw new IngestError(file.name, 'EFFECT notice: no valid <finalEffectivenessDispDate>');
    const filer = child(data, 'filer');
    const cik = cikOf(text(filer, 'cik'));
    if (cik === null) throw new IngestError(file.name, 'EFFECT notice: no valid <filer><cik>');
    const time = text(data, 'finalEffectivenessDispTime');
    const meta = filingMetaOf(file);
    batch.filings.push({
      cik,
      accession: meta.accession,
      form: 'EFFECT',
      filed: effective,
      accepted: time && /^\d{2}:\d{2}:\d{2}$/.test(time) ? `${effective}T${time}` : null,
      reportDate: null,
      isAmendment: false,
      items: [],
      isXbrl: false,
      isInlineXbrl: false,
      primaryDocument: null,
      primaryDocDescription: text(data, 'form'),
      documents: [],
      size: file.bytes.length,
      fileNumber: text(filer, 'fileNumber'),
      filmNumber: null,
      act: text(child(root, 'edgarSubmission'), 'act'),
      fy: null,
      fp: null,
      source: 'effect-notice',
    });
  },
};
