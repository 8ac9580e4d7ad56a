// The fixed statement shapes the engine runs around a registered table macro, live and at render time. Only the
// macro's registered name, the registry's omit-when-null field names and column names of our own (the render passes'
// cik and variant columns) are spliced (through quoteIdentifier, or as constants of this codebase); every value,
// including LIMIT/OFFSET, is a bound positional parameter.
import { quoteIdentifier } from '../db/quote.ts';

/** `$from, ..., $(from + count - 1)`: the positional parameters of a call's bound arguments. */
export function placeholders(count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => `$${String(from + i)}`);
}

/** `macro(arg, ...)`: the registered macro applied to argument expressions (placeholders, or a join's columns). */
export function macroCallSql(macro: string, args: readonly string[]): string {
  return `${quoteIdentifier(macro)}(${args.join(', ')})`;
}

/** Rows as DuckDB types (Arrow, CSV); paged adds LIMIT $n+1 OFFSET $n+2. */
export function rowsSql(macro: string, argCount: number, paged: boolean): string {
  const page = paged ? ` LIMIT $${String(argCount + 1)} OFFSET $${String(argCount + 2)}` : '';
  return `SELECT * FROM ${macroCallSql(macro, placeholders(argCount))}${page}`;
}

/** One JSON text per row of a macro called with bound arguments (the live path), as `jsonRowsSelect` shapes it. */
export function jsonRowsSql(macro: string, argCount: number, paged: boolean, omitWhenNull: readonly string[] = []): string {
  return jsonRowsSelect(`(${rowsSql(macro, argCount, paged)}) t`, omitWhenNull);
}

/** A column selected ahead of a row's JSON (a render pass's cik or variant): an expression and its output name. */
export interface LeadColumn {
  readonly expr: string;
  readonly as: string;
}

/**
 * The one shape of a macro's rows as JSON texts, for the live path and the render passes alike (so a rendered answer
 * is byte for byte the live one): `SELECT <lead...>, <row JSON>::VARCHAR AS j FROM <from>`, `from` yielding the
 * macro's rows as `t`. The JSON is DuckDB's to_json of the row (faster than row objects + JSON.stringify); fields
 * listed in `omitWhenNull` are dropped from a row where they are null (the spec's "omitted when unknown"). Columns
 * named in `notInJson` (a render pass's cik and variant, which the single-company macro does not answer) are left out.
 */
export function jsonRowsSelect(from: string, omitWhenNull: readonly string[], lead: readonly LeadColumn[] = [], notInJson: readonly string[] = []): string {
  if (notInJson.length === 0) {
    return `SELECT ${lead.map((l) => `${l.expr} AS ${l.as}, `).join('')}${rowJson('to_json(t)', omitWhenNull)}::VARCHAR AS j FROM ${from}`;
  }
  // *COLUMNS cannot sit beside the omit-when-null tests in one expression: the row's JSON is taken first, below
  const own = `to_json(struct_pack(*COLUMNS(* EXCLUDE (${notInJson.map(quoteIdentifier).join(', ')}))))`;
  const omitted = omitWhenNull.map((f) => `, t.${quoteIdentifier(f)}`).join('');
  const inner = `SELECT ${lead.map((l) => `${l.expr} AS ${l.as}, `).join('')}${own} AS row_json${omitted} FROM ${from}`;
  return `SELECT ${lead.map((l) => `t.${l.as}, `).join('')}${rowJson('t.row_json', omitWhenNull)}::VARCHAR AS j FROM (${inner}) t`;
}

/**
 * The JSON of row `t` given as `json` (its to_json), with the omit-when-null fields dropped where null: one JSON merge
 * patch per field, whose null member deletes the key (RFC 7386) and which is the no-op `{}` when the value is present
 * (key order kept).
 */
function rowJson(json: string, omitWhenNull: readonly string[]): string {
  let out = json;
  for (const field of omitWhenNull) {
    const f = quoteIdentifier(field);
    out = `json_merge_patch(${out}, CASE WHEN t.${f} IS NULL THEN to_json(struct_pack(${f} := NULL)) ELSE '{}'::JSON END)`;
  }
  return out;
}

export function countSql(macro: string, argCount: number): string {
  return `SELECT count(*)::DOUBLE AS n FROM ${macroCallSql(macro, placeholders(argCount))}`;
}

/** The result's columns without running it (an empty result still has a CSV header and an Arrow schema). */
export function columnsSql(sql: string): string {
  return `SELECT * FROM (${sql}) LIMIT 0`;
}

export const TABLE_MACROS_SQL = "SELECT DISTINCT function_name AS name FROM duckdb_functions() WHERE function_type = 'table_macro'";
