// The one warehouse state object the Engine owns: a reader opens without creating anything, the version changes with
// each ingest (this process's or another's, seen by the next request), and "stored periods are current" follows the
// materialization without a restart.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../../engine/db/Engine.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { WarehouseState } from '../../engine/db/WarehouseState.ts';
import { runIngestCli } from '../helpers/runIngestCli.ts';
import { startTestApp } from './testApp.ts';
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

test('stored periods becoming current are seen by the next call, not a second later', async () => {
  const { engine, dir: wh, cleanup } = await openTempEngine('write');
  let clock = Date.now();
  const state = new WarehouseState(wh, () => clock);
  try {
    await ingestPaths(engine, [fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz')]);
    // the listing settled (its mtime older than the racy window), then the clock stops: within the same second of
    // the last look, only the rule "look again while stale" sees the refresh
    await new Promise((r) => setTimeout(r, 150));
    clock = Date.now();
    assert.equal(state.current().periodsCurrent, false, 'ingested, not materialized');
    await materializePeriods(engine);
    await Promise.resolve();
    assert.equal(state.current().periodsCurrent, true);
  } finally {
    cleanup();
  }
});

test('one snapshot per synchronous run: a commit landing in between is seen after the run yields, never within it', async () => {
  const { dir: wh, cleanup } = await openTempEngine('read');
  const reader = await Engine.open({ warehouseDir: wh, mode: 'read', threads: 1 });
  try {
    const first = reader.warehouse();
    // a manifest renamed into place as a commit does (another process's, as far as this reader can tell)
    fs.writeFileSync(path.join(wh, '_manifest', 'a-batch.json'), '{}');
    assert.equal(reader.warehouse(), first, 'the same synchronous run shares its snapshot');
    await Promise.resolve();
    const next = reader.warehouse();
    assert.notEqual(next.version, first.version);
    assert.equal(next.version, '1:a-batch.json');
  } finally {
    reader.close();
    cleanup();
  }
});

test('a commit inside the timestamp tick of the last one (a coarse file-system clock) is still seen', async () => {
  const { dir: wh, cleanup } = await openTempEngine('read');
  const manifests = path.join(wh, '_manifest');
  // every change stamps the folder with the same mtime, as a file system whose clock ticks every 10 ms would
  const tick = new Date(Math.floor(Date.now() / 1000) * 1000);
  const commit = (name: string): void => {
    fs.writeFileSync(path.join(manifests, name), '{}');
    fs.utimesSync(manifests, tick, tick);
  };
  commit('a-batch.json');
  const state = new WarehouseState(wh, () => tick.getTime() + 5);
  try {
    assert.equal(state.current().version, '1:a-batch.json');
    await Promise.resolve();
    commit('b-batch.json');
    await Promise.resolve();
    assert.equal(state.current().version, '2:b-batch.json', 'the stamp did not move, the listing did');
  } finally {
    cleanup();
  }
});

test('an ingest by another process (the CLI) is seen by the next request: new ETag, new answer', async () => {
  const { dir: wh, cleanup } = await openTempEngine('write');
  const reader = await Engine.open({ warehouseDir: wh, mode: 'read', threads: 1 });
  const app = await startTestApp(reader);
  try {
    const url = `${app.base}/api/company/details?cik=1465740`;
    const headers = { Authorization: `Bearer ${app.tokens.Pro}` };
    const before = await fetch(url, { headers });
    assert.equal(before.status, 400, 'the company is not in the warehouse yet');
    const cli = await runIngestCli([fixture('edgar', 'submissions', 'CIK0001465740.json.gz')], { FILINGS_WAREHOUSE: wh });
    assert.equal(cli.code, 0, cli.stderr);
    const after = await fetch(url, { headers });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.get('etag'), before.headers.get('etag'));
    const submissions = JSON.parse(zlib.gunzipSync(fs.readFileSync(fixture('edgar', 'submissions', 'CIK0001465740.json.gz'))).toString('utf8')) as { name: string };
    assert.equal(((await after.json()) as { name: string }).name, submissions.name);
  } finally {
    await app.close();
    reader.close();
    cleanup();
  }
});
