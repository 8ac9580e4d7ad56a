// A batch's fact rows held in JavaScript as typed columns (strings and dimension lists dictionary-coded, dates as days)
// until the commit, so the facts of companies new to the warehouse can be written as Parquet from JavaScript without a
// DuckDB staging table (writeFactsParquet.ts). Rows the fast writer could type differently from DuckDB's casts (a date
// not in YYYY-MM-DD, a value that is not a finite double, -0, a malformed dimension) are kept as row objects and their
// company goes through the staging table and new_facts(), where DuckDB types, rejects or deduplicates them as always.
import type { Dimension, FactRow } from '../ingest/rows.ts';

const NULL = -1;
/** Day number standing for a NULL date (no valid date is this far from 1970). */
export const NULL_DAY = -2147483648;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const FIELDS = 15;
/** How often a row's keys are checked against the descriptor (rows of one parser share a shape, as in appendRows). */
const KEY_CHECK_EVERY = 2048;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Distinct strings of one batch, each with a code; codes are assigned in first-seen order. */
export class StringDictionary {
  readonly values: string[] = [];
  private readonly codes = new Map<string, number>();

  code(s: string): number {
    let c = this.codes.get(s);
    if (c === undefined) {
      c = this.values.length;
      this.values.push(s);
      this.codes.set(s, c);
    }
    return c;
  }
}

/** Days since 1970-01-01 of a YYYY-MM-DD date DuckDB's cast accepts, or null when it is anything else. */
export function isoDays(s: string): number | null {
  const m = DATE.exec(s);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  // years below 100 are taken by Date.UTC as 19xx: checked below, as is a day the month does not have
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(t / 86_400_000);
}

/** YYYY-MM-DD of a day number (the inverse of isoDays). */
export function dayIso(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

function isInt32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n > INT32_MIN && n <= INT32_MAX;
}

/** The sorted list and key DuckDB's final_facts() makes of a dimension list, or null when it is not regular. */
function canonicalDims(dims: unknown): { sorted: Dimension[]; key: string } | null {
  if (!Array.isArray(dims)) return null;
  const sorted: Dimension[] = [];
  for (const d of dims as unknown[]) {
    if (typeof d !== 'object' || d === null) return null;
    const { axis, member, typed } = d as Record<string, unknown>;
    if (typeof axis !== 'string' || typeof member !== 'string' || typeof typed !== 'boolean' || Object.keys(d).length !== 3) return null;
    sorted.push({ axis, member, typed });
  }
  sorted.sort((a, b) => compareUtf8(a.axis, b.axis) || compareUtf8(a.member, b.member) || Number(a.typed) - Number(b.typed));
  return { sorted, key: sorted.map((d) => `${d.axis}=${d.member}`).join('|') };
}

/** Orders strings as DuckDB orders VARCHAR: by their UTF-8 bytes (UTF-16 code units differ above the surrogates). */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // only code units at or above the surrogates order differently in UTF-8 than in UTF-16
      if (x < 0xd800 && y < 0xd800) return x - y;
      return Buffer.compare(Buffer.from(a.slice(i)), Buffer.from(b.slice(i)));
    }
  }
  return a.length - b.length;
}

function grow<T extends Int32Array | Float64Array>(a: T, capacity: number): T {
  const next = new (a.constructor as new (n: number) => T)(capacity);
  next.set(a);
  return next;
}

/** One batch's facts, column by column. */
export class FactColumns {
  length = 0;
  private capacity = 0;
  cik = new Int32Array(0);
  accession = new Int32Array(0);
  form = new Int32Array(0);
  filed = new Int32Array(0);
  concept = new Int32Array(0);
  unit = new Int32Array(0);
  value = new Float64Array(0);
  decimals = new Int32Array(0);
  periodStart = new Int32Array(0);
  periodEnd = new Int32Array(0);
  dims = new Int32Array(0);
  fy = new Int32Array(0);
  fp = new Int32Array(0);
  frame = new Int32Array(0);
  source = new Int32Array(0);
  /** One dictionary for every string column: a batch's distinct strings are few (concepts, accessions, units, forms). */
  readonly strings = new StringDictionary();
  /** Distinct sorted dimension lists; code 0 is the empty list. */
  readonly dimLists: Dimension[][] = [[]];
  readonly dimKeys: string[] = [''];
  private readonly dimCodes = new Map<string, number>([['', 0]]);
  /** Rows kept as objects, and the companies they belong to: those companies are written through DuckDB. */
  readonly irregular: FactRow[] = [];
  readonly irregularCiks = new Set<number>();
  private pushed = 0;
  /** Companies already looked up in the warehouse during this batch, and those of them it holds (their rows skip the columns). */
  readonly judged = new Set<number>();
  readonly heldEarly = new Set<number>();
  /** Day numbers of the date strings seen: a batch has a few thousand distinct dates and millions of date fields. */
  private readonly days = new Map<string, number | null>();

