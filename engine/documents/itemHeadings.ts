// "Item N" headings of 10-K, 10-Q, 8-K and 20-F documents in their written variants ("Item 7.", "ITEM 7 -",
// "Item 1A | Risk Factors", "Item 2.02", a heading whose title is on the next line) with the 10-Q's Part.
import type { SectionFamily } from './Section.ts';
import type { TextLine } from './textLines.ts';
import type { Heading } from './Heading.ts';

// the letter of a 20-F's "Item 16A" may follow a period ("Item 16.A."), then it is closed by one itself
const ITEM = /^items?\s+(\d{1,2})(?:\.(\d{2}))?(?:\s*([A-K])|\.\s?([A-K])(?=[.):]|\s*$))?(?![A-Za-z0-9])\s*[.:\-)]*\s*(.*)$/i;
const PART = /^part\s+(iv|i{1,3}|[1-4])(?![A-Za-z0-9])/i;
const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, '1': 1, '2': 2, '3': 3, '4': 4 };
const PART_NAME = ['', 'I', 'II', 'III', 'IV'];

export function partOf(norm: string): number | null {
  const m = PART.exec(norm);
  return m?.[1] ? ROMAN[m[1].toLowerCase()] ?? null : null;
}

const ENDS_OPEN = /(?:\b(?:and|or|of|the|to|for|in|on|with|by|a|an)|[,&;])$/i;
const STARTS_CONTINUING = /^(?:of|and|or|&)\s/i;

/** Whether the line right below a heading (no blank line between) carries on its title: "... Information and" /
 * "Exhibits.", "... CONDITION AND RESULTS" / "OF OPERATIONS". A title ending in a period or colon is complete. */
function continues(rest: string, own: string, line: TextLine, next: TextLine | undefined): next is TextLine {
  if (!next || next.start !== line.end + 1 || next.norm.length > 60 || !/[A-Za-z]/.test(next.norm) || ITEM.test(next.norm)) return false;
  if (/[.:]\s*$/.test(rest)) return false;
  if (ENDS_OPEN.test(own)) return true;
  // a next line opening with "of"/"and" continues a title in the same case (all capitals stay all capitals)
  return STARTS_CONTINUING.test(next.norm) && (own !== own.toUpperCase() || next.norm === next.norm.toUpperCase());
}

/** The heading's title: the rest of its line (without a trailing page number) and a line it wraps onto, else the next line. */
function titleOf(rest: string, line: TextLine, next: TextLine | undefined): string {
  const first = rest.replace(/\s+\d{1,3}$/, '').replace(/[.:\s]+$/, '');
  const own = continues(rest, first, line, next) ? `${first} ${next.norm}`.replace(/[.:\s]+$/, '') : first;
  if (own !== '') return own.length > 160 ? (own.slice(0, 160).replace(/\s\S*$/, '') + '…') : own;
  if (next && next.norm.length <= 160 && !ITEM.test(next.norm)) return next.norm.replace(/[.:\s]+$/, '');
  return '';
}

function accepts(family: SectionFamily, num: number, sub: string | undefined, letter: string): boolean {
  switch (family) {
    case '8-K':
      return sub !== undefined ? num >= 1 && num <= 9 : num >= 1 && num <= 13 && letter === '';
    case '10-Q':
      return sub === undefined && num >= 1 && num <= 6 && (letter === '' || letter === 'A');
    case '20-F':
      return sub === undefined && num >= 1 && num <= 19;
    default:
      return sub === undefined && num >= 1 && num <= 16 && /^[ABC]?$/.test(letter);
  }
}

export function itemHeadings(lines: readonly TextLine[], family: SectionFamily): Heading[] {
  const out: Heading[] = [];
  let part = 1;
  lines.forEach((l, i) => {
    const p = partOf(l.norm);
    if (p !== null && l.norm.length < 120) {
      part = p;
      return;
    }
    const m = ITEM.exec(l.norm);
    if (!m) return;
    const num = Number(m[1]);
    const sub = m[2];
    const letter = (m[3] ?? m[4] ?? '').toUpperCase();
    // a title that repeats the item's letter or whole number ("Item 16.H. | H. Mine Safety", "Item 16.B. Code of Ethics")
    const rest = letter === '' ? m[5] ?? '' : (m[5] ?? '').replace(new RegExp(`^(?:items?\\s+${String(num)}\\.?\\s?)?${letter}[.)]\\s+`, 'i'), '');
    // "Item 7 of this report ..." is a cross-reference in running text, not a heading.
    if (/^[a-z]/.test(rest) || !accepts(family, num, sub, letter)) return;
    const item = sub !== undefined ? `${String(num)}.${sub}` : `${String(num)}${letter}`;
    const letterRank = letter === '' ? 0 : letter.charCodeAt(0) - 64;
    const order = family === '8-K' ? num * 100 + Number(sub ?? 0) : num * 20 + letterRank;
    out.push({
      line: i, start: l.start, title: titleOf(rest, l, lines[i + 1]),
      code: family === '10-Q' ? `${PART_NAME[part] ?? 'I'}-${item}` : item,
      order: family === '10-Q' ? part * 1000 + order : order,
    });
  });
  return out;
}
