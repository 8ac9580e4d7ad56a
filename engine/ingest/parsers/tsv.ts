// Reads the SEC's tab-separated data-set tables (FS, FSN, insider, N-PORT...): header line first, then one record a line.
// SEC quirk: a field containing `"` is CSV-quoted with doubled inner quotes; such a field may in principle hold a tab
// or a newline, so quoted records are read with a small state machine while plain lines take the fast split path.
import { defined } from '../../query/defined.ts';
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

/** Bytes decoded at a time: a quarter's num.txt (hundreds of MB) would not fit in one JS string (max ~512 MB). */
const CHUNK_BYTES = 16 * 1024 * 1024;

export function readTsv(file: SourceFile, chunkBytes = CHUNK_BYTES): TsvTable {
  const bytes = file.bytes;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const nl = bytes.indexOf(10, bom);
  const headerEnd = nl < 0 ? bytes.length : nl;
  const headerLine = stripCr(bytes.toString('utf8', bom, headerEnd));
  if (headerLine.trim() === '') throw new IngestError(file.name, 'tab-separated table has no header line');
  const columns = headerLine.split('\t').map((c) => c.trim().toLowerCase());
  const byName = new Map(columns.map((c, i) => [c, i] as const));
  return {
    columns,
    index: (name) => byName.get(name) ?? -1,
    *rows() {
      let offset = Math.min(bytes.length, headerEnd + 1);
      let line = 1;
      let carry = '';
      while (offset < bytes.length) {
        // decode up to a line boundary so no character is split; a quoted record cut by the boundary is carried over
        const end = chunkEnd(bytes, offset, chunkBytes);
        const last = end >= bytes.length;
        const text = carry + bytes.toString('utf8', offset, end);
        carry = '';
        offset = end;
        let pos = 0;
        while (pos < text.length) {
          const stop = lineEnd(text, pos);
          const raw = stripCr(text.slice(pos, stop));
          if (raw.indexOf('"') < 0) {
            line++;
            pos = stop + 1;
            if (raw === '') continue;
            yield { line, fields: raw.split('\t') };
            continue;
          }
          const parsed = parseQuoted(text, pos, file.name, line + 1, last);
          if (parsed === null) {
            carry = text.slice(pos);
            break;
          }
          yield { line: line + 1, fields: parsed.fields };
          line += 1 + parsed.newlines;
          pos = parsed.next;
        }
      }
    },
  };
}

/** Byte just past the last newline within `size` bytes of `offset` (or past the first one after, for a longer line). */
function chunkEnd(bytes: Buffer, offset: number, size: number): number {
  const limit = offset + size;
  if (limit >= bytes.length) return bytes.length;
  const cut = bytes.lastIndexOf(10, limit - 1);
  if (cut >= offset) return cut + 1;
  const next = bytes.indexOf(10, limit);
  return next < 0 ? bytes.length : next + 1;
}

function lineEnd(text: string, from: number): number {
  const i = text.indexOf('\n', from);
  return i < 0 ? text.length : i;
}

function stripCr(s: string): string {
  return s.endsWith('\r') ? s.slice(0, -1) : s;
}

/**
 * One record starting at `pos`, honouring CSV quoting inside tab-separated fields. Null when a quoted field runs past
 * the end of `text` and more text follows (`last` false): the caller retries with the next chunk appended.
 */
function parseQuoted(text: string, pos: number, name: string, line: number, last: boolean): { fields: string[]; next: number; newlines: number } | null {
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
    const ch = defined(text[i], 'text[i]');
    if (atFieldStart && ch === '"') {
      // quoted field: runs to the closing quote not followed by another quote
      i++;
      for (;;) {
        if (i >= text.length) {
          if (!last) return null;
          throw new IngestError(name, `line ${String(line)}: quoted field is never closed`);
        }
        const q = defined(text[i], 'text[i]');
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
