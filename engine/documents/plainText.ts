// Plain-text SEC documents (1990s filings, .txt exhibits) made readable: line endings unified, EDGAR's <PAGE>
// markers and the <TABLE>/<S>/<C>/<FN> tags of its text tables removed, trailing spaces and runs of blank lines cut.
const SGML_TEXT_TAG = /<\/?(?:PAGE|TABLE|CAPTION|S|C|FN)>/gi;

export function plainText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .replace(SGML_TEXT_TAG, '')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+/, '')
    .trimEnd();
}
