// The only differences a citation quote may have from the document: whitespace (runs, non-breaking and zero-width
// spaces, line breaks) and typographic quote marks. Nothing else is folded: not case, not dashes, not punctuation.
export function normalizeQuoteText(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/g, "'")
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/\u200B|\u200C|\u200D|\uFEFF/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
