// Streams a document through saxes (strict, namespace-aware SAX) and turns any well-formedness error into an
// IngestError with line and column. fast-xml-parser was measured and rejected here: it silently accepts
// mismatched and unclosed tags (a truncated instance would load half its facts) and ran ~4x slower once its
// separate validator was added.
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';

export interface XmlHandlers {
  open(tag: SaxesTagNS): void;
  close(tag: SaxesTagNS): void;
  text(text: string): void;
}

/** Resolves a prefix in the scope of the element being opened or closed. */
export type Resolve = (prefix: string) => string | undefined;

// Inline XBRL must be XHTML, yet a few filing agents emit the common HTML entities; accept those rather than
// reject a whole filing. Anything else undefined stays a well-formedness error.
const HTML_ENTITIES: Record<string, string> = {
  nbsp: '\u00a0', ensp: '\u2002', emsp: '\u2003', thinsp: '\u2009', ndash: '\u2013', mdash: '\u2014',
  lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d', bull: '\u2022', middot: '\u00b7',
  hellip: '\u2026', copy: '\u00a9', reg: '\u00ae', trade: '\u2122', sect: '\u00a7', para: '\u00b6',
  dagger: '\u2020', Dagger: '\u2021', cent: '\u00a2', pound: '\u00a3', euro: '\u20ac', yen: '\u00a5',
  deg: '\u00b0', frac12: '\u00bd', frac14: '\u00bc', frac34: '\u00be', times: '\u00d7', minus: '\u2212',
};

const CHUNK = 1 << 20;

/** The text encoding an XML declaration names, mapped to a TextDecoder label (UTF-8 when absent or unknown). */
function encodingOf(bytes: Buffer): string {
  const decl = bytes.subarray(0, 200).toString('latin1').match(/^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/);
  const enc = decl?.[1]?.toLowerCase() ?? 'utf-8';
  return enc === 'iso-8859-1' || enc === 'latin1' || enc === 'windows-1252' || enc === 'cp1252' ? 'windows-1252' : 'utf-8';
}

/**
 * Parse the whole document, calling the handlers made by `make` (which receives the scoped prefix resolver).
 * Handlers may throw IngestError; it propagates unchanged.
 */
export function parseXml(file: SourceFile, kind: string, make: (resolve: Resolve) => XmlHandlers): void {
  const parser = new SaxesParser({ xmlns: true, position: true });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);
  const h = make((prefix) => parser.resolve(prefix));
  parser.on('opentag', (tag) => { h.open(tag); });
  parser.on('closetag', (tag) => { h.close(tag); });
  parser.on('text', (t) => { h.text(t); });
  parser.on('cdata', (t) => { h.text(t); });
  parser.on('error', (err) => {
    throw new IngestError(file.name, `${kind}: malformed XML (${err.message})`);
  });
  let bytes = file.bytes;
  let start = 0;
  while (start < bytes.length && (bytes[start] === 0x20 || bytes[start] === 0x0a || bytes[start] === 0x0d || bytes[start] === 0x09)) start++;
  if (bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) start += 3;
  bytes = bytes.subarray(start);
  const decoder = new TextDecoder(encodingOf(bytes));
  try {
    for (let i = 0; i < bytes.length; i += CHUNK) {
      parser.write(decoder.decode(bytes.subarray(i, i + CHUNK), { stream: i + CHUNK < bytes.length }));
    }
    parser.close();
  } catch (err) {
    if (err instanceof IngestError) throw err;
    throw new IngestError(file.name, `${kind}: malformed XML (${(err as Error).message})`, { cause: err });
  }
}

/** An attribute's value by its qualified name as written (`contextRef`, `xsi:nil`), or undefined. */
export function attr(tag: SaxesTagNS, name: string): string | undefined {
  return tag.attributes[name]?.value;
}

/** The value of an attribute in the given namespace, whatever prefix the document bound to it. */
export function attrNs(tag: SaxesTagNS, uri: string, local: string): string | undefined {
  for (const key in tag.attributes) {
    if (!key.endsWith(local)) continue;
    const a = tag.attributes[key];
    if (a && a.local === local && a.uri === uri) return a.value;
  }
  return undefined;
}