  private day(s: string): number | null {
    let d = this.days.get(s);
    if (d === undefined) {
      d = isoDays(s);
      this.days.set(s, d);
    }
    return d;
  }

  private ensure(n: number): void {
    if (this.length + n <= this.capacity) return;
    const capacity = Math.max(65_536, this.capacity * 2, this.length + n);
    this.cik = grow(this.cik, capacity);
    this.accession = grow(this.accession, capacity);
    this.form = grow(this.form, capacity);
    this.filed = grow(this.filed, capacity);
    this.concept = grow(this.concept, capacity);
    this.unit = grow(this.unit, capacity);
    this.value = grow(this.value, capacity);
    this.decimals = grow(this.decimals, capacity);
    this.periodStart = grow(this.periodStart, capacity);
    this.periodEnd = grow(this.periodEnd, capacity);
    this.dims = grow(this.dims, capacity);
    this.fy = grow(this.fy, capacity);
    this.fp = grow(this.fp, capacity);
    this.frame = grow(this.frame, capacity);
    this.source = grow(this.source, capacity);
    this.capacity = capacity;
  }

  /** Rows held, as columns or as objects. */
  get rows(): number {
    return this.length + this.irregular.length;
  }

  /** Moves rows in; the caller empties its list afterwards. A row with a missing or unknown field fails the batch. */
  push(rows: readonly FactRow[]): void {
    this.ensure(rows.length);
    const s = this.strings;
    // consecutive facts share most strings (one concept's facts, one filing's accession): reuse the last code
    let lastConcept = '';
    let conceptCode = NULL;
    let lastAccession = '';
    let accessionCode = NULL;
    let lastUnit = '';
    let unitCode = NULL;
    let lastForm: string | null = null;
    let formCode = NULL;
    let lastFp: string | null = null;
    let fpCode = NULL;
    let lastSource: string | null = null;
    let sourceCode = NULL;
    for (const row of rows) {
      if (this.pushed++ % KEY_CHECK_EVERY === 0) checkKeys(row, this.pushed - 1);
      const i = this.length;
      const { cik, value } = row;
      const filed = row.filed === null ? NULL_DAY : typeof row.filed === 'string' ? this.day(row.filed) : null;
      const start = row.periodStart === null ? NULL_DAY : typeof row.periodStart === 'string' ? this.day(row.periodStart) : null;
      const end = typeof row.periodEnd === 'string' ? this.day(row.periodEnd) : null;
      const dims = Array.isArray(row.dims) && row.dims.length === 0 ? 0 : this.dimCode(row.dims);
      if (!isInt32(cik) || cik < 1 || typeof value !== 'number' || !Number.isFinite(value) || Object.is(value, -0)
        || filed === null || start === null || end === null || dims === null
        || (row.decimals !== null && !isInt32(row.decimals)) || (row.fy !== null && !isInt32(row.fy))
        || typeof row.accession !== 'string' || typeof row.concept !== 'string' || typeof row.unit !== 'string'
        || typeof row.source !== 'string' || !nullableString(row.form) || !nullableString(row.fp) || !nullableString(row.frame)) {
        this.irregular.push(row);
        this.irregularCiks.add(cik);
        continue;
      }
      this.cik[i] = cik;
      if (row.concept !== lastConcept || conceptCode === NULL) {
        lastConcept = row.concept;
        conceptCode = s.code(row.concept);
      }
      this.concept[i] = conceptCode;
      if (row.accession !== lastAccession || accessionCode === NULL) {
        lastAccession = row.accession;
        accessionCode = s.code(row.accession);
      }
      this.accession[i] = accessionCode;
      if (row.unit !== lastUnit || unitCode === NULL) {
        lastUnit = row.unit;
        unitCode = s.code(row.unit);
      }
      this.unit[i] = unitCode;
      this.form[i] = row.form === null ? NULL : row.form === lastForm ? formCode : (formCode = s.code(lastForm = row.form));
      this.fp[i] = row.fp === null ? NULL : row.fp === lastFp ? fpCode : (fpCode = s.code(lastFp = row.fp));
      this.frame[i] = row.frame === null ? NULL : s.code(row.frame);
      this.source[i] = row.source === lastSource ? sourceCode : (sourceCode = s.code(lastSource = row.source));
      this.filed[i] = filed;
      this.periodStart[i] = start;
      this.periodEnd[i] = end;
      this.value[i] = value;
      this.decimals[i] = row.decimals ?? INT32_MIN;
      this.fy[i] = row.fy ?? INT32_MIN;
      this.dims[i] = dims;
      this.length = i + 1;
    }
  }

