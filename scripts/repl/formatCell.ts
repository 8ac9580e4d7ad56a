// One DuckDB value as display text: what the table and CSV renderers print.
import type { DuckDBValue } from '@duckdb/node-api';

/** Text of a value; null stays null so each renderer decides how to show it. */
export function formatCell(value: DuckDBValue): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return value.toString();
}
