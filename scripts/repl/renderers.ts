// Result renderers for the REPL's three modes. Each takes a result chunk by chunk and writes text as it goes, so a
// large result is never held whole: the table's column widths are settled on the first chunk, later long values
// are truncated to them.
import { defined } from '../../engine/query/defined.ts';
import { DuckDBTypeId, JsonDuckDBValueConverter, type DuckDBDataChunk, type DuckDBType } from '@duckdb/node-api';
import { formatCell } from './formatCell.ts';
import type { OutputMode } from './parseCommand.ts';

export interface ColumnInfo {
  name: string;
  type: DuckDBType;
}

export interface Renderer {
  begin(columns: readonly ColumnInfo[]): void;
  chunk(chunk: DuckDBDataChunk): void;
  end(): void;
}

export type Write = (text: string) => void;

/** Widest a table cell gets before its value is cut with an ellipsis. */
export const MAX_CELL_WIDTH = 40;

const NUMERIC = new Set<DuckDBTypeId>([
  DuckDBTypeId.TINYINT, DuckDBTypeId.SMALLINT, DuckDBTypeId.INTEGER, DuckDBTypeId.BIGINT, DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UTINYINT, DuckDBTypeId.USMALLINT, DuckDBTypeId.UINTEGER, DuckDBTypeId.UBIGINT, DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.FLOAT, DuckDBTypeId.DOUBLE, DuckDBTypeId.DECIMAL,
]);

function tableText(value: string | null): string {
  return value === null ? 'NULL' : value.replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, ' ');
}

function fit(text: string, width: number, right: boolean): string {
  const cut = text.length > width ? `${text.slice(0, width - 1)}…` : text;
  return right ? cut.padStart(width) : cut.padEnd(width);
}

export class TableRenderer implements Renderer {
  private columns: readonly ColumnInfo[] = [];
  private widths: number[] | null = null;
  private right: boolean[] = [];

  constructor(private readonly write: Write, private readonly maxWidth = MAX_CELL_WIDTH) {}

  begin(columns: readonly ColumnInfo[]): void {
    this.columns = columns;
    this.right = columns.map((c) => NUMERIC.has(c.type.typeId));
  }

  chunk(chunk: DuckDBDataChunk): void {
    const rows = chunk.getRows().map((row) => row.map((v) => tableText(formatCell(v))));
    if (!this.widths) this.header(rows);
    const widths = defined(this.widths, 'this.widths');
    let text = '';
    for (const row of rows) text += ` ${row.map((cell, i) => fit(cell, defined(widths[i], 'widths[i]'), defined(this.right[i], 'this.right[i]'))).join(' | ')}`.trimEnd() + '\n';
    this.write(text);
  }

  end(): void {
    if (!this.widths) this.header([]);
  }

  private header(sample: string[][]): void {
    const widths = this.columns.map((c, i) => {
      let w = Math.max(1, c.name.length);
      for (const row of sample) w = Math.max(w, defined(row[i], 'row[i]').length);
      return Math.min(w, this.maxWidth);
    });
    this.widths = widths;
    const names = this.columns.map((c, i) => fit(c.name, defined(widths[i], 'widths[i]'), defined(this.right[i], 'this.right[i]'))).join(' | ');
    this.write(` ${names}`.trimEnd() + `\n${widths.map((w) => '-'.repeat(w + 2)).join('+')}\n`);
  }
}

function csvField(value: string | null): string {
  if (value === null) return '';
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export class CsvRenderer implements Renderer {
  constructor(private readonly write: Write) {}

  begin(columns: readonly ColumnInfo[]): void {
    this.write(`${columns.map((c) => csvField(c.name)).join(',')}\n`);
  }

  chunk(chunk: DuckDBDataChunk): void {
    let text = '';
    for (const row of chunk.getRows()) text += `${row.map((v) => csvField(formatCell(v))).join(',')}\n`;
    this.write(text);
  }

  end(): void {}
}

/** Types the JSON converter renders as strings (to keep precision); they become numbers when exact in a double. */
const WIDE_NUMBERS = new Set<DuckDBTypeId>([
  DuckDBTypeId.BIGINT, DuckDBTypeId.UBIGINT, DuckDBTypeId.HUGEINT, DuckDBTypeId.UHUGEINT, DuckDBTypeId.DECIMAL,
]);

function jsonNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const n = Number(value);
  return Number.isFinite(n) && (Number.isSafeInteger(n) || /[.eE]/.test(value)) ? n : value;
}

/** A JSON array of row objects, one object per line. */
export class JsonRenderer implements Renderer {
  private names: string[] = [];
  private wide: boolean[] = [];
  private first = true;

  constructor(private readonly write: Write) {}

  begin(columns: readonly ColumnInfo[]): void {
    this.names = columns.map((c) => c.name);
    this.wide = columns.map((c) => WIDE_NUMBERS.has(c.type.typeId));
    this.write('[');
  }

  chunk(chunk: DuckDBDataChunk): void {
    let text = '';
    for (const row of chunk.convertRows(JsonDuckDBValueConverter)) {
      const object: Record<string, unknown> = {};
      this.names.forEach((name, i) => { object[name] = this.wide[i] ? jsonNumber(row[i]) : row[i]; });
      text += `${this.first ? '\n' : ',\n'}${JSON.stringify(object)}`;
      this.first = false;
    }
    this.write(text);
  }

  end(): void {
    this.write(this.first ? ']\n' : '\n]\n');
  }
}

export function rendererFor(mode: OutputMode, write: Write): Renderer {
  return mode === 'csv' ? new CsvRenderer(write) : mode === 'json' ? new JsonRenderer(write) : new TableRenderer(write);
}