  private dimCode(dims: readonly Dimension[]): number | null {
    const canonical = canonicalDims(dims);
    if (!canonical) return null;
    if (canonical.sorted.length === 0) return 0;
    // the key joins axis=member only; typed (and a '|' or '=' inside a name) can tell lists with one key apart
    const id = JSON.stringify(canonical.sorted);
    let code = this.dimCodes.get(id);
    if (code === undefined) {
      code = this.dimLists.length;
      this.dimLists.push(canonical.sorted);
      this.dimKeys.push(canonical.key);
      this.dimCodes.set(id, code);
    }
    return code;
  }

  /** Row i as the parser made it (dates back in YYYY-MM-DD, dimensions sorted), for the DuckDB path. */
  rowAt(i: number): FactRow {
    return rowOf(this, this.strings.values, this.dimLists, i);
  }

  /**
   * The rows as a self-contained part (columns cut to length, the strings and dimension lists they code), for a parse
   * worker to hand to the thread that commits: the typed arrays go in the transfer list, so no row is cloned.
   */
  toPart(): { part: FactColumnsPart; transfer: ArrayBuffer[] } {
    const n = this.length;
    const part: FactColumnsPart = {
      length: n,
      cik: this.cik.slice(0, n), accession: this.accession.slice(0, n), form: this.form.slice(0, n), filed: this.filed.slice(0, n),
      concept: this.concept.slice(0, n), unit: this.unit.slice(0, n), value: this.value.slice(0, n), decimals: this.decimals.slice(0, n),
      periodStart: this.periodStart.slice(0, n), periodEnd: this.periodEnd.slice(0, n), dims: this.dims.slice(0, n), fy: this.fy.slice(0, n),
      fp: this.fp.slice(0, n), frame: this.frame.slice(0, n), source: this.source.slice(0, n),
      strings: this.strings.values, dimLists: this.dimLists, irregular: this.irregular,
    };
    const transfer = [...CODED_COLUMNS, ...PLAIN_COLUMNS, 'value' as const].map((k) => part[k].buffer as ArrayBuffer);
    return { part, transfer };
  }

  /**
   * Moves a part's rows in (string and dimension codes mapped onto this batch's), except those of the held companies:
   * those come back as row objects, for the staging table (as splitHeldFacts does with a parser's rows).
   */
  absorb(part: FactColumnsPart, held: ReadonlySet<number>): FactRow[] {
    const out: FactRow[] = [];
    for (const row of part.irregular) {
      if (held.has(row.cik)) out.push(row);
      else {
        this.irregular.push(row);
        this.irregularCiks.add(row.cik);
      }
    }
    let keep: Int32Array | null = null;
    if (held.size > 0) {
      const kept: number[] = [];
      for (let i = 0; i < part.length; i++) {
        if (held.has(part.cik[i] ?? 0)) out.push(rowOf(part, part.strings, part.dimLists, i));
        else kept.push(i);
      }
      if (kept.length < part.length) keep = Int32Array.from(kept);
    }
    const n = keep ? keep.length : part.length;
    if (n === 0) return out;
    this.ensure(n);
    const at = this.length;
    const strings = new Int32Array(part.strings.length);
    part.strings.forEach((s, code) => { strings[code] = this.strings.code(s); });
    const dimLists = new Int32Array(part.dimLists.length);
    part.dimLists.forEach((list, code) => { dimLists[code] = code === 0 ? 0 : this.dimCode(list) ?? 0; });
    for (const k of CODED_COLUMNS) {
      const from = part[k];
      const to = this[k];
      for (let j = 0; j < n; j++) {
        const code = from[keep ? keep[j] ?? 0 : j] ?? NULL;
        to[at + j] = code === NULL ? NULL : strings[code] ?? NULL;
      }
    }
    const dims = part.dims;
    for (let j = 0; j < n; j++) this.dims[at + j] = dimLists[dims[keep ? keep[j] ?? 0 : j] ?? 0] ?? 0;
    if (keep) {
      for (const k of PLAIN_COLUMNS) {
        const from = part[k];
        const to = this[k];
        for (let j = 0; j < n; j++) to[at + j] = from[keep[j] ?? 0] ?? 0;
      }
      for (let j = 0; j < n; j++) this.value[at + j] = part.value[keep[j] ?? 0] ?? 0;
    } else {
      for (const k of PLAIN_COLUMNS) this[k].set(part[k], at);
      this.value.set(part.value, at);
    }
    this.length = at + n;
    return out;
  }

