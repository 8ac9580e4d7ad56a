// The timeline's `documents` of each filing (sql/80_filings/40_filing_timeline.sql) on the fixtures' 8-K full
// submissions: the exhibits and slides in the order the submission lists them, read here from its <DOCUMENT> blocks;
// not the primary document, not the XBRL and other machine-readable parts, images only from 50 KB.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

const FOLDER = fixture('edgar', 'filings', '8-K');
const FILES = fixturesPresent && fs.existsSync(FOLDER) ? fs.readdirSync(FOLDER).filter((f) => /\.txt(\.gz)?$/.test(f)).map((f) => path.join(FOLDER, f)) : [];

interface Part { type: string; filename: string; bytes: number }

/** The <DOCUMENT> blocks of a full submission: type, filename and the size of the file (a uuencoded image decoded). */
function parts(raw: string): Part[] {
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

describe('timeline documents from the filing document lists', () => {
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, FILES);
  });
  after(() => { cleanup(); });

  test('each 8-K lists its exhibits and large images in filing order', async () => {
    let checked = 0;
    for (const file of FILES) {
      const raw = (file.endsWith('.gz') ? zlib.gunzipSync(fs.readFileSync(file)) : fs.readFileSync(file)).toString('latin1');
      const accession = defined(/ACCESSION NUMBER:\s*(\S+)/.exec(raw)?.[1], 'accession');
      const ciks = [...raw.matchAll(/CENTRAL INDEX KEY:\s*(\d+)/g)].map((m) => Number(m[1]));
      const [, ...attached] = parts(raw);
      const expected = attached.filter((p) => p.filename !== '' && !/^(EX-101|XML|JSON|ZIP|EXCEL)/i.test(p.type) && !/\.(xml|xsd|json|zip|xlsx?)$/i.test(p.filename)
        && (!(p.type === 'GRAPHIC' || /\.(jpe?g|gif|png)$/i.test(p.filename)) || p.bytes >= 51200)).map((p) => p.filename);
      // the filing as the first filer of its header sees it
      const [row] = await engine.query<{ recent: string[] }>('SELECT recent FROM filing_timeline($1)', [defined(ciks[0], 'cik')]);
      const entry = (row?.recent ?? []).map((r) => JSON.parse(r) as { accessionNumber: string; documents?: string[] })
        .find((r) => r.accessionNumber === accession);
      if (!entry) continue; // older than the filer's 10 newest filings in the fixtures
      checked++;
      assert.deepEqual(entry.documents ?? [], expected, path.basename(file));
    }
    assert.ok(checked > 0 || !fixturesPresent);
  });
});
