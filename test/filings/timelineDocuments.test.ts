// The timeline's `documents` of each filing (sql/80_filings/40_filing_timeline.sql) on the fixtures' 8-K full
// submissions: the exhibits and slides in the order the submission lists them, read here from its <DOCUMENT> blocks;
// not the primary document, not the XBRL and other machine-readable parts, images only from 50 KB.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';
import { listedDocuments, submissionParts, submissionText } from '../helpers/submissionParts.ts';

const FOLDER = fixture('edgar', 'filings', '8-K');
const FILES = fixturesPresent && fs.existsSync(FOLDER) ? fs.readdirSync(FOLDER).filter((f) => /\.txt(\.gz)?$/.test(f)).map((f) => path.join(FOLDER, f)) : [];

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
      const raw = submissionText(file);
      const accession = defined(/ACCESSION NUMBER:\s*(\S+)/.exec(raw)?.[1], 'accession');
      const ciks = [...raw.matchAll(/CENTRAL INDEX KEY:\s*(\d+)/g)].map((m) => Number(m[1]));
      const expected = listedDocuments(submissionParts(raw));
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
