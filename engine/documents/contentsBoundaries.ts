// Where a prospectus's own table of contents says its sections begin: the titles its contents rows list ("Description
// of Debt Securities | 6"), found again as a line of their own after the list, bound the sections around them,
// named or not, so a section never runs over the unnamed ones that follow it; so does the registration statement's
// Part II ("Information not required in prospectus").
import { normaliseLine, type TextLine } from './textLines.ts';

/** A page reference closing a contents row: 12, iv, S-3, F-1. */
const PAGE = /^(?:\d{1,3}|[ivxlc]{1,6}|[a-z]{1,2}-\d{1,3})$/i;
/** A contents row's title may be separated from its page by this many lines without ending the list ("Page" headers). */
const ROW_GAP = 3;
/** Fewer rows than this are a table that happens to end in a number, not a contents list. */
const MIN_ROWS = 3;

export const titleKey = (s: string): string => s.toLowerCase().replace(/[.\s]+$/, '').replace(/\s+/g, ' ').trim();

/** The title of a contents row ("Risk Factors | 2", "Risk Factors ....... 2"), else null. */
function rowTitle(line: TextLine): string | null {
  const cells = line.raw.split(' | ').map(normaliseLine).filter((c) => c !== '');
  if (cells.length >= 2) {
    const first = cells[0] ?? '';
    return PAGE.test(cells.at(-1) ?? '') && /[a-z]{3}/i.test(first) && first.length <= 120 ? titleKey(first.replace(/\.{2,}.*$/, '')) : null;
  }
  const dotted = /^(.*?[a-z)])\s*\.{3,}\s*(\S+)$/i.exec(line.norm);
  return dotted && PAGE.test(dotted[2] ?? '') && dotted[1] !== undefined ? titleKey(dotted[1]) : null;
}

export interface ContentsBoundaries {
  /** Every title the contents lists (lower case). */
  titles: Set<string>;
  /** Lines where a listed section begins in the body, and Part II lines: sorted. */
  lines: number[];
  /** Every listed section found in the body is written in capitals. */
  upperCase: boolean;
}

/** Where each title of a list next stands alone after the list: the body of what it lists. */
function bodyLines(lines: readonly TextLine[], block: { end: number; titles: string[] }): number[] {
  const wanted = new Set(block.titles);
  const at: number[] = [];
  for (let i = block.end + 1; i < lines.length && wanted.size > 0; i++) {
    const key = titleKey(lines[i]?.norm ?? '');
    // a heading wrapped onto a second line ("MANAGEMENT'S DISCUSSION AND ANALYSIS OF" / "FINANCIAL CONDITION ...")
    const wrapped = `${key} ${titleKey(lines[i + 1]?.norm ?? '')}`;
    const hit = wanted.has(key) ? key : wanted.has(wrapped) ? wrapped : null;
    if (hit !== null) {
      wanted.delete(hit);
      at.push(i);
    }
  }
  return at;
}

/**
 * `headingLines`: the lines of the document's named headings. A list right under one of them is that section's own
 * index (the financial statements an "Index to Financial Statements" lists), whose parts do not end it.
 */
export function contentsBoundaries(lines: readonly TextLine[], headingLines: ReadonlySet<number> = new Set()): ContentsBoundaries {
  const blocks: { start: number; end: number; titles: string[] }[] = [];
  let current: { start: number; end: number; titles: string[] } | null = null;
  lines.forEach((l, i) => {
    const title = rowTitle(l);
    if (title !== null && title !== '') {
      if (!current || i - current.end > ROW_GAP) {
        current = { start: i, end: i, titles: [] };
        blocks.push(current);
      }
      current.titles.push(title);
      current.end = i;
    }
  });
  const introduced = (b: { start: number }) => [1, 2, 3].some((k) => headingLines.has(b.start - k));
  // a list is a contents list when most of what it lists is found in the body after it (a financial table whose rows
  // end in a note number is not)
  const lists = blocks.map((b) => ({ ...b, body: bodyLines(lines, b) }))
    .filter((b) => b.titles.length >= MIN_ROWS && b.body.length * 2 >= b.titles.length && !introduced(b));
  const titles = new Set(lists.flatMap((b) => b.titles));
  const found = new Set<number>(lists.flatMap((b) => b.body));
  const listed = [...found];
  const upperCase = listed.length > 0 && listed.every((i) => {
    const norm = lines[i]?.norm ?? '';
    return norm === norm.toUpperCase();
  });
  if (lists.length > 0) {
    lines.forEach((l, i) => {
      if (l.norm.length < 80 && /^part ii(?![i])\b|^information not required in (?:the )?prospectus/i.test(l.norm)) found.add(i);
    });
  }
  return { titles, lines: [...found].sort((a, b) => a - b), upperCase };
}
