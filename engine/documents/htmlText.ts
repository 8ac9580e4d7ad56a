// HTML (incl. inline XBRL) to readable text with parse5, the WHATWG-conformant parser browsers' behaviour is
// specified by: SEC HTML is full of unclosed tags, uppercase 1990s markup and XHTML namespaces, which it repairs
// the way a browser would. ix:* tags are unwrapped (their text is the document's text), the hidden ix:header and
// display:none blocks are dropped, and tables keep one row per line with cells separated by " | ".
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { TextWriter } from './TextWriter.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const SKIP = new Set(['script', 'style', 'head', 'title', 'noscript', 'template', 'ix:header', 'xml']);
const BLOCK = new Set([
  'p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'blockquote', 'center',
  'section', 'article', 'header', 'footer', 'address', 'form', 'caption', 'body', 'html', 'hr', 'page',
]);
const PARAGRAPH = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'blockquote', 'ul', 'ol', 'table']);
/** Cells that only carry a unit or a closing parenthesis belong to the number next to them. */
const LEADING = /^[$€£¥(]$|^[A-Z]{1,3}\$$/;
const TRAILING = /^(?:\)|%|\)%|%\))$/;

function isElement(n: Node): n is Element {
  return 'tagName' in n;
}

function attr(el: Element, name: string): string | null {
  return el.attrs.find((a) => a.name === name)?.value ?? null;
}

function hidden(el: Element): boolean {
  const style = attr(el, 'style');
  return style !== null && /display\s*:\s*none/i.test(style);
}

function childrenOf(n: Node): readonly Node[] {
  if ('content' in n) return n.content.childNodes; // <template>
  return 'childNodes' in n ? n.childNodes : [];
}

function walk(node: Node, out: TextWriter, pre: boolean): void {
  if (node.nodeName === '#text' && 'value' in node) {
    if (pre) out.verbatim(node.value);
    else out.inline(node.value);
    return;
  }
  if (!isElement(node)) {
    for (const c of childrenOf(node)) walk(c, out, pre);
    return;
  }
  const tag = node.tagName.toLowerCase();
  if (SKIP.has(tag) || hidden(node)) return;
  if (tag === 'br') {
    out.newline();
    return;
  }
  if (tag === 'table') {
    out.paragraph();
    table(node, out);
    out.paragraph();
    return;
  }
  const block = BLOCK.has(tag);
  if (block) {
    if (PARAGRAPH.has(tag)) out.paragraph();
    else out.newline();
  }
  for (const c of childrenOf(node)) walk(c, out, pre || tag === 'pre' || tag === 'xmp' || tag === 'plaintext');
  if (block) {
    if (PARAGRAPH.has(tag)) out.paragraph();
    else out.newline();
  } else if (tag === 'td' || tag === 'th') {
    out.inline(' ');
  }
}

function rowsOf(el: Element, rows: Element[]): Element[] {
  for (const c of childrenOf(el)) {
    if (!isElement(c) || hidden(c)) continue;
    const tag = c.tagName.toLowerCase();
    if (tag === 'tr') rows.push(c);
    else if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') rowsOf(c, rows);
  }
  return rows;
}

function cellsOf(tr: Element): Element[] {
  return childrenOf(tr).filter((c): c is Element => isElement(c) && /^t[dh]$/i.test(c.tagName) && !hidden(c));
}

/** Joins unit-only and parenthesis-only cells onto their number: "$ | 1,234 | )" reads "$1,234)". */
function mergeCells(cells: string[]): string[] {
  const out: string[] = [];
  let carry = '';
  for (const c of cells) {
    if (LEADING.test(c)) carry += c;
    else if (TRAILING.test(c) && out.length > 0 && carry === '') out.push(`${out.pop() ?? ''}${c}`);
    else {
      out.push(carry + c);
      carry = '';
    }
  }
  if (carry !== '') out.push(carry);
  return out;
}

function table(el: Element, out: TextWriter): void {
  for (const tr of rowsOf(el, [])) {
    const rendered = cellsOf(tr).map((td) => {
      const w = new TextWriter();
      for (const c of childrenOf(td)) walk(c, w, false);
      return w.toLines();
    });
    const filled = rendered.filter((lines) => lines.length > 0);
    // A layout table (one cell holding paragraphs) reads as its paragraphs, not as one long row.
    if (filled.length === 1 && filled[0]) out.block(filled[0]);
    else if (filled.length > 1) out.block([mergeCells(filled.map((lines) => lines.join(' '))).join(' | ')]);
  }
}

export function htmlText(html: string): string {
  const out = new TextWriter();
  walk(parse(html), out, false);
  return out.text();
}
