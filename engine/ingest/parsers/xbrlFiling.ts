// Turns what an XBRL instance or inline document yielded (contexts, units, numeric facts, short non-numeric facts, a
// few dei facts) into FactRows, FactTextRows and a FilingRow, and decides which accession they belong to.
import crypto from 'node:crypto';
import path from 'node:path';
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { FactRow, FactTextRow, FilingRow } from '../rows.ts';
import type { XbrlContext } from './xbrlResources.ts';
import { transformDate } from './ixtTransforms.ts';

export interface RawFact {
  concept: string;
  contextRef: string;
  unitRef: string;
  decimals: string | undefined;
  value: number;
}

/** A non-numeric fact whose text is at most NON_NUMERIC_MAX_CHARS long (longer ones are text blocks, not kept). */
export interface RawText {
  concept: string;
  contextRef: string;
  /** Whitespace collapsed. */
  value: string;
  /** Local name of the inline `format`, if any. */
  format: string | null;
}

/**
 * Longest non-numeric fact kept in fact_texts: labels, symbols, names and dates fit, narrative text blocks do not
 * (they belong to the documents dataset, not beside the numbers).
 */
export const NON_NUMERIC_MAX_CHARS = 256;

/** Collects a non-numeric fact's text, remembering only whether it outgrew NON_NUMERIC_MAX_CHARS. */
export class ShortText {
  private parts: string[] = [];
  private length = 0;
  overflow = false;

  push(t: string): void {
    if (this.overflow) return;
    this.length += t.length;
    // whitespace collapses later, so allow generous slack before giving up on a fact
    if (this.length > NON_NUMERIC_MAX_CHARS * 8) { this.overflow = true; this.parts = []; return; }
    this.parts.push(t);
  }

  /** The collapsed text, or null when it is too long to keep. */
  value(): string | null {
    if (this.overflow) return null;
    const v = this.parts.join('').replace(/\s+/g, ' ').trim();
    return v.length <= NON_NUMERIC_MAX_CHARS ? v : null;
  }
}

/** The dei cover facts the filing row needs, by local name. */
export const DEI_FACTS = new Set([
  'EntityCentralIndexKey', 'DocumentType', 'DocumentFiscalYearFocus', 'DocumentFiscalPeriodFocus',
  'DocumentPeriodEndDate', 'AmendmentFlag',
]);

export interface DeiFact {
  contextRef: string;
  value: string;
  /** Local name of the inline `format`, if any (dates on cover pages are written for people). */
  format: string | null;
}

export interface XbrlYield {
  contexts: ReadonlyMap<string, XbrlContext>;
  units: ReadonlyMap<string, string>;
  facts: RawFact[];
  texts: RawText[];
  dei: Map<string, DeiFact[]>;
}

const ACCESSION = /(?<!\d)(\d{10}-\d{2}-\d{6})(?!\d)/;
const ACCESSION_DIGITS = /(?:^|[/\\!])(\d{10})(\d{2})(\d{6})(?=[/\\!])/;

/**
 * The accession a standalone document belongs to: from its container, else from its name or path
 * (`0000320193-24-000123`, or EDGAR's `.../000032019324000123/...` folder), else a pseudo-accession
 * `hash-` + 20 hex digits of the SHA-256 of its bytes. The instance itself never states its accession, and the
 * pseudo one is stable across re-ingests of the same bytes, so idempotency holds; the instance and the inline
 * document of one filing ingested standalone get different pseudo-accessions.
 */
export function accessionFor(file: SourceFile): string {
  if (file.container) return file.container.accession;
  const m = ACCESSION.exec(file.name);
  if (m?.[1]) return m[1];
  const d = ACCESSION_DIGITS.exec(file.name);
  if (d) return `${String(d[1])}-${String(d[2])}-${String(d[3])}`;
  return `hash-${crypto.createHash('sha256').update(file.bytes).digest('hex').slice(0, 20)}`;
}

/** The document's own file name, without archive/container path and without `.gz`. */
export function documentName(file: SourceFile): string {
  const last = file.name.split('!').pop() ?? file.name;
  return path.basename(last).replace(/\.gz$/i, '');
}

