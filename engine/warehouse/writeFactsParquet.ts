// Writes the facts of companies the warehouse does not hold yet straight from a batch's FactColumns into the bucket
// files DuckDB's `COPY (new_facts()) ... PARTITION_BY (bucket)` would write: same columns and types (dims a list of
// structs, dates as DATE), the batch's duplicate rows dropped (new_facts()' DISTINCT), rows sorted by cik, concept,
// period_end, accession (VARCHAR order = UTF-8 bytes), one file per bucket, zstd, row groups of 16,384. No dedupe
// against held rows is needed: the caller passes only companies with no committed fact. Arrow record batches are
// written by parquet-wasm (arrow-rs in WebAssembly): no staging table, no append, no DuckDB sort, no COPY.
import fs from 'node:fs';
import path from 'node:path';
import {
  Bool, DateDay, Field, Float64, Int32, List, makeData, RecordBatch, Schema, Struct, Table, tableToIPC, Utf8, type Data,
} from 'apache-arrow';
import { Compression, Table as WasmTable, WriterPropertiesBuilder, writeParquet, type WriterProperties } from 'parquet-wasm';
import { CIK_BUCKETS } from '../db/cikBuckets.ts';
import { compareUtf8, NULL_CODE, NULL_DAY, NULL_INT, type FactColumns } from './FactColumns.ts';

/** As commitBatch's COPY: `ROW_GROUP_SIZE 16384`. */
export const FACTS_ROW_GROUP = 16_384;

const DIM_FIELDS = [new Field('axis', new Utf8(), true), new Field('member', new Utf8(), true), new Field('typed', new Bool(), true)];
const DIMS_TYPE = new List(new Field('element', new Struct(DIM_FIELDS), true));

/** final_facts()' columns without bucket (PARTITION_BY keeps it in the folder name only), in its order. */
const SCHEMA = new Schema([
  new Field('cik', new Int32(), true), new Field('accession', new Utf8(), true), new Field('form', new Utf8(), true),
  new Field('filed', new DateDay(), true), new Field('concept', new Utf8(), true), new Field('unit', new Utf8(), true),
  new Field('value', new Float64(), true), new Field('decimals', new Int32(), true), new Field('period_start', new DateDay(), true),
  new Field('period_end', new DateDay(), true), new Field('dims', DIMS_TYPE, true), new Field('dim_key', new Utf8(), true),
  new Field('fy', new Int32(), true), new Field('fp', new Utf8(), true), new Field('frame', new Utf8(), true),
  new Field('source', new Utf8(), true),
]);

function writerProperties(): WriterProperties {
  // build() consumes the builder and writeParquet the properties (both move into WebAssembly): one set per file
  return new WriterPropertiesBuilder().setCompression(Compression.ZSTD).setMaxRowGroupSize(FACTS_ROW_GROUP).build();
}

/** Rank of every dictionary string in byte order, so integer comparisons sort as DuckDB sorts VARCHAR. */
function ranks(values: readonly string[]): Int32Array {
  const order = values.map((_, i) => i).sort((a, b) => compareUtf8(values[a] ?? '', values[b] ?? ''));
  const rank = new Int32Array(values.length);
  order.forEach((code, r) => { rank[code] = r; });
  return rank;
}

/**
 * Rows of the companies kept, sorted by bucket, then new_facts()' order, then every other column (so equal rows are
 * adjacent), with the duplicates dropped: the indices into cols, in file order.
 */
export function sortedDistinctRows(cols: FactColumns, keep: (cik: number) => boolean): Uint32Array {
  const { cik, concept, periodEnd, accession, unit, periodStart, dims, value, decimals, filed, form, fy, fp, frame, source } = cols;
  const rank = ranks(cols.strings.values);
  const picked: number[] = [];
  for (let i = 0; i < cols.length; i++) if (keep(cik[i] ?? 0)) picked.push(i);
  const at = (a: Int32Array, i: number): number => a[i] ?? 0;
  const ranked = (a: Int32Array, i: number): number => rank[a[i] ?? 0] ?? 0;
  picked.sort((x, y) => {
    const cx = at(cik, x);
    const cy = at(cik, y);
    return (cx % CIK_BUCKETS) - (cy % CIK_BUCKETS) || cx - cy
      || ranked(concept, x) - ranked(concept, y) || at(periodEnd, x) - at(periodEnd, y) || ranked(accession, x) - ranked(accession, y)
      || at(unit, x) - at(unit, y) || at(periodStart, x) - at(periodStart, y) || at(dims, x) - at(dims, y)
      || (value[x] ?? 0) - (value[y] ?? 0) || at(decimals, x) - at(decimals, y) || at(filed, x) - at(filed, y)
      || at(form, x) - at(form, y) || at(fy, x) - at(fy, y) || at(fp, x) - at(fp, y) || at(frame, x) - at(frame, y)
      || at(source, x) - at(source, y);
  });
  const out = new Uint32Array(picked.length);
  let n = 0;
  let prev = -1;
  for (const i of picked) {
    if (prev >= 0 && same(cols, prev, i)) continue;
    out[n++] = i;
    prev = i;
  }
  return out.subarray(0, n);
}

