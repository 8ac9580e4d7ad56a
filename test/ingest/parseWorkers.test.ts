// Parse workers (engine/ingest/ParsePool.ts): zip members inflated and companyfacts documents parsed into typed fact
// columns off the main thread give the warehouse the main thread alone gives: every dataset's rows EXCEPT ALL both ways,
// DESCRIBE per dataset and per file, the same buckets, sorted facts files, as-reported answers after a refresh; also
// with small batches (companies held by an earlier batch), and a re-ingest adds nothing. A malformed member in the middle
// of a bulk zip is named in the error and leaves the warehouse as it was, and a worker that exits or throws fails the
// ingest instead of hanging it.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { glob, identityInputs, WarehouseComparer } from '../helpers/warehouseIdentity.ts';
import { IngestFailed, ingestPaths, type IngestOptions } from '../../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import { writeZip } from '../helpers/writeZip.ts';
import type { Engine } from '../../engine/db/Engine.ts';

let members = new Map<string, Buffer>();
let zip = '';
let inputs: string[] = [];
const opened: { cleanup: () => void }[] = [];
let cmp: WarehouseComparer;

before(async () => {
  cmp = await WarehouseComparer.open();
  // plain companyfacts files (read on the main thread, parsed by a worker) and a bulk zip (inflated by a worker)
  ({ paths: inputs, zip, members } = identityInputs('workers-src-', 13));
});
after(() => {
  cmp.close();
  for (const o of opened) o.cleanup();
});

const WORKERS = { parseWorkers: 2, parseWorkersFrom: 0 } as const;
const MAIN = { parseWorkers: 0 } as const;

async function build(paths: string[], options: IngestOptions): Promise<{ engine: Engine; dir: string }> {
  const wh = await openTempEngine('write');
  opened.push(wh);
  await ingestPaths(wh.engine, paths, { factsWriter: 'js', ...options });
  return wh;
}

/** What a warehouse holds on disk: every file but the lock, relative to its root. */
function contents(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile() && !f.includes('lock')).sort();
}

test('parse workers write the warehouse the main thread writes: rows, schema, order, buckets, as-reported; a re-ingest adds nothing', async () => {
  const workers = await build(inputs, WORKERS);
  const main = await build(inputs, MAIN);
  const facts = await cmp.scalar('SELECT count(*)::INTEGER AS n FROM read_parquet($p)', { p: glob(workers.dir, 'facts') });
  // the synthetic filers' facts alone, read from the documents: each distinct fact (every field companyfacts gives) once
  const documented = new Set<string>();
  type Fact = { end: string; start?: string; accn: string; val: number; fy?: number; fp?: string; form?: string; filed?: string; frame?: string };
  for (const bytes of members.values()) {
    const doc = JSON.parse(bytes.toString('utf8')) as { cik: number; facts: Record<string, Record<string, { units: Record<string, Fact[]> }>> };
    for (const [tax, concepts] of Object.entries(doc.facts)) {
      for (const [name, c] of Object.entries(concepts)) {
        for (const [u, list] of Object.entries(c.units)) {
          for (const f of list) documented.add(JSON.stringify([doc.cik, `${tax}:${name}`, u, f.end, f.start, f.accn, f.val, f.fy, f.fp, f.form, f.filed, f.frame]));
        }
      }
    }
  }
  const ciks = [...new Set([...members.values()].map((b) => (JSON.parse(b.toString('utf8')) as { cik: number }).cik))];
  const synthetic = await cmp.scalar('SELECT count(*)::INTEGER AS n FROM read_parquet($p) WHERE source = \'companyfacts\' AND list_contains(string_split($ciks, \',\')::INTEGER[], cik)',
    { p: glob(workers.dir, 'facts'), ciks: ciks.join(',') });
  assert.equal(synthetic, documented.size, 'synthetic facts written by the workers');
  assert.ok(facts > documented.size);
  await cmp.assertSameWarehouse(workers.dir, main.dir);
  assert.equal(await cmp.unsorted(workers.dir), 0);
  for (const wh of [workers, main]) {
    const outcome = await refreshPeriodsLocked(wh.engine);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
  }
  const all = (await cmp.query<{ cik: number }>('SELECT DISTINCT cik FROM read_parquet($p) ORDER BY cik', { p: glob(workers.dir, 'facts') })).map((r) => r.cik);
  for (const cik of all) {
    for (const period of ['annual', 'quarter', 'ttm']) {
      const answer = async (engine: Engine) => JSON.stringify(await engine.query('SELECT * FROM as_reported_stored($cik, $period, 10000)', { cik, period }));
      assert.equal(await answer(workers.engine), await answer(main.engine), `as-reported ${String(cik)} ${period}`);
    }
  }
  // every company is held now: the workers' columns go back to row objects for stage_facts, and nothing is new
  const again = await ingestPaths(workers.engine, inputs, { factsWriter: 'js', ...WORKERS });
  assert.equal(again.rows['facts'] ?? 0, 0);
  await cmp.assertSameWarehouse(workers.dir, main.dir);
});