function pickDei(y: XbrlYield, name: string): DeiFact | null {
  const list = y.dei.get(name);
  if (!list || list.length === 0) return null;
  // Co-registrant filings repeat cover facts per LegalEntityAxis member; the undimensioned one is the filer's.
  return list.find((f) => y.contexts.get(f.contextRef)?.dims.length === 0) ?? list[0] ?? null;
}

function parseDecimals(file: SourceFile, f: RawFact): number | null {
  const d = f.decimals?.trim();
  if (d === undefined || d === '' || d === 'INF') return null;
  if (!/^-?\d{1,4}$/.test(d)) throw new IngestError(file.name, `fact ${f.concept} (context "${f.contextRef}") has invalid decimals "${d}"`);
  return Number(d);
}

export function emitXbrl(file: SourceFile, source: 'xbrl-instance' | 'inline-xbrl', y: XbrlYield, batch: Batch): void {
  const dei = (name: string) => pickDei(y, name)?.value.trim() || null;
  const cikText = dei('EntityCentralIndexKey');
  let cik = cikText && /^\d{1,10}$/.test(cikText) ? Number(cikText) : null;
  if (!cik) for (const c of y.contexts.values()) if (c.cik) { cik = c.cik; break; }
  if (!cik && file.container?.cik) cik = file.container.cik;
  if (!cik) throw new IngestError(file.name, `${source}: no CIK (neither dei:EntityCentralIndexKey nor a context identifier)`);

  const accession = accessionFor(file);
  const form = file.container?.form ?? dei('DocumentType');
  const fyText = dei('DocumentFiscalYearFocus')?.match(/\d{4}/)?.[0];
  const fy = fyText ? Number(fyText) : null;
  const fp = dei('DocumentFiscalPeriodFocus')?.toUpperCase() ?? null;
  const periodFact = pickDei(y, 'DocumentPeriodEndDate');
  const reportDate = periodFact
    ? transformDate(periodFact.format, periodFact.value) ?? y.contexts.get(periodFact.contextRef)?.end ?? null
    : null;
  const filed = file.container?.filed ?? null;

  for (const f of y.facts) {
    const ctx = y.contexts.get(f.contextRef);
    if (!ctx) throw new IngestError(file.name, `fact ${f.concept} references context "${f.contextRef}", which the document does not define`);
    const unit = y.units.get(f.unitRef);
    if (unit === undefined) throw new IngestError(file.name, `fact ${f.concept} references unit "${f.unitRef}", which the document does not define`);
    // A `forever` period has no end date to file the fact under; EDGAR filings do not use it for numbers.
    if (ctx.end === null) continue;
    const row: FactRow = {
      cik, accession, form, filed, concept: f.concept, unit, value: f.value, decimals: parseDecimals(file, f),
      periodStart: ctx.start, periodEnd: ctx.end, dims: ctx.dims, fy, fp, frame: null, source,
    };
    batch.facts.push(row);
  }

  for (const t of y.texts) {
    const ctx = y.contexts.get(t.contextRef);
    if (!ctx) throw new IngestError(file.name, `fact ${t.concept} references context "${t.contextRef}", which the document does not define`);
    if (ctx.end === null || t.value === '') continue;
    // a date written for people ("5/2/16", "May 2, 2016") is stored as ISO so SQL can cast it; other text as filed
    const value = t.format && /^date/i.test(t.format) ? transformDate(t.format, t.value) ?? t.value : t.value;
    const row: FactTextRow = {
      cik, accession, form, filed, concept: t.concept, value, periodStart: ctx.start, periodEnd: ctx.end, dims: ctx.dims,
      source,
    };
    batch.fact_texts.push(row);
  }

  if (form) {
    const filing: FilingRow = {
      cik, accession, form, filed, accepted: file.container?.accepted ?? null, reportDate,
      isAmendment: form.endsWith('/A') || dei('AmendmentFlag')?.toLowerCase() === 'true',
      items: [], isXbrl: true,
      isInlineXbrl: source === 'inline-xbrl' || /_htm\.xml$/i.test(documentName(file)),
      primaryDocument: source === 'inline-xbrl' ? documentName(file) : null, primaryDocDescription: null,
      // the document's own name: what ties a headerless document to its filing in the filings index (fact_observations)
      documents: [documentName(file)], size: null, fileNumber: null, filmNumber: null, act: null, fy, fp, source,
    };
    batch.filings.push(filing);
  }
}