  /** Every company with a row in a part. */
  static ciksOf(part: FactColumnsPart): Set<number> {
    const out = new Set<number>(part.irregular.map((r) => r.cik));
    let last = 0;
    for (let i = 0; i < part.length; i++) {
      const c = part.cik[i] ?? 0;
      if (c !== last) out.add(c);
      last = c;
    }
    return out;
  }

  /** Every company with a row here. */
  ciks(): Set<number> {
    const out = new Set<number>(this.irregularCiks);
    let last = 0;
    for (let i = 0; i < this.length; i++) {
      const c = this.cik[i] ?? 0;
      if (c !== last) out.add(c);
      last = c;
    }
    return out;
  }
}

/** A FactColumns' rows on their own (FactColumns.toPart), as a parse worker posts them. */
export interface FactColumnsPart {
  length: number;
  cik: Int32Array;
  accession: Int32Array;
  form: Int32Array;
  filed: Int32Array;
  concept: Int32Array;
  unit: Int32Array;
  value: Float64Array;
  decimals: Int32Array;
  periodStart: Int32Array;
  periodEnd: Int32Array;
  dims: Int32Array;
  fy: Int32Array;
  fp: Int32Array;
  frame: Int32Array;
  source: Int32Array;
  strings: string[];
  dimLists: Dimension[][];
  irregular: FactRow[];
}

/** Columns holding string codes, and the other integer columns (copied as they are). */
const CODED_COLUMNS = ['accession', 'form', 'concept', 'unit', 'fp', 'frame', 'source'] as const;
const PLAIN_COLUMNS = ['cik', 'filed', 'periodStart', 'periodEnd', 'decimals', 'fy'] as const;

type ColumnsOf = Pick<FactColumnsPart, (typeof CODED_COLUMNS)[number] | (typeof PLAIN_COLUMNS)[number] | 'value' | 'dims'>;

function rowOf(c: ColumnsOf, s: readonly string[], dimLists: readonly Dimension[][], i: number): FactRow {
  const str = (code: number): string | null => (code === NULL ? null : s[code] ?? null);
  const day = (d: number): string | null => (d === NULL_DAY ? null : dayIso(d));
  const int = (n: number): number | null => (n === INT32_MIN ? null : n);
  return {
    cik: c.cik[i] ?? 0,
    accession: str(c.accession[i] ?? NULL) ?? '',
    form: str(c.form[i] ?? NULL),
    filed: day(c.filed[i] ?? NULL_DAY),
    concept: str(c.concept[i] ?? NULL) ?? '',
    unit: str(c.unit[i] ?? NULL) ?? '',
    value: c.value[i] ?? 0,
    decimals: int(c.decimals[i] ?? INT32_MIN),
    periodStart: day(c.periodStart[i] ?? NULL_DAY),
    periodEnd: day(c.periodEnd[i] ?? NULL_DAY) ?? '',
    dims: dimLists[c.dims[i] ?? 0] ?? [],
    fy: int(c.fy[i] ?? INT32_MIN),
    fp: str(c.fp[i] ?? NULL),
    frame: str(c.frame[i] ?? NULL),
    source: str(c.source[i] ?? NULL) as FactRow['source'],
  };
}

/** The codes standing for NULL in the string and integer columns. */
export const NULL_CODE = NULL;
export const NULL_INT = INT32_MIN;

function nullableString(v: unknown): boolean {
  return v === null || typeof v === 'string';
}

/** Same contract as appendRows: a misspelt or extra field fails the batch instead of loading NULL or dropping it. */
function checkKeys(row: object, index: number): void {
  const keys = Object.keys(row);
  if (keys.length === FIELDS && keys.every((k) => k in FACT_FIELDS)) return;
  const unknown = keys.filter((k) => !(k in FACT_FIELDS));
  if (unknown.length > 0) {
    throw new Error(`facts row ${String(index)}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} (not in the facts descriptor)`);
  }
  const missing = Object.keys(FACT_FIELDS).find((k) => !keys.includes(k));
  if (missing !== undefined) throw new Error(`facts row ${String(index)}: field "${missing}" is missing (use null for an absent value)`);
}

const FACT_FIELDS: Record<keyof FactRow, true> = {
  cik: true, accession: true, form: true, filed: true, concept: true, unit: true, value: true, decimals: true,
  periodStart: true, periodEnd: true, dims: true, fy: true, fp: true, frame: true, source: true,
};
