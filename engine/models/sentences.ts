// Deterministic reading of a document's sections for the offline provider: sentences cut from a section's text,
// chosen by keywords (most distinct keywords first, then earliest), and phrase detection for list fields.
import type { DocumentSection, ModelDocument } from './modelTypes.ts';

export interface Pick { section: string; quote: string }

const MIN = 40;
const MAX = 380;

/** Prose sentences of a section: table rows, headings and fragments (too short, too long, mostly digits) left out. */
export function sentencesOf(text: string): string[] {
  // paragraph by paragraph: a heading or page number on its own line never starts a sentence
  return text
    .split(/\n+/)
    .flatMap((paragraph) => paragraph.split(/(?<=[.!?])\s+(?=[A-Z"\u201C(])/))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= MIN && s.length <= MAX && /[.!?]$/.test(s) && /^[A-Z"\u201C(]/.test(s))
    .filter((s) => (s.match(/\d/g)?.length ?? 0) / s.length < 0.08 && !/\t|\|/.test(s));
}

/** Sections whose name matches one of `wanted` (in that order of preference). */
export function sectionsNamed(doc: ModelDocument, wanted: RegExp[]): DocumentSection[] {
  const out: DocumentSection[] = [];
  for (const w of wanted) for (const s of doc.sections) if (w.test(s.name) && !out.includes(s)) out.push(s);
  return out;
}

/** Up to `n` sentences with the most distinct keyword hits (ties: the earlier section, then the earlier sentence). */
export function pickSentences(sections: DocumentSection[], keywords: RegExp[], n = 2): Pick[] {
  const scored: { pick: Pick; score: number; order: number }[] = [];
  let order = 0;
  for (const section of sections) {
    for (const sentence of sentencesOf(section.text)) {
      const score = keywords.filter((k) => k.test(sentence)).length;
      if (score > 0) scored.push({ pick: { section: section.name, quote: sentence }, score, order });
      order++;
    }
  }
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const seen = new Set<string>();
  const out: Pick[] = [];
  for (const s of scored) {
    if (seen.has(s.pick.quote)) continue;
    seen.add(s.pick.quote);
    out.push(s.pick);
    if (out.length === n) break;
  }
  return out;
}

/** Labels whose pattern occurs in the sections' text, most mentioned first (ties: table order). */
export function detect(sections: DocumentSection[], table: readonly (readonly [string, RegExp])[], max = 5): string[] {
  const text = sections.map((s) => s.text).join('\n');
  return table
    .map(([label, re], i) => ({ label, hits: text.match(new RegExp(re.source, 'gi'))?.length ?? 0, i }))
    .filter((r) => r.hits > 0)
    .sort((a, b) => b.hits - a.hits || a.i - b.i)
    .slice(0, max)
    .map((r) => r.label);
}
