// The <DOCUMENT> blocks of an SEC full submission read with plain patterns (not our parser), and the timeline's rule for
// which of them a filing lists as its documents, so a test can hold our rows against the submission itself.
import fs from 'node:fs';
import zlib from 'node:zlib';

export interface Part { type: string; filename: string; bytes: number }

/** A fixture file's text (a .gz decompressed), latin1 as SEC submissions are read. */
export function submissionText(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1');
}

/** The <DOCUMENT> blocks of a full submission: type, filename and the size of the file (a uuencoded image decoded). */
export function submissionParts(raw: string): Part[] {
  return raw.split('<DOCUMENT>').slice(1).map((block) => {
    const tag = (name: string) => (new RegExp(`<${name}>([^\\n<]*)`).exec(block)?.[1] ?? '').trim();
    const at = block.indexOf('<TEXT>');
    const body = block.slice(at + 6, block.indexOf('</TEXT>', at)).trim();
    const uu = /^begin \d{3} /i.test(body);
    // each uuencoded line carries (first character - 32) bytes
    const bytes = uu ? body.split('\n').slice(1).reduce((n, l) => n + (l === '' || l.startsWith('end') || l.startsWith('`') ? 0 : ((l.charCodeAt(0) - 32) & 63)), 0)
      : Buffer.byteLength(body, 'latin1');
    return { type: tag('TYPE'), filename: tag('FILENAME'), bytes };
  });
}

/** The spec's documents of a filing: exhibits and slides after the primary document, no machine parts, images from 50 KB. */
export function listedDocuments(parts: readonly Part[]): string[] {
  return parts.slice(1).filter((p) => p.filename !== '' && !/^(EX-101|XML|JSON|ZIP|EXCEL)/i.test(p.type) && !/\.(xml|xsd|json|zip|xlsx?)$/i.test(p.filename)
    && (!(p.type === 'GRAPHIC' || /\.(jpe?g|gif|png)$/i.test(p.filename)) || p.bytes >= 51200)).map((p) => p.filename);
}
