// XBRL namespace URIs and the conventional prefix of each well-known taxonomy, so that a concept comes out as
// `us-gaap:Revenues` whatever prefix (or default namespace) the document happened to bind.

export const NS = {
  xbrli: 'http://www.xbrl.org/2003/instance',
  xbrldi: 'http://xbrl.org/2006/xbrldi',
  link: 'http://www.xbrl.org/2003/linkbase',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  ix: ['http://www.xbrl.org/2013/inlineXBRL', 'http://www.xbrl.org/2008/inlineXBRL'],
} as const;

export function isInlineNs(uri: string): boolean {
  return uri === NS.ix[0] || uri === NS.ix[1];
}

// Year-versioned taxonomy namespaces: the prefix is fixed by convention, the version part varies.
const STANDARD: [RegExp, string | ((m: RegExpMatchArray) => string)][] = [
  [/^https?:\/\/(?:fasb\.org|xbrl\.us)\/(us-gaap|srt|us-types|us-roles)\//, (m) => m[1] ?? ''],
  [/^https?:\/\/xbrl\.us\/(dei)\//, 'dei'],
  [/^https?:\/\/xbrl\.ifrs\.org\/taxonomy\/[^/]+\/ifrs-full$/, 'ifrs-full'],
  // dei, country, currency, ecd, exch, stpr, naics, sic, invest, ffd, rr, oef, cef, spac, ...
  [/^https?:\/\/xbrl\.sec\.gov\/([a-z][a-z0-9-]*)\//, (m) => m[1] ?? ''],
  [/^http:\/\/www\.xbrl\.org\/2003\/iso4217$/, 'iso4217'],
  [/^http:\/\/www\.xbrl\.org\/2003\/instance$/, 'xbrli'],
  [/^http:\/\/www\.xbrl\.org\/\d{4}\/utr$/, 'utr'],
];

// Both memo tables below are keyed by namespace URI, and every company (every filing, for older ones) has its own
// extension namespace: over a whole-universe ingest they would grow for the life of the process. Each is bounded and
// simply starts over when full; the standard taxonomies a batch uses are back after a few facts.
export const MAX_NAMESPACES = 2_048;
const MAX_NAMES_PER_PREFIX = 100_000;

const cache = new Map<string, string | null>();

/** Memo entries held now (for the test that they stay bounded). */
export function namespaceCacheSize(): { prefixes: number; names: number } {
  return { prefixes: cache.size, names: names.size };
}

/** The conventional prefix of a well-known taxonomy namespace, or null for an extension (company) namespace. */
export function standardPrefix(uri: string): string | null {
  let hit = cache.get(uri);
  if (hit !== undefined) return hit;
  hit = null;
  for (const [re, prefix] of STANDARD) {
    const m = uri.match(re);
    if (m) {
      hit = typeof prefix === 'string' ? prefix : prefix(m);
      break;
    }
  }
  if (cache.size >= MAX_NAMESPACES) cache.clear();
  cache.set(uri, hit);
  return hit;
}

/**
 * Name a QName: the standard prefix for well-known taxonomies, else the prefix the document used.
 * An unprefixed name in an unknown default namespace keeps Clark notation `{uri}local` (never seen on EDGAR).
 */
export function conceptName(uri: string, docPrefix: string, local: string): string {
  // Called once per fact: memoised per namespace and prefix so the same concept is one shared string.
  let byPrefix = names.get(uri);
  if (!byPrefix) {
    if (names.size >= MAX_NAMESPACES) names.clear();
    names.set(uri, (byPrefix = new Map<string, Map<string, string>>()));
  }
  let byLocal = byPrefix.get(docPrefix);
  if (!byLocal) byPrefix.set(docPrefix, (byLocal = new Map<string, string>()));
  let name = byLocal.get(local);
  if (name === undefined) {
    const prefix = standardPrefix(uri) ?? (docPrefix !== '' ? docPrefix : null);
    name = prefix !== null ? `${prefix}:${local}` : uri === '' ? local : `{${uri}}${local}`;
    if (byLocal.size < MAX_NAMES_PER_PREFIX) byLocal.set(local, name);
  }
  return name;
}

const names = new Map<string, Map<string, Map<string, string>>>();
