// Reads the columnar filing lists of a submissions document (filings.recent, or an older page) into records,
// only as far as choosing which filing documents to fetch; the warehouse rows come from the submissions parser.

export interface FilingRef {
  accession: string;
  form: string;
  /** YYYY-MM-DD */
  filingDate: string;
  primaryDocument: string;
  isXbrl: boolean;
  isInlineXbrl: boolean;
}

export interface SubmissionsIndex {
  cik: number;
  name: string | null;
  filings: FilingRef[];
  /** Older pages to fetch, from filings.files[].name. */
  pages: string[];
}

type Columns = Record<string, unknown>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function column(cols: Columns, key: string, where: string): unknown[] {
  const v = cols[key];
  if (!Array.isArray(v)) throw new Error(`${where}: "${key}" is not a list`);
  return v;
}

/** Rows of one columnar block (`filings.recent` or a page's top level). */
export function filingsOfColumns(cols: unknown, where: string): FilingRef[] {
  if (!isRecord(cols)) throw new Error(`${where}: filing list is not an object`);
  const accession = column(cols, 'accessionNumber', where);
  const form = column(cols, 'form', where);
  const filingDate = column(cols, 'filingDate', where);
  const primaryDocument = column(cols, 'primaryDocument', where);
  // isXBRL / isInlineXBRL were added to the feed later; older pages may lack them
  const isXbrl = Array.isArray(cols.isXBRL) ? cols.isXBRL : [];
  const isInline = Array.isArray(cols.isInlineXBRL) ? cols.isInlineXBRL : [];
  const out: FilingRef[] = [];
  for (let i = 0; i < accession.length; i++) {
    out.push({
      accession: cellText(accession[i]),
      form: cellText(form[i]),
      filingDate: cellText(filingDate[i]),
      primaryDocument: cellText(primaryDocument[i]),
      isXbrl: isXbrl[i] === 1 || isXbrl[i] === true,
      isInlineXbrl: isInline[i] === 1 || isInline[i] === true,
    });
  }
  return out;
}

export function readSubmissionsIndex(doc: unknown, where: string): SubmissionsIndex {
  if (!isRecord(doc) || !isRecord(doc.filings)) throw new Error(`${where}: not a submissions document (no "filings" object)`);
  const cik = Number(doc.cik);
  if (!Number.isInteger(cik) || cik <= 0) throw new Error(`${where}: missing or invalid "cik"`);
  const files = Array.isArray(doc.filings.files) ? doc.filings.files : [];
  return {
    cik,
    name: typeof doc.name === 'string' ? doc.name : null,
    filings: filingsOfColumns(doc.filings.recent, where),
    pages: files.flatMap((f) => (isRecord(f) && typeof f.name === 'string' ? [f.name] : [])),
  };
}

/** A feed cell as text: strings and numbers as written, a missing cell as '', anything else as its JSON. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}