function same(c: FactColumns, a: number, b: number): boolean {
  return c.cik[a] === c.cik[b] && c.concept[a] === c.concept[b] && c.periodEnd[a] === c.periodEnd[b] && c.accession[a] === c.accession[b]
    && c.unit[a] === c.unit[b] && c.periodStart[a] === c.periodStart[b] && c.dims[a] === c.dims[b] && c.value[a] === c.value[b]
    && c.decimals[a] === c.decimals[b] && c.filed[a] === c.filed[b] && c.form[a] === c.form[b] && c.fy[a] === c.fy[b]
    && c.fp[a] === c.fp[b] && c.frame[a] === c.frame[b] && c.source[a] === c.source[b];
}

/** A validity bitmap (bit set = value present) and the count of nulls, or none when every value is present. */
function validity(length: number, isNull: (r: number) => boolean): { nullCount: number; nullBitmap?: Uint8Array } {
  let bitmap: Uint8Array | null = null;
  let nulls = 0;
  for (let r = 0; r < length; r++) {
    if (!isNull(r)) continue;
    bitmap ??= new Uint8Array(Math.ceil(length / 8)).fill(0xff);
    bitmap[r >> 3] = (bitmap[r >> 3] ?? 0) & ~(1 << (r & 7));
    nulls++;
  }
  return bitmap ? { nullCount: nulls, nullBitmap: bitmap } : { nullCount: 0 };
}

/** UTF-8 bytes of each distinct string, encoded once per batch and column use. */
class Encoded {
  private readonly bytes: (Buffer | undefined)[] = [];
  constructor(private readonly values: readonly string[]) {}

  of(code: number): Buffer {
    let b = this.bytes[code];
    if (b === undefined) {
      b = Buffer.from(this.values[code] ?? '', 'utf8');
      this.bytes[code] = b;
    }
    return b;
  }
}

function utf8Column(length: number, codeAt: (r: number) => number, bytesOf: (code: number) => Buffer): Data<Utf8> {
  const offsets = new Int32Array(length + 1);
  let total = 0;
  for (let r = 0; r < length; r++) {
    const code = codeAt(r);
    if (code !== NULL_CODE) total += bytesOf(code).length;
    offsets[r + 1] = total;
  }
  const data = new Uint8Array(total);
  for (let r = 0; r < length; r++) {
    const code = codeAt(r);
    if (code !== NULL_CODE) data.set(bytesOf(code), offsets[r] ?? 0);
  }
  return makeData({ type: new Utf8(), length, ...validity(length, (r) => codeAt(r) === NULL_CODE), valueOffsets: offsets, data });
}

/** The gathered values, nulls (nullValue) zeroed, and their validity. */
function int32Values(length: number, at: (r: number) => number, nullValue: number | null): { data: Int32Array; nullCount: number; nullBitmap?: Uint8Array } {
  const data = new Int32Array(length);
  for (let r = 0; r < length; r++) data[r] = at(r);
  const nulls = nullValue === null ? { nullCount: 0 } : validity(length, (r) => data[r] === nullValue);
  if (nulls.nullCount > 0) for (let r = 0; r < length; r++) if (data[r] === nullValue) data[r] = 0;
  return { data, ...nulls };
}

function int32Column(length: number, at: (r: number) => number, nullValue: number | null): Data<Int32> {
  return makeData({ type: new Int32(), length, ...int32Values(length, at, nullValue) });
}

function dateColumn(length: number, at: (r: number) => number): Data<DateDay> {
  return makeData({ type: new DateDay(), length, ...int32Values(length, at, NULL_DAY) });
}

