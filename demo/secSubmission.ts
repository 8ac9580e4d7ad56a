// Wraps documents into an EDGAR full submission (`<accession>.txt`): the SGML header EDGAR writes, then each document
// in <DOCUMENT>/<TEXT>/<XML>, as served from the Archives and read by the ingest's sgml parser.
import { xmlText } from './xmlText.ts';

export interface SubmissionParty {
  /** REPORTING-OWNER / ISSUER (Forms 3-5), FILER (13F), SUBJECT COMPANY / FILED BY (13D/G). */
  role: 'REPORTING-OWNER' | 'ISSUER' | 'FILER' | 'SUBJECT COMPANY' | 'FILED BY';
  name: string;
  cik: number;
}

export interface SubmissionDocument {
  type: string;
  filename: string;
  xml: string;
}

export interface Submission {
  accession: string;
  form: string;
  /** YYYY-MM-DD */
  period: string | null;
  filed: string;
  parties: SubmissionParty[];
  documents: SubmissionDocument[];
  /** Investment-company filings: the series and classes EDGAR lists in the header (SERIES-AND-CLASSES-CONTRACTS-DATA). */
  series?: readonly SubmissionSeries[];
}

export interface SubmissionSeries {
  ownerCik: number;
  seriesId: string;
  seriesName: string;
  classes: readonly { classId: string; className: string; ticker: string | null }[];
}

function seriesBlock(series: readonly SubmissionSeries[]): string[] {
  if (series.length === 0) return [];
  return [
    '<SERIES-AND-CLASSES-CONTRACTS-DATA>', '<EXISTING-SERIES-AND-CLASSES-CONTRACTS>',
    ...series.flatMap((s) => [
      '<SERIES>', `<OWNER-CIK>${String(s.ownerCik).padStart(10, '0')}`, `<SERIES-ID>${s.seriesId}`, `<SERIES-NAME>${xmlText(s.seriesName)}`,
      ...s.classes.flatMap((c) => [
        '<CLASS-CONTRACT>', `<CLASS-CONTRACT-ID>${c.classId}`, `<CLASS-CONTRACT-NAME>${xmlText(c.className)}`,
        ...(c.ticker ? [`<CLASS-CONTRACT-TICKER-SYMBOL>${c.ticker}`] : []), '</CLASS-CONTRACT>',
      ]),
      '</SERIES>',
    ]),
    '</EXISTING-SERIES-AND-CLASSES-CONTRACTS>', '</SERIES-AND-CLASSES-CONTRACTS-DATA>',
  ];
}

const compact = (iso: string) => iso.replace(/-/g, '');

function party(p: SubmissionParty): string {
  const data = p.role === 'REPORTING-OWNER' ? 'OWNER DATA' : 'COMPANY DATA';
  return `${p.role}:\n\n\t${data}:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\t${xmlText(p.name)}\n` +
    `\t\tCENTRAL INDEX KEY:\t\t\t${String(p.cik).padStart(10, '0')}\n\n`;
}

export function secSubmission(s: Submission): string {
  const filed = compact(s.filed);
  const header = [
    `<SEC-DOCUMENT>${s.accession}.txt : ${filed}`,
    `<SEC-HEADER>${s.accession}.hdr.sgml : ${filed}`,
    `<ACCEPTANCE-DATETIME>${filed}160500`,
    `ACCESSION NUMBER:\t\t${s.accession}`,
    `CONFORMED SUBMISSION TYPE:\t${s.form}`,
    `PUBLIC DOCUMENT COUNT:\t\t${String(s.documents.length)}`,
    ...(s.period ? [`CONFORMED PERIOD OF REPORT:\t${compact(s.period)}`] : []),
    `FILED AS OF DATE:\t\t${filed}`,
    `DATE AS OF CHANGE:\t\t${filed}`,
    '',
    ...s.parties.map(party),
    ...seriesBlock(s.series ?? []),
    '</SEC-HEADER>',
  ].join('\n');
  const docs = s.documents.map((d, i) =>
    `<DOCUMENT>\n<TYPE>${d.type}\n<SEQUENCE>${String(i + 1)}\n<FILENAME>${d.filename}\n<TEXT>\n<XML>\n${d.xml.trim()}\n</XML>\n</TEXT>\n</DOCUMENT>`);
  return `${header}\n${docs.join('\n')}\n</SEC-DOCUMENT>\n`;
}
