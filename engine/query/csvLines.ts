// DuckDB chunks -> RFC 4180 CSV lines: a header row, then one line per row; nested values are written as JSON text.
import { JsonDuckDBValueConverter, type DuckDBDataChunk } from '@duckdb/node-api';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(names: readonly string[]): string {
  return `${names.map(cell).join(',')}\r\n`;
}

export function csvChunk(chunk: DuckDBDataChunk): string {
  const rows = chunk.convertRows(JsonDuckDBValueConverter);
  let out = '';
  for (const row of rows) out += `${row.map(cell).join(',')}\r\n`;
  return out;
}