test('small batches with parse workers (companies held by an earlier batch meet new ones) write what the main thread writes', async () => {
  const options = { batchBytes: 3 * 1024 * 1024, stageRows: 5_000 };
  const workers = await build(inputs, { ...options, ...WORKERS });
  const main = await build(inputs, { ...options, ...MAIN });
  const manifests = fs.readdirSync(path.join(workers.dir, '_manifest')).filter((f) => f.endsWith('.json'));
  assert.ok(manifests.length > 2, `expected several batches, got ${String(manifests.length)}`);
  await cmp.assertSameWarehouse(workers.dir, main.dir);
  assert.equal(await cmp.unsorted(workers.dir), 0);
});

test('a malformed member in the middle of a bulk zip is named, and the warehouse is left as it was', async () => {
  const names = [...members.keys()];
  const middle = names[Math.floor(names.length / 2)] ?? '';
  const broken = new Map(members);
  broken.set(middle, Buffer.from((members.get(middle) ?? Buffer.alloc(0)).toString('utf8').slice(0, 5000)));
  const bad = path.join(tempDir('workers-bad-'), 'companyfacts.zip');
  writeZip(bad, broken);
  const failures: string[] = [];
  for (const options of [WORKERS, MAIN]) {
    const wh = await openTempEngine('write');
    opened.push(wh);
    const before = contents(wh.dir);
    await assert.rejects(ingestPaths(wh.engine, [bad], { factsWriter: 'js', ...options }), (err: unknown) => {
      assert.ok(err instanceof IngestFailed, String(err));
      assert.equal(err.errors.length, 1);
      const [first] = err.errors;
      assert.ok(first);
      assert.equal(first.file, `${bad}!${middle}`);
      assert.match(first.reason, /not valid JSON/);
      failures.push(err.message);
      return true;
    });
    assert.deepEqual(contents(wh.dir), before, 'the warehouse changed');
  }
  assert.equal(failures[0], failures[1], 'the workers report what the main thread reports');
});

test('a member whose data fails its CRC stops the ingest with the member named, as the reader does', async () => {
  const name = [...members.keys()][1] ?? '';
  const bad = path.join(tempDir('workers-crc-'), 'companyfacts.zip');
  writeZip(bad, members);
  // flip a byte of that member's compressed data: the local header sits where the central directory says
  const bytes = fs.readFileSync(bad);
  const at = bytes.indexOf(Buffer.from(name)) + name.length + 10;
  bytes[at] = (bytes[at] ?? 0) ^ 0xff;
  fs.writeFileSync(bad, bytes);
  const messages: string[] = [];
  for (const options of [WORKERS, MAIN]) {
    const wh = await openTempEngine('write');
    opened.push(wh);
    const before = contents(wh.dir);
    await assert.rejects(ingestPaths(wh.engine, [bad], { factsWriter: 'js', ...options }), (err: unknown) => {
      messages.push((err as Error).message);
      return (err as Error).message.startsWith(`${bad}!${name}: cannot read zip member`);
    });
    assert.deepEqual(contents(wh.dir), before, 'the warehouse changed');
  }
  assert.equal(messages[0], messages[1]);
});

test('a parse worker that exits or throws fails the ingest cleanly: an error, no hang, no half-written warehouse', async () => {
  const member = [...members.keys()][3] ?? '';
  for (const how of ['exit', 'throw'] as const) {
    const wh = await openTempEngine('write');
    opened.push(wh);
    const before = contents(wh.dir);
    await assert.rejects(ingestPaths(wh.engine, [zip], { factsWriter: 'js', ...WORKERS, parseWorkers: 1, parseWorkerFault: { member, how } }),
      /ingest parse worker (failed|exited)/);
    assert.deepEqual(contents(wh.dir), before, `${how}: the warehouse changed`);
    // the writer lock was released: the next ingest runs
    const report = await ingestPaths(wh.engine, [zip], { factsWriter: 'js', ...WORKERS });
    assert.ok((report.rows['facts'] ?? 0) > 0);
  }
});
