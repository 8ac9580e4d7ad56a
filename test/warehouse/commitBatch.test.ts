// The warehouse's promises: a batch lands whole or not at all, re-ingest changes nothing, a crash is recovered.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { openTempEngine, fixture, tempDir, warehouseCounts } from '../helpers/tempWarehouse.ts';
import { ingestPaths, IngestFailed } from '../../engine/ingest/ingest.ts';
import { acquireWriterLock, recoverStaging } from '../../engine/warehouse/commitBatch.ts';
import { defined } from '../helpers/defined.ts';
import * as v from 'valibot';

// the fields of a batch manifest this test moves files by; loose, so the manifest re-written into the journal keeps every key
const ManifestSchema = v.looseObject({ batchId: v.string(), files: v.array(v.string()) });

const SNOW = fixture('edgar', 'companyfacts', 'CIK0001640147.json.gz');
const LPA = fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz');

test('an empty warehouse opens and every source view binds with zero rows', async () => {
  const { engine, cleanup } = await openTempEngine('read');
  try {
    assert.deepEqual(await warehouseCounts(engine), { facts: 0, filings: 0, entities: 0, securities: 0 });
  } finally {
    cleanup();
  }
});

test('ingesting the same companyfacts file twice leaves every row count unchanged', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    const first = await ingestPaths(engine, [SNOW]);
    // Snowflake's companyfacts file holds 8,163 facts over 19 accessions (its MANIFEST row)
    assert.equal(first.rows.facts, 8163);
    assert.equal(first.rows.filings, 19);
    const before = await warehouseCounts(engine);
    const second = await ingestPaths(engine, [SNOW]);
    assert.equal(second.rows.facts, 0);
    assert.ok(second.manifests.length > 0);
    assert.equal(second.manifests.every((m) => m.files.length === 0), true);
    assert.deepEqual(await warehouseCounts(engine), before);
  } finally {
    cleanup();
  }
});

test('a batch with one truncated file is rejected whole, naming the file, and the warehouse is unchanged', async () => {
  const { engine, cleanup } = await openTempEngine();
  const inputs = tempDir('inputs-');
  try {
    await ingestPaths(engine, [LPA]);
    const before = await warehouseCounts(engine);
    fs.copyFileSync(SNOW, path.join(inputs, 'good.json.gz'));
    const text = fs.readFileSync(fixture('sec-datasets', 'bulk-json', 'companyfacts', 'CIK0000865941.json'), 'utf8');
    const truncated = path.join(inputs, 'truncated.json');
    fs.writeFileSync(truncated, text.slice(0, Math.floor(text.length / 2)));
    await assert.rejects(ingestPaths(engine, [inputs]), (err: unknown) => {
      assert.ok(err instanceof IngestFailed);
      assert.match(err.message, /truncated\.json: not valid JSON/);
      return true;
    });
    assert.deepEqual(await warehouseCounts(engine), before);
    assert.deepEqual(fs.readdirSync(path.join(engine.warehouseDir, '_staging')).filter((f) => f !== '.lock'), []);
  } finally {
    cleanup();
    fs.rmSync(inputs, { recursive: true, force: true });
  }
});

test('a crash before the commit journal leaves nothing behind once the next writer recovers', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    await assert.rejects(
      ingestPaths(engine, [SNOW], { beforeJournal: () => { throw new Error('simulated crash'); } }),
      /simulated crash/,
    );
    assert.equal((await warehouseCounts(engine)).facts, 0);
    const again = await ingestPaths(engine, [SNOW]);
    assert.equal(again.rows.facts, 8163);
  } finally {
    cleanup();
  }
});

test('a commit journal left by a crashed writer is rolled forward: files moved, manifest written', async () => {
  const { engine, dir, cleanup } = await openTempEngine();
  try {
    await ingestPaths(engine, [SNOW]);
    const manifests = fs.readdirSync(path.join(dir, '_manifest'));
    assert.equal(manifests.length, 1);
    // Rebuild the crashed state: move the committed files back into a staging folder with their journal.
    const manifest = v.parse(ManifestSchema, JSON.parse(fs.readFileSync(path.join(dir, '_manifest', defined(manifests[0], 'manifests[0]')), 'utf8')));
    const staging = path.join(dir, '_staging', manifest.batchId);
    const moves = manifest.files.map((rel) => {
      const from = path.join(staging, rel);
      fs.mkdirSync(path.dirname(from), { recursive: true });
      fs.renameSync(path.join(dir, rel), from);
      return { from: path.relative(dir, from), to: rel };
    });
    fs.rmSync(path.join(dir, '_manifest', defined(manifests[0], 'manifests[0]')));
    fs.writeFileSync(path.join(staging, 'COMMIT.json'), JSON.stringify({ batchId: manifest.batchId, moves, manifest }));
    assert.equal((await warehouseCounts(engine)).facts, 0);
    const release = acquireWriterLock(dir);
    const recovered = recoverStaging(dir);
    release();
    assert.deepEqual(recovered.rolledForward, [manifest.batchId]);
    assert.equal((await warehouseCounts(engine)).facts, 8163);
    assert.equal(fs.existsSync(staging), false);
  } finally {
    cleanup();
  }
});

test('a second writer is refused while a live process holds the lock, and a dead holder is taken over', () => {
  const dir = tempDir();
  try {
    fs.mkdirSync(path.join(dir, '_staging'), { recursive: true });
    fs.writeFileSync(path.join(dir, '_staging', '.lock'), String(process.ppid));
    assert.throws(() => acquireWriterLock(dir), /another ingest/);
    fs.writeFileSync(path.join(dir, '_staging', '.lock'), '999999999');
    const release = acquireWriterLock(dir);
    assert.equal(fs.readFileSync(path.join(dir, '_staging', '.lock'), 'utf8'), String(process.pid));
    release();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a live writer this process may not signal (EPERM) keeps its lock', { skip: process.getuid?.() !== 0 && 'needs root to start a writer under another user' }, () => {
  // regression: EPERM from kill(pid, 0) was read as "dead" and the lock of a live writer run by another user was taken
  const dir = tempDir();
  try {
    fs.mkdirSync(path.join(dir, '_staging'), { recursive: true, mode: 0o777 });
    fs.chmodSync(dir, 0o777);
    fs.chmodSync(path.join(dir, '_staging'), 0o777);
    fs.writeFileSync(path.join(dir, '_staging', '.lock'), String(process.pid), { mode: 0o666 });
    const script = `import { acquireWriterLock } from ${JSON.stringify(path.resolve('engine/warehouse/commitBatch.ts'))};
      try { acquireWriterLock(${JSON.stringify(dir)}); console.log('taken'); } catch (e) { console.log(e.message); }`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { uid: 65534, gid: 65534, encoding: 'utf8', timeout: 30_000 });
    assert.match(child.stdout, /another ingest \(pid \d+\)/, child.stderr);
    assert.equal(fs.readFileSync(path.join(dir, '_staging', '.lock'), 'utf8'), String(process.pid));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('one company is read from its own bucket folder only', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    await ingestPaths(engine, [SNOW, LPA]);
    const plan = await engine.query<{ explain_value: string }>("EXPLAIN SELECT count(*) FROM facts_of(1640147)");
    const text = plan.map((r) => Object.values(r).join('\n')).join('\n');
    // 1640147 % 64 = 27: the hive filter on bucket is pushed into the Parquet scan
    assert.match(text, /bucket/);
    const [row] = await engine.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM facts_of(1640147)');
    assert.equal(defined(row, 'row').n, 8163);
  } finally {
    cleanup();
  }
});
