// Manifest names are the warehouse's commit order: a periods refresh and the rendered store take the manifests a state
// does not name as what changed since it. Ids were second-resolution stamps with a random suffix, so two commits
// within one second could sort against their order; the refresh then saw history rewritten and recomputed every bucket.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods, periodsAreCurrent } from '../../engine/financials/materializePeriods.ts';
import { manifestNames, manifestsSince, newBatchId } from '../../engine/warehouse/manifests.ts';
import { companyFactsJson, filingsOf, type FilerSchedule } from '../helpers/oracleFiler.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { EXAMPLES, exampleSchedule as schedule } from '../periods/oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let dir: string;
let cleanup: () => void;
const inputs = tempDir('manifests-in-');

const base = defined(EXAMPLES[0], 'EXAMPLES[0]').schedule.cik;

async function ingest(filer: FilerSchedule): Promise<string> {
  const file = path.join(inputs, `CIK${String(filer.cik)}.json`);
  fs.writeFileSync(file, companyFactsJson(filer, filingsOf(filer)));
  const before = new Set(manifestNames(dir));
  await ingestPaths(engine, [file]);
  return defined(manifestNames(dir).find((m) => !before.has(m)), 'the ingest\'s manifest');
}

before(async () => {
  ({ engine, dir, cleanup } = await openTempEngine());
});
after(() => {
  cleanup();
  fs.rmSync(inputs, { recursive: true, force: true });
});

test('batch ids sort in the order they were taken, within one millisecond, with the clock set back, after older ids', () => {
  const wh = tempDir('ids-');
  fs.mkdirSync(path.join(wh, '_manifest'));
  const taken: string[] = [];
  const commit = (now: number): void => {
    const id = newBatchId(wh, now);
    taken.push(id);
    fs.writeFileSync(path.join(wh, '_manifest', `${id}.json`), '{}');
  };
  const t = Date.UTC(2026, 11, 4, 3, 35, 56, 500);
  // a second-resolution id of the same second (the format before 2026-12-04), and a name no commit wrote
  fs.writeFileSync(path.join(wh, '_manifest', '20261204T033556Z-00000000.json'), '{}');
  fs.writeFileSync(path.join(wh, '_manifest', 'a-batch.json'), '{}');
  for (let i = 0; i < 20; i++) commit(t);
  commit(t - 60_000);
  commit(t + 5_000);
  const sorted = manifestNames(wh).filter((m) => m !== 'a-batch.json').map((m) => m.replace(/\.json$/, ''));
  assert.deepEqual(sorted, ['20261204T033556Z-00000000', ...taken]);
  assert.match(defined(taken[0], 'the first id'), /^20261204T033557000Z-[0-9a-f]{8}$/);
  assert.match(defined(taken.at(-1), 'the last id'), /^20261204T033601500Z-[0-9a-f]{8}$/);
  fs.rmSync(wh, { recursive: true, force: true });
});

test('the manifests since a state are the ones it does not name, whatever their order; none when one it names is gone', () => {
  assert.deepEqual(manifestsSince(['b.json', 'd.json'], ['a.json', 'b.json', 'c.json', 'd.json']), ['a.json', 'c.json']);
  assert.deepEqual(manifestsSince([], ['a.json']), ['a.json']);
  assert.equal(manifestsSince(['b.json', 'x.json'], ['a.json', 'b.json']), null);
});

test('a refresh stays incremental when a commit after its state sorts before the state\'s newest manifest', async () => {
  await ingest(schedule(0, base));
  await ingest(schedule(1, base + 1));
  const last = await ingest(schedule(2, base + 2));
  await materializePeriods(engine, { full: true });
  const added = await ingest(schedule(3, base + 3));
  // the commit order of two second-resolution ids of one second, as a warehouse written before 2026-12-04 may hold:
  // the later commit's random suffix sorting before the earlier one's
  const second = last.replace(/^(\d{8}T\d{6})\d*Z-.*$/, '$1Z-ffffffff.json');
  const earlier = last.replace(/^(\d{8}T\d{6})\d*Z-.*$/, '$1Z-00000000.json');
  fs.renameSync(path.join(dir, '_manifest', last), path.join(dir, '_manifest', second));
  fs.renameSync(path.join(dir, '_manifest', added), path.join(dir, '_manifest', earlier));
  const state = path.join(dir, 'periods', '_state.json');
  const recorded = JSON.parse(fs.readFileSync(state, 'utf8')) as { manifests: string[] };
  recorded.manifests = recorded.manifests.map((m) => (m === last ? second : m)).sort();
  fs.writeFileSync(state, JSON.stringify(recorded));
  assert.ok(manifestNames(dir).indexOf(earlier) < manifestNames(dir).indexOf(second), 'the newer commit sorts first');
  assert.equal(periodsAreCurrent(dir), false);
  const refresh = await materializePeriods(engine);
  assert.equal(refresh.buckets, 1, 'the new filer\'s bucket alone');
  assert.ok(periodsAreCurrent(dir));
});
