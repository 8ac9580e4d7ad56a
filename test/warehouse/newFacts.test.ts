// new_facts() reads held keys only for the batch's companies and no longer materializes the staged batch twice: on
// every fixture companyfacts document, staged over a warehouse already holding some of them, it yields exactly the
// rows the previous macro did (its text kept here as the reference), EXCEPT ALL both ways.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths, parseFile } from '../../engine/ingest/ingest.ts';
import { Batch } from '../../engine/ingest/Batch.ts';
import { appendRows, clearStaging } from '../../engine/warehouse/commitBatch.ts';
import { facts } from '../../engine/warehouse/datasets.ts';

// the macro before issue 18's write pass: held keys of every staged bucket, the staged CTE read twice
const PREVIOUS = `
WITH staged AS (SELECT DISTINCT * FROM final_facts()),
held AS (SELECT DISTINCT source, accession FROM src_facts WHERE bucket IN (SELECT DISTINCT bucket FROM staged))
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.accession = h.accession`;

function companyFactsFiles(): string[] {
  const dirs = [fixture('sec-datasets', 'bulk-json', 'companyfacts'), fixture('edgar', 'companyfacts')];
  return dirs.filter((d) => fs.existsSync(d)).flatMap((d) => fs.readdirSync(d).filter((f) => /^CIK\d{10}\.json(\.gz)?$/.test(f)).map((f) => path.join(d, f)));
}

test('new_facts() writes exactly the rows the previous macro did, over a warehouse holding part of the batch', async () => {
  const files = companyFactsFiles();
  assert.ok(files.length > 1, 'needs at least two companyfacts fixtures');
  const { engine, cleanup } = await openTempEngine();
  try {
    // the first document is committed: its facts are held and must not come back
    await ingestPaths(engine, [files[0] ?? '']);
    const batch = new Batch();
    for (const file of files) {
      const raw = fs.readFileSync(file);
      parseFile({ name: file, bytes: file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw }, batch);
    }
    const c = engine.writerConnection;
    await clearStaging(c);
    await appendRows(c, facts, batch.facts);
    const count = async (sql: string): Promise<number> => Number((await c.runAndReadAll(`SELECT count(*) FROM (${sql})`)).getRows()[0]?.[0]);
    const fresh = await count('SELECT * FROM new_facts()');
    const held = await count('SELECT * FROM src_facts');
    assert.ok(held > 0 && fresh > 0, `held ${String(held)}, new ${String(fresh)}`);
    assert.equal(fresh, await count(PREVIOUS));
    assert.equal(await count(`(SELECT * FROM new_facts()) EXCEPT ALL (${PREVIOUS})`), 0);
    assert.equal(await count(`(${PREVIOUS}) EXCEPT ALL (SELECT * FROM new_facts())`), 0);
  } finally {
    cleanup();
  }
});
