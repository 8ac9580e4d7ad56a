// XML helpers shared by the ownership parsers (Forms 3/4/5, 13F, Schedules 13D/G): parse with a clear IngestError,
// then read optional leaves without `any`. Namespace prefixes are dropped, values are kept as text.
import { defined } from '../../query/defined.ts';
import { XMLParser } from 'fast-xml-parser';
import { SaxesParser } from 'saxes';
import { IngestError } from '../IngestError.ts';

export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  htmlEntities: true,
  trimValues: true,
});

/** Parse an XML document (leading junk before the first `<` is ignored); malformed XML throws an IngestError naming the file. */
export function parseXml(fileName: string, text: string, what: string): XmlNode {
  const start = text.indexOf('<');
  const body = start > 0 ? text.slice(start) : text;
  const error = firstWellFormednessError(body);
  if (error) {
    throw new IngestError(fileName, `${what}: malformed XML at line ${String(error.line)}, column ${String(error.column)} (${error.message})`);
  }
  return parser.parse(body) as XmlNode;
}

interface XmlError { message: string; line: number; column: number }

/**
 * The first well-formedness error of the document, found by a strict SAX pass (fast-xml-parser's own validator is
 * deprecated and its parser accepts unclosed tags). A named entity the parser does not define is not an error here:
 * the tree parser decodes HTML entities, and ownership documents use them in names and footnotes.
 */
function firstWellFormednessError(body: string): XmlError | undefined {
  const sax = new SaxesParser({ position: true });
  let first: XmlError | undefined;
  sax.on('error', (err) => {
    if (first || err.message.endsWith('undefined entity.')) return;
    first = { message: err.message.replace(/^\d+:\d+: /, ''), line: sax.line, column: sax.column };
  });
  sax.write(body).close();
  return first;
}

export function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A child element as a node (the first one when repeated). */
export function child(node: unknown, name: string): XmlNode | undefined {
  if (!isNode(node)) return undefined;
  const v = node[name];
  const first: unknown = Array.isArray(v) ? v[0] : v;
  return isNode(first) ? first : undefined;
}

/** Every child element of that name, as nodes or text. */
export function children(node: unknown, name: string): unknown[] {
  if (!isNode(node)) return [];
  const v = node[name];
  if (v === undefined || v === null) return [];
  return Array.isArray(v) ? v : [v];
}

/** Text of an element (or of `#text` when it also has attributes); empty text is null. */
export function text(node: unknown, name?: string): string | null {
  const v = name === undefined ? node : isNode(node) ? node[name] : undefined;
  const first: unknown = Array.isArray(v) ? v[0] : v;
  const raw = typeof first === 'string' || typeof first === 'number' ? String(first) : isNode(first) && typeof first['#text'] === 'string' ? first['#text'] : null;
  const t = raw?.trim();
  return t ? t : null;
}

/** Ownership documents wrap most leaves in `<x><value>...</value></x>`. */
export function valueOf(node: unknown, name: string): string | null {
  return text(child(node, name), 'value');
}

/**
 * A number as filed (thousands separators, blanks, `$` and a trailing `%` dropped). Absent or empty is null; anything
 * else that is not a number fails the batch naming the file and the field: a typo such as "5,000x" must never be
 * stored as a missing value.
 */
export function num(v: string | null | undefined, fileName: string, field: string): number | null {
  if (v === null || v === undefined) return null;
  const t = v.replace(/[,\s$]/g, '').replace(/%$/, '');
  if (t === '') return null;
  const n = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(n)) throw new IngestError(fileName, `${field} is not a number: ${JSON.stringify(v)}`);
  return n;
}

export function bool(v: string | null | undefined): boolean | null {
  if (v === null || v === undefined) return null;
  const t = v.trim().toLowerCase();
  if (t === '1' || t === 'true' || t === 'y' || t === 'yes') return true;
  if (t === '0' || t === 'false' || t === 'n' || t === 'no') return false;
  return null;
}

export function cikOf(v: string | null | undefined): number | null {
  if (!v || !/^\d{1,10}$/.test(v.trim())) return null;
  const n = Number(v.trim());
  return n > 0 && n < 2 ** 31 ? n : null;
}

/** YYYY-MM-DD from `2024-12-31`, `2024-12-31-05:00`, `12-31-2024`, `12/31/2024` or `31-DEC-2024`. */
export function dateOf(v: string | null | undefined): string | null {
  if (!v) return null;
  const t = v.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return `${String(m[1])}-${String(m[2])}-${String(m[3])}`;
  m = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(t);
  if (m) return `${String(m[3])}-${defined(m[1], 'm[1]').padStart(2, '0')}-${defined(m[2], 'm[2]').padStart(2, '0')}`;
  m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(t);
  if (m) {
    const month = MONTHS.indexOf(defined(m[2], 'm[2]').toUpperCase()) + 1;
    if (month > 0) return `${String(m[3])}-${String(month).padStart(2, '0')}-${defined(m[1], 'm[1]').padStart(2, '0')}`;
  }
  m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) return `${String(m[1])}-${String(m[2])}-${String(m[3])}`;
  return null;
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Every `<footnoteId id="F1"/>` below a node, in document order, once each. */
export function footnoteIds(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const n of node) footnoteIds(n, out);
  } else if (isNode(node)) {
    for (const [key, v] of Object.entries(node)) {
      if (key === 'footnoteId') {
        for (const f of Array.isArray(v) ? v : [v]) {
          const id = isNode(f) && typeof f['@_id'] === 'string' ? f['@_id'] : null;
          if (id && !out.includes(id)) out.push(id);
        }
      } else if (!key.startsWith('@_')) {
        footnoteIds(v, out);
      }
    }
  }
  return out;
}