/** dims (list of axis/member/typed structs) and dim_key of the rows. */
function dimColumns(cols: FactColumns, rows: Uint32Array): [Data<List<Struct>>, Data<Utf8>] {
  const length = rows.length;
  const offsets = new Int32Array(length + 1);
  const items: { axis: string; member: string; typed: boolean }[] = [];
  for (let r = 0; r < length; r++) {
    const list = cols.dimLists[cols.dims[rows[r] ?? 0] ?? 0] ?? [];
    for (const d of list) items.push(d);
    offsets[r + 1] = items.length;
  }
  const names = new Map<string, number>();
  const named: string[] = [];
  const code = (s: string): number => {
    let c = names.get(s);
    if (c === undefined) {
      c = named.length;
      named.push(s);
      names.set(s, c);
    }
    return c;
  };
  const axis = items.map((d) => code(d.axis));
  const member = items.map((d) => code(d.member));
  const nameBytes = new Encoded(named);
  const typed = new Uint8Array(Math.ceil(items.length / 8));
  items.forEach((d, i) => { if (d.typed) typed[i >> 3] = (typed[i >> 3] ?? 0) | (1 << (i & 7)); });
  const struct = makeData({
    type: new Struct(DIM_FIELDS), length: items.length, nullCount: 0,
    children: [
      utf8Column(items.length, (i) => axis[i] ?? 0, (c) => nameBytes.of(c)),
      utf8Column(items.length, (i) => member[i] ?? 0, (c) => nameBytes.of(c)),
      makeData({ type: new Bool(), length: items.length, nullCount: 0, data: typed }),
    ] as Data[],
  });
  const dims = makeData({ type: DIMS_TYPE, length, nullCount: 0, valueOffsets: offsets, child: struct });
  const keys = new Encoded(cols.dimKeys);
  const dimKey = utf8Column(length, (r) => cols.dims[rows[r] ?? 0] ?? 0, (c) => keys.of(c));
  return [dims, dimKey];
}

/** One Arrow record batch of the given rows, in final_facts()' column order. */
function recordBatch(cols: FactColumns, rows: Uint32Array, encode: Encoded): RecordBatch {
  const length = rows.length;
  const row = (r: number): number => rows[r] ?? 0;
  const str = (column: Int32Array): Data<Utf8> => utf8Column(length, (r) => column[row(r)] ?? NULL_CODE, (c) => encode.of(c));
  const value = new Float64Array(length);
  for (let r = 0; r < length; r++) value[r] = cols.value[row(r)] ?? 0;
  const [dims, dimKey] = dimColumns(cols, rows);
  const children = [
    int32Column(length, (r) => cols.cik[row(r)] ?? 0, null),
    str(cols.accession), str(cols.form),
    dateColumn(length, (r) => cols.filed[row(r)] ?? NULL_DAY),
    str(cols.concept), str(cols.unit),
    makeData({ type: new Float64(), length, nullCount: 0, data: value }),
    int32Column(length, (r) => cols.decimals[row(r)] ?? NULL_INT, NULL_INT),
    dateColumn(length, (r) => cols.periodStart[row(r)] ?? NULL_DAY),
    dateColumn(length, (r) => cols.periodEnd[row(r)] ?? NULL_DAY),
    dims, dimKey,
    int32Column(length, (r) => cols.fy[row(r)] ?? NULL_INT, NULL_INT),
    str(cols.fp), str(cols.frame), str(cols.source),
  ] as Data[];
  return new RecordBatch(SCHEMA, makeData({ type: new Struct(SCHEMA.fields), length, nullCount: 0, children }));
}

/** The file a bucket's rows go to: `<out>/bucket=N/part-<batchId>-<i>.parquet`, i after any file already there. */
function bucketFile(out: string, bucket: number, batchId: string): string {
  const dir = path.join(out, `bucket=${String(bucket)}`);
  fs.mkdirSync(dir, { recursive: true });
  let i = 0;
  while (fs.existsSync(path.join(dir, `part-${batchId}-${String(i)}.parquet`))) i++;
  return path.join(dir, `part-${batchId}-${String(i)}.parquet`);
}

/**
 * Writes the kept companies' facts into out (the batch's facts staging folder), one file per bucket; returns the rows
 * written. Files DuckDB already wrote there for the other companies of the batch keep their names.
 */
export function writeFactsParquet(cols: FactColumns, keep: (cik: number) => boolean, out: string, batchId: string): number {
  const rows = sortedDistinctRows(cols, keep);
  const encode = new Encoded(cols.strings.values);
  let start = 0;
  while (start < rows.length) {
    const bucket = (cols.cik[rows[start] ?? 0] ?? 0) % CIK_BUCKETS;
    let end = start + 1;
    while (end < rows.length && (cols.cik[rows[end] ?? 0] ?? 0) % CIK_BUCKETS === bucket) end++;
    const table = new Table([recordBatch(cols, rows.subarray(start, end), encode)]);
    const wasm = WasmTable.fromIPCStream(tableToIPC(table, 'stream'));
    const bytes = writeParquet(wasm, writerProperties());
    fs.writeFileSync(bucketFile(out, bucket, batchId), bytes);
    start = end;
  }
  return rows.length;
}
