// Reads the SEC's tab-separated data-set tables (FS, FSN, insider, N-PORT...): header line first, then one record a line.
// SEC quirk: a field containing `"` is CSV-quoted with doubled inner quotes; such a field may in principle hold a tab
// or a newline, so quoted records are read with a small state machine while plain lines take the fast split path.
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';

export interface TsvTable {
  /** Lower-cased column names, as the header line states them (trust the header, never a fixed order). */
  readonly columns: readonly string[];
  /** Column index by lower-cased name, or -1. */
  index(name: string): number;
  /** Data records with their 1-based line number in the file (the header is line 1). */
  rows(): Generator<{ line: number; fields: string[] }>;
}

export function readTsv(file: SourceFile): TsvTable {
  let text = file.bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const firstEnd = lineEnd(text, 0);
  const headerLine = stripCr(text.slice(0, firstEnd));
  if (headerLine.trim() === '') throw new IngestError(file.name, 'tab-separated table has no header line');
  const columns = headerLine.split('\t').map((c) => c.trim().toLowerCase());
  const byName = new Map(columns.map((c, i) => [c, i] as const));
  const bodyStart = Math.min(text.length, firstEnd + 1);
  return {
    columns,
    index: (name) => byName.get(name) ?? -1,
    *rows() {
      let pos = bodyStart;
      let line = 1;
      while (pos < text.length) {
        line++;
        const end = lineEnd(text, pos);
        const raw = stripCr(text.slice(pos, end));
        if (raw.indexOf('"') < 0) {
          pos = end + 1;
          if (raw === '') continue;
          yield { line, fields: raw.split('\t') };
          continue;
        }
        const startLine = line;
        const parsed = parseQuoted(text, pos, file.name, startLine);
        line += parsed.newlines;
        pos = parsed.next;
        yield { line: startLine, fields: parsed.fields };
      }
    },
  };
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf('\n', from);
  return i < 0 ? text.length : i;
}

function stripCr(s: string): string {
  return s.endsWith('\r') ? s.slice(0, -1) : s;
}

/** One record starting at `pos`, honouring CSV quoting inside tab-separated fields. */
function parseQuoted(text: string, pos: number, name: string, line: number): { fields: string[]; next: number; newlines: number } {
  const fields: string[] = [];
  let field = '';
  let i = pos;
  let newlines = 0;
  let atFieldStart = true;
  for (;;) {
    if (i >= text.length) {
      fields.push(stripCr(field));
      return { fields, next: i, newlines };
    }
    const ch = text[i]!;
    if (atFieldStart && ch === '"') {
      // quoted field: runs to the closing quote not followed by another quote
      i++;
      for (;;) {
        if (i >= text.length) throw new IngestError(name, `line ${line}: quoted field is never closed`);
        const q = text[i]!;
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') newlines++;
        field += q;
        i++;
      }
      atFieldStart = false;
      continue;
    }
    if (ch === '\t') {
      fields.push(field);
      field = '';
      atFieldStart = true;
      i++;
      continue;
    }
    if (ch === '\n') {
      fields.push(stripCr(field));
      return { fields, next: i + 1, newlines };
    }
    // a stray quote inside an unquoted field is kept as text
    field += ch;
    atFieldStart = false;
    i++;
  }
}
