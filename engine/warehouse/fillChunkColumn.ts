// Fills one column of a DuckDB data chunk from row values with one memory copy per column, instead of one native call
// (and, for the validity mask, BigInt arithmetic) per value as DuckDBDataChunk.setColumnValues does: staging rows was
// the largest single cost of a companyfacts ingest. Strings of up to 12 ASCII bytes are written in DuckDB's inline
// string layout (duckdb_string_t of duckdb.h: a uint32 length, then the bytes, zero-padded to 16); longer or non-ASCII
// strings are assigned one by one afterwards through the C API.
import os from 'node:os';
import duckdb from '@duckdb/node-bindings';
import { DuckDBTypeId, type DuckDBDataChunk, type DuckDBType } from '@duckdb/node-api';

const STRING_T = 16;
const INLINE = 12;
const LITTLE_ENDIAN = os.endianness() === 'LE';

/** A value the column cannot hold: the caller names the dataset, row and field. */
export class ColumnValueError extends Error {
  constructor(readonly row: number, reason: string) {
    super(reason);
    this.name = 'ColumnValueError';
  }
}

/** A rejected value as an error message shows it: numbers as written (JSON would print NaN as null), the rest as JSON. */
export function shown(v: unknown): string {
  return typeof v === 'number' ? String(v) : JSON.stringify(v);
}

/** Reusable buffers for one column type and chunk size, so a batch allocates them once. */
export class ColumnBuffers {
  readonly data: Uint8Array<ArrayBuffer>;
  readonly validity: Uint8Array<ArrayBuffer>;

  constructor(readonly type: DuckDBType, readonly capacity: number) {
    this.data = new Uint8Array(new ArrayBuffer(capacity * byteWidth(type)));
    this.validity = new Uint8Array(new ArrayBuffer(Math.ceil(capacity / 64) * 8));
  }
}

function byteWidth(type: DuckDBType): number {
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR: return STRING_T;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.DOUBLE: return 8;
    case DuckDBTypeId.INTEGER: return 4;
    case DuckDBTypeId.BOOLEAN: return 1;
    default: throw new Error(`staging column type ${type.toString()} is not supported`);
  }
}

/** The raw layout is little-endian only; elsewhere the caller keeps DuckDBDataChunk.setColumnValues. */
export const RAW_COLUMNS = LITTLE_ENDIAN;

/**
 * Writes value(0..rowCount-1) into column col of chunk (whose row count is rowCount). null and undefined are SQL NULL
 * (the caller rejects undefined first); a non-string value of a VARCHAR column is stored as its JSON text. A number
 * that is not finite (NaN, Infinity) fails like any value its column cannot hold: stored as NULL it would be a
 * silently dropped value.
 */
export function fillChunkColumn(chunk: DuckDBDataChunk, col: number, rowCount: number, buffers: ColumnBuffers, value: (row: number) => unknown): void {
  const { data, validity, type } = buffers;
  const vector = duckdb.data_chunk_get_vector(chunk.chunk, col);
  data.fill(0, 0, rowCount * byteWidth(type));
  validity.fill(0xff);
  let nulls = 0;
  const setNull = (r: number): number => {
    validity[r >> 3] = (validity[r >> 3] ?? 0) & ~(1 << (r & 7));
    return 1;
  };
  const long: { row: number; text: string }[] = [];
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR: {
      const lengths = new Uint32Array(data.buffer, data.byteOffset, rowCount * 4);
      for (let r = 0; r < rowCount; r++) {
        const v = value(r);
        if (v === null || v === undefined) {
          nulls += setNull(r);
          continue;
        }
        // most JSON columns hold an empty list (undimensioned facts): no stringify per row for those
        const text = typeof v === 'string' ? v : Array.isArray(v) && v.length === 0 ? '[]' : JSON.stringify(v);
        if (!writeInline(data, lengths, r, text)) long.push({ row: r, text });
      }
      break;
    }
    case DuckDBTypeId.DOUBLE: {
      const items = new Float64Array(data.buffer, data.byteOffset, rowCount);
      for (let r = 0; r < rowCount; r++) {
        const v = value(r);
        if (v === null || v === undefined) {
          nulls += setNull(r);
          continue;
        }
        const n = Number(v);
        if (!Number.isFinite(n)) throw new ColumnValueError(r, `${shown(v)} is not a finite number`);
        items[r] = n;
      }
      break;
    }
    case DuckDBTypeId.INTEGER: {
      const items = new Int32Array(data.buffer, data.byteOffset, rowCount);
      for (let r = 0; r < rowCount; r++) {
        const v = value(r);
        if (v === null || v === undefined) {
          nulls += setNull(r);
          continue;
        }
        const n = Number(v);
        if (!Number.isInteger(n) || n < -2147483648 || n > 2147483647) throw new ColumnValueError(r, `${shown(v)} is not a 32-bit integer`);
        items[r] = n;
      }
      break;
    }
    case DuckDBTypeId.BIGINT: {
      const items = new BigInt64Array(data.buffer, data.byteOffset, rowCount);
      for (let r = 0; r < rowCount; r++) {
        const v = value(r);
        if (v === null || v === undefined) {
          nulls += setNull(r);
          continue;
        }
        const n = Math.trunc(Number(v));
        if (!Number.isFinite(n)) throw new ColumnValueError(r, `${shown(v)} is not an integer`);
        items[r] = BigInt(n);
      }
      break;
    }
    case DuckDBTypeId.BOOLEAN: {
      for (let r = 0; r < rowCount; r++) {
        const v = value(r);
        if (v === null || v === undefined) nulls += setNull(r);
        else data[r] = Number(Boolean(v));
      }
      break;
    }
    default:
      throw new Error(`staging column type ${type.toString()} is not supported`);
  }
  if (long.length > 0) shareLongStrings(vector, data, rowCount, long);
  duckdb.copy_data_to_vector(vector, 0, data.buffer, data.byteOffset, rowCount * byteWidth(type));
  if (nulls > 0) {
    duckdb.vector_ensure_validity_writable(vector);
    duckdb.copy_data_to_vector_validity(vector, 0, validity.buffer, validity.byteOffset, Math.ceil(rowCount / 64) * 8);
  }
}

/**
 * Long strings repeat within a chunk (a concept or an accession spans many facts): each distinct one is copied once
 * into the vector's string heap through the C API, and every row holding it gets the same 16-byte string_t (length,
 * prefix, pointer into that heap), which the vector keeps alive until the appender has copied the chunk.
 */
function shareLongStrings(vector: duckdb.Vector, data: Uint8Array, rowCount: number, long: { row: number; text: string }[]): void {
  const first = new Map<string, number>();
  for (const { row, text } of long) {
    if (first.has(text)) continue;
    first.set(text, row);
    duckdb.vector_assign_string_element(vector, row, text);
  }
  const assigned = duckdb.vector_get_data(vector, rowCount * STRING_T);
  for (const { row, text } of long) {
    const from = (first.get(text) ?? row) * STRING_T;
    data.set(assigned.subarray(from, from + STRING_T), row * STRING_T);
  }
}

/** Writes text inline at row r when it is at most 12 ASCII characters; false when it must be assigned natively. */
function writeInline(data: Uint8Array, lengths: Uint32Array, r: number, text: string): boolean {
  const n = text.length;
  if (n > INLINE) return false;
  const base = r * STRING_T + 4;
  for (let i = 0; i < n; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80 || code === 0) {
      data.fill(0, base, base + INLINE);
      return false;
    }
    data[base + i] = code;
  }
  lengths[r * 4] = n;
  return true;
}
