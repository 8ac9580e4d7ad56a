// The lines of a text with their offsets, and the normalised form headings are matched on.

export interface TextLine {
  start: number;
  end: number;
  raw: string;
  /** Cell separators and decoration removed, whitespace collapsed, curly quotes straightened. */
  norm: string;
}

export function normaliseLine(raw: string): string {
  return raw
    .replace(/ \| /g, ' ')
    .replace(/[\u2018\u2019\u0060\u00b4]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014\u2012\u2212]/g, '-')
    .replace(/[\s\u00a0]+/g, ' ')
    .replace(/^[\s*•·\-_]+/, '')
    .trim();
}

export function textLines(text: string): TextLine[] {
  const lines: TextLine[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    const raw = text.slice(start, end);
    if (raw.trim() !== '') lines.push({ start, end, raw, norm: normaliseLine(raw) });
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}
