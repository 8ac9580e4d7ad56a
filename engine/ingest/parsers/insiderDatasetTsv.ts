// Reads one table of the SEC Insider Transactions data sets: tab-separated, header line first, fields containing `"`
// quoted CSV-style with doubled inner quotes. Columns are found by header name (the SEC metadata file is not trusted).
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';

export interface TsvTable {
  readonly name: string;
  readonly rows: number;
  readonly columns: readonly string[];
  /** Value of a column in a row; empty fields and missing columns are null. */
  get(row: number, column: string): string | null;
}

function unquote(field: string): string {
  return field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
}

export function readTsv(file: SourceFile, required: string[]): TsvTable {
  const lines = file.bytes.toString('utf8').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const header = (lines[0] ?? '').split('\t').map((h) => h.trim().toUpperCase());
  const index = new Map(header.map((h, i) => [h, i]));
  const missing = required.filter((c) => !index.has(c));
  if (missing.length > 0) throw new IngestError(file.name, `insider data set: header lacks column(s) ${missing.join(', ')}`);
  const data = lines.slice(1).map((l) => l.split('\t'));
  data.forEach((fields, i) => {
    if (fields.length !== header.length) {
      throw new IngestError(file.name, `insider data set: line ${String(i + 2)} has ${String(fields.length)} fields, the header has ${String(header.length)} (truncated or malformed row)`);
    }
  });
  return {
    name: file.name,
    rows: data.length,
    columns: header,
    get(row, column) {
      const i = index.get(column);
      if (i === undefined) return null;
      const v = data[row]?.[i];
      if (v === undefined) return null;
      const t = unquote(v).trim();
      return t === '' ? null : t;
    },
  };
}
