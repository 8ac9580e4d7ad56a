// The fixed statement shapes the engine runs around a registered table macro. Only the macro's registered name and
// the registry's omit-when-null field names are spliced (through quoteIdentifier); every value, including
// LIMIT/OFFSET, is a bound positional parameter.
import { quoteIdentifier } from '../db/quote.ts';

function call(macro: string, argCount: number): string {
  const placeholders = Array.from({ length: argCount }, (_, i) => `$${String(i + 1)}`).join(', ');
  return `${quoteIdentifier(macro)}(${placeholders})`;
}

/** Rows as DuckDB types (Arrow, CSV); paged adds LIMIT $n+1 OFFSET $n+2. */
export function rowsSql(macro: string, argCount: number, paged: boolean): string {
  const page = paged ? ` LIMIT $${String(argCount + 1)} OFFSET $${String(argCount + 2)}` : '';
  return `SELECT * FROM ${call(macro, argCount)}${page}`;
}

/**
 * One JSON text per row, rendered by DuckDB (faster than row objects + JSON.stringify). Fields listed in `omitWhenNull`
 * are dropped from a row where they are null (the spec's "omitted when unknown"): one JSON merge patch per field, whose
 * null member deletes the key (RFC 7386) and which is the no-op `{}` when the value is present (key order kept).
 */
export function jsonRowsSql(macro: string, argCount: number, paged: boolean, omitWhenNull: readonly string[] = []): string {
  return `SELECT ${rowJson('to_json(t)', omitWhenNull)}::VARCHAR AS j FROM (${rowsSql(macro, argCount, paged)}) t`;
}

/** The JSON of row `t` given as `json` (its to_json), with the omit-when-null fields dropped where null. */
export function rowJson(json: string, omitWhenNull: readonly string[]): string {
  let out = json;
  for (const field of omitWhenNull) {
    const f = quoteIdentifier(field);
    out = `json_merge_patch(${out}, CASE WHEN t.${f} IS NULL THEN to_json(struct_pack(${f} := NULL)) ELSE '{}'::JSON END)`;
  }
  return out;
}

export function countSql(macro: string, argCount: number): string {
  return `SELECT count(*)::DOUBLE AS n FROM ${call(macro, argCount)}`;
}

/** The result's columns without running it (an empty result still has a CSV header and an Arrow schema). */
export function columnsSql(sql: string): string {
  return `SELECT * FROM (${sql}) LIMIT 0`;
}

export const TABLE_MACROS_SQL = "SELECT DISTINCT function_name AS name FROM duckdb_functions() WHERE function_type = 'table_macro'";
