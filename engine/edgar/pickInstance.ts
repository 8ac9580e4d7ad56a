// Finds the XBRL instance in a filing folder's index.json (for filings that are not inline XBRL, or whose
// extracted instance is missing): the .xml that is neither a linkbase, a schema nor EDGAR's FilingSummary.

const NOT_INSTANCE = /(_(cal|def|lab|pre|ref)\.xml|^FilingSummary\.xml|^MetaLinks\.json)$/i;

export function pickInstance(indexJson: unknown): string | null {
  const items = (indexJson as { directory?: { item?: unknown } } | null)?.directory?.item;
  if (!Array.isArray(items)) return null;
  const names = items
    .map((i) => (typeof (i as { name?: unknown } | null)?.name === 'string' ? ((i as { name: string }).name) : ''))
    .filter((n) => n.toLowerCase().endsWith('.xml') && !NOT_INSTANCE.test(n));
  // inline filings' extracted instance, then the classic <ticker>-<yyyymmdd>.xml, then any remaining candidate
  return names.find((n) => n.endsWith('_htm.xml')) ?? names.find((n) => /-\d{8}\.xml$/.test(n)) ?? names[0] ?? null;
}
