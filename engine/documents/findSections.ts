// Sectioning: the headings of a document's items or named sections, skipping its table of contents (a section
// begins where its body begins), each section ending where the next one (or the signatures) begins.
import type { Section, SectionFamily } from './Section.ts';
import type { Heading } from './Heading.ts';
import { textLines, type TextLine } from './textLines.ts';
import { sectionFamily } from './sectionFamily.ts';
import { itemHeadings, partOf } from './itemHeadings.ts';
import { namedHeadings } from './namedHeadings.ts';
import { contentsBoundaries, titleKey, type ContentsBoundaries } from './contentsBoundaries.ts';

/** Headings closer than this (in characters) to a neighbour are listed, not opened: a table of contents. */
const TOC_GAP = 400;

/** A heading is a table-of-contents entry when it sits in a dense run and the same code comes again later. */
function withoutContents(headings: readonly Heading[]): Heading[] {
  return headings.filter((h, i) => {
    const prev = headings[i - 1];
    const next = headings[i + 1];
    const dense = (prev !== undefined && h.start - prev.start < TOC_GAP) || (next !== undefined && next.start - h.start < TOC_GAP);
    return !(dense && headings.some((o, j) => j > i && o.code === h.code));
  });
}

/**
 * The longest run of headings in increasing canonical order; of equally long runs the one starting latest
 * (a contents list that survived is earlier than the body), continued by the earliest heading that keeps it longest.
 */
function inOrder(headings: readonly Heading[]): Heading[] {
  const n = headings.length;
  const best = new Array<number>(n).fill(1);
  for (let i = n - 1; i >= 0; i--) {
    const hi = headings[i];
    if (!hi) continue;
    for (let j = i + 1; j < n; j++) {
      const hj = headings[j];
      if (hj && hj.order > hi.order) best[i] = Math.max(best[i] ?? 1, (best[j] ?? 1) + 1);
    }
  }
  const top = Math.max(0, ...best);
  let at = -1;
  for (let i = 0; i < n; i++) if (best[i] === top) at = i;
  const out: Heading[] = [];
  while (at >= 0) {
    const h = headings[at];
    if (!h) break;
    out.push(h);
    const need = (best[at] ?? 1) - 1;
    at = need === 0 ? -1 : headings.findIndex((o, j) => j > at && o.order > h.order && best[j] === need);
  }
  return out;
}

/**
 * A heading the ordered run left out is still a section when body text follows it and its code is not already in
 * the run: an ABS 10-K lists the items it omits (General Instruction J) as a table, then answers Item 1B out of
 * order. A table-of-contents entry is followed by the next entry, not by text, so it stays out.
 */
function withStragglers(chosen: readonly Heading[], all: readonly Heading[], lines: readonly TextLine[]): Heading[] {
  const codes = new Set(chosen.map((h) => h.code));
  const first = chosen[0]?.start ?? Number.POSITIVE_INFINITY;
  const headingLines = new Set(all.map((h) => h.line));
  const extra: Heading[] = [];
  for (const h of all) {
    if (codes.has(h.code) || h.start <= first) continue;
    let next = h.line + 1;
    while (next < lines.length && (lines[next]?.norm ?? '') === '') next++;
    const body = lines[next];
    if (body === undefined || headingLines.has(next) || introduces(body.norm)) continue;
    codes.add(h.code);
    extra.push(h);
  }
  return extra.length === 0 ? [...chosen] : [...chosen, ...extra].sort((a, b) => a.start - b.start);
}

/** Three or more named headings this close together are a contents list even when the body names them otherwise. */
const LISTED_GAP = 250;

function listed(headings: readonly Heading[], i: number): boolean {
  let from = i;
  let to = i;
  const near = (a: Heading | undefined, b: Heading | undefined) => a !== undefined && b !== undefined && b.start - a.start < LISTED_GAP;
  while (near(headings[from - 1], headings[from])) from--;
  while (near(headings[to], headings[to + 1])) to++;
  return to - from >= 2;
}

/** First body occurrence of each named section, in document order. */
function firstOfEach(all: readonly Heading[]): Heading[] {
  const seen = new Set<string>();
  const headings = all.filter((_, i) => !listed(all, i));
  return headings.filter((h) => {
    if (seen.has(h.code)) return false;
    seen.add(h.code);
    return true;
  });
}

/** A "PART II - OTHER INFORMATION" or 8-K "Section 9 - Financial Statements" line introduces what follows. */
function introduces(norm: string): boolean {
  return norm.length < 120 && (partOf(norm) !== null || /^section\s+\d{1,2}(?![\d.])/i.test(norm));
}

/** Where a section ends: before the next heading, less the Part or Section lines that introduce it. */
function endBefore(lines: readonly TextLine[], nextLine: number, floor: number): number {
  let l = nextLine - 1;
  while (l > floor) {
    const line = lines[l];
    if (!line || !introduces(line.norm)) break;
    l--;
  }
  const last = lines[l];
  return last ? last.end : 0;
}

function signaturesAfter(lines: readonly TextLine[], from: number): number | null {
  for (let l = from + 1; l < lines.length; l++) {
    const line = lines[l];
    if (line && /^signatures?$/i.test(line.norm.replace(/[.:\s]+$/, ''))) return l;
  }
  return null;
}

/**
 * A named heading the table of contents does not list, in a prospectus whose listed headings are all in capitals, is a
 * subheading when it is not: "Dividends" inside "DESCRIPTION OF CAPITAL STOCK" opens no section.
 */
function listedOrStyled(headings: readonly Heading[], lines: readonly TextLine[], contents: ContentsBoundaries): Heading[] {
  if (contents.titles.size === 0 || !contents.upperCase) return [...headings];
  return headings.filter((h) => {
    const norm = lines[h.line]?.norm ?? '';
    return contents.titles.has(titleKey(h.title)) || norm === norm.toUpperCase();
  });
}

export function findSections(text: string, form?: string | null, familyHint?: SectionFamily): Section[] {
  const lines = textLines(text);
  const family = familyHint ?? sectionFamily(form, text);
  const named = family === 'prospectus' ? namedHeadings(lines) : [];
  const contents = family === 'prospectus' ? contentsBoundaries(lines, new Set(named.map((h) => h.line))) : null;
  const chosen = contents
    ? firstOfEach(withoutContents(listedOrStyled(named, lines, contents)))
    : (() => {
      const headings = withoutContents(itemHeadings(lines, family));
      return withStragglers(inOrder(headings), headings, lines);
    })();
  return chosen.map((h, i) => {
    // the next section this one runs into: the next heading chosen, or sooner a section the contents lists
    const listedNext = contents?.lines.find((l) => l > h.line);
    const nextLine = Math.min(chosen[i + 1]?.line ?? Number.POSITIVE_INFINITY, listedNext ?? Number.POSITIVE_INFINITY);
    let end: number;
    if (Number.isFinite(nextLine)) end = endBefore(lines, nextLine, h.line);
    else {
      const sig = family === 'prospectus' ? null : signaturesAfter(lines, h.line);
      end = sig === null ? text.length : endBefore(lines, sig, h.line);
    }
    return { code: h.code, title: h.title || h.code, start: h.start, end: Math.max(end, lines[h.line]?.end ?? h.start) };
  });
}
