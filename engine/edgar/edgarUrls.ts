// Where EDGAR keeps each document, given the configured base URLs (www.sec.gov archives, data.sec.gov APIs).

export interface EdgarBases {
  /** www.sec.gov-style: /files, /Archives. */
  readonly edgarBaseUrl: string;
  /** data.sec.gov-style: /submissions, /api/xbrl. */
  readonly edgarDataBaseUrl: string;
}

export function padCik(cik: number): string {
  return String(cik).padStart(10, '0');
}

export function tickersUrl(b: EdgarBases): string {
  return `${b.edgarBaseUrl}/files/company_tickers.json`;
}

export function submissionsUrl(b: EdgarBases, cik: number): string {
  return `${b.edgarDataBaseUrl}/submissions/CIK${padCik(cik)}.json`;
}

/** An older-filings page named in submissions `filings.files[].name`. */
export function submissionsPageUrl(b: EdgarBases, name: string): string {
  if (!/^CIK\d{10}-submissions-\d{3,}\.json$/.test(name)) throw new Error(`unexpected submissions page name "${name}"`);
  return `${b.edgarDataBaseUrl}/submissions/${name}`;
}

export function companyFactsUrl(b: EdgarBases, cik: number): string {
  return `${b.edgarDataBaseUrl}/api/xbrl/companyfacts/CIK${padCik(cik)}.json`;
}

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
/** EDGAR file names are plain; anything else (a slash, a leading dot) would escape the filing folder. */
const FILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

export function filingFolderUrl(b: EdgarBases, cik: number, accession: string): string {
  if (!ACCESSION.test(accession)) throw new Error(`malformed accession number "${accession}"`);
  return `${b.edgarBaseUrl}/Archives/edgar/data/${String(cik)}/${accession.replace(/-/g, '')}`;
}

/** The filing's full submission (SGML header and every document), `<accession>.txt` beside its folder. */
export function submissionTextUrl(b: EdgarBases, cik: number, accession: string): string {
  if (!ACCESSION.test(accession)) throw new Error(`malformed accession number "${accession}"`);
  return `${b.edgarBaseUrl}/Archives/edgar/data/${String(cik)}/${accession}.txt`;
}

export function archiveUrl(b: EdgarBases, cik: number, accession: string, file: string): string {
  if (!FILE_NAME.test(file)) throw new Error(`unsafe file name "${file}" in filing ${accession}`);
  return `${filingFolderUrl(b, cik, accession)}/${file}`;
}

/**
 * For an inline XBRL filing EDGAR also serves the extracted instance next to the primary document:
 * aapl-20250329.htm -> aapl-20250329_htm.xml. Null when the document is not .htm (then the folder index decides).
 */
export function extractedInstanceName(primaryDocument: string): string | null {
  const m = /^(.+)\.htm$/i.exec(primaryDocument);
  return m && FILE_NAME.test(primaryDocument) ? `${String(m[1])}_htm.xml` : null;
}

/** The SEC's fund ticker file: {fields: [cik, seriesId, classId, symbol], data: [[...]]}. */
export function fundTickersUrl(b: EdgarBases): string {
  return `${b.edgarBaseUrl}/files/company_tickers_mf.json`;
}

/** A filing's SGML header alone (`<accession>.hdr.sgml` in its folder): who filed it and for which fund series. */
export function submissionHeaderUrl(b: EdgarBases, cik: number, accession: string): string {
  return `${filingFolderUrl(b, cik, accession)}/${accession}.hdr.sgml`;
}
