// The one warehouse state object the Engine owns: a reader opens without creating anything, the version changes with
// each ingest, and "stored periods are current" follows the materialization without a restart.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../../engine/db/Engine.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import { fixture, tempDir } from '../helpers/tempWarehouse.ts';
import { CIK_BUCKETS } from '../../engine/db/cikBuckets.ts';
import { defined } from '../helpers/defined.ts';

let writer: Engine;
let dir: string;

before(async () => {
  dir = tempDir('state-');
  writer = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 1 });
});
after(() => { writer.close(); });

function listing(root: string): string[] {
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort();
}

test('a reader refuses a folder that holds no warehouse instead of creating one', async () => {
  const empty = tempDir('no-wh-');
  await assert.rejects(Engine.open({ warehouseDir: empty, mode: 'read', threads: 1 }), /no warehouse at .*npm run ingest/);
  assert.deepEqual(fs.readdirSync(empty), []);
});

test('a reader opens the warehouse without writing a file into it', async () => {
  const before = listing(dir);
  const reader = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1 });
  reader.close();
  assert.deepEqual(listing(dir), before);
});

test('the version moves with each ingest, periodsCurrent follows the materialization, and SQL buckets as TypeScript says', async () => {
  const reader = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1 });
  try {
    const empty = reader.warehouse();
    assert.equal(empty.periodsCurrent, false);
    await ingestPaths(writer, [fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz')]);
    const ingested = reader.warehouse();
    assert.notEqual(ingested.version, empty.version);
    assert.equal(ingested.version.split(':')[0], String(fs.readdirSync(path.join(dir, '_manifest')).filter((n) => n.endsWith('.json')).length));
    await materializePeriods(writer);
    // seen within a second (the periods files are re-checked at most once a second)
    const deadline = Date.now() + 3000;
    while (!reader.warehouse().periodsCurrent && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(reader.warehouse().periodsCurrent, true);
    assert.equal(reader.warehouse().version, ingested.version, 'the materialization is not new data: ETags stay valid');
    const [row] = await reader.query<{ b: number }>('SELECT cik_bucket(320193) AS b');
    assert.equal(defined(row, 'row').b, 320193 % CIK_BUCKETS);
    const [big] = await reader.query<{ b: number }>('SELECT cik_bucket(9999999999) AS b');
    assert.equal(defined(big, 'big').b, 9999999999 % CIK_BUCKETS);
    assert.equal(reader.warehouse().cikBuckets, CIK_BUCKETS);
  } finally {
    reader.close();
  }
});
