// Figures claimed in a model's free text ("$2.1 billion", "4.4%") must be one of the company's XBRL figures (or a
// ratio/total the fact profile derives from them) within the rounding the text uses; a sentence with a figure that
// matches none is removed. Quotes are not checked here: they are verbatim document text, verified elsewhere.
const MONEY = /\$\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*(trillion|billion|million|thousand|bn|mn|[BMK]\b)?/gi;
const PERCENT = /(\d+)(\.\d+)?\s?(?:%|percent\b)/gi;
const SCALE: Record<string, number> = { trillion: 1e12, billion: 1e9, bn: 1e9, b: 1e9, million: 1e6, mn: 1e6, m: 1e6, thousand: 1e3, k: 1e3 };

export interface KnownFigures {
  /** Monetary amounts in the reporting currency (facts, and totals derived from facts). */
  amounts: number[];
  /** Ratios as fractions of 1 (derived from facts). */
  ratios: number[];
}

function matches(stated: number, decimals: number, scale: number, known: number[]): boolean {
  // "2.1 billion" stands for anything that rounds to it: half a unit of its last digit either way
  const tolerance = 0.5 * 10 ** -decimals * scale * (1 + 1e-9);
  return known.some((k) => Math.abs(Math.abs(k) - stated) <= tolerance);
}

/** The figures in `text` that match no known figure. */
export function unsupportedFigures(text: string, known: KnownFigures): string[] {
  const bad: string[] = [];
  for (const m of text.matchAll(MONEY)) {
    const decimals = m[2] ? m[2].length - 1 : 0;
    const scale = SCALE[(m[3] ?? '').toLowerCase()] ?? 1;
    const stated = Number(`${(m[1] ?? '').replace(/,/g, '')}${m[2] ?? ''}`) * scale;
    if (!matches(stated, decimals, scale, known.amounts)) bad.push(m[0].trim());
  }
  for (const m of text.matchAll(PERCENT)) {
    const decimals = m[2] ? m[2].length - 1 : 0;
    const stated = Number(`${m[1] ?? ''}${m[2] ?? ''}`);
    if (!matches(stated, decimals, 1, known.ratios.map((r) => r * 100))) bad.push(m[0].trim());
  }
  return bad;
}

/** The text without its sentences that claim an unsupported figure. */
export function keepSupportedSentences(text: string, known: KnownFigures): string {
  const sentences = text.split(/(?<=[.;!?])\s+/);
  return sentences.filter((s) => unsupportedFigures(s, known).length === 0).join(' ').trim();
}
