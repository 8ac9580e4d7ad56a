// The periods refresh computing buckets in parallel (a refresh instance of its own, one thread per query, one
// connection per bucket at once) writes exactly what the sequential refresh on the caller's engine writes: every
// materialized output of every bucket, row for row (EXCEPT ALL both ways), and the same state. Over the real fixture
// warehouse: the companyfacts of both fixture folders, the XBRL instances and inline XBRL documents, the submissions and
// the 10-K/10-Q and 8-K filings (the filings outputs). A refresh that fails, or one killed while its workers compute,
// leaves the previous generation live: its files untouched, its state current.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { MATERIALIZED_OUTPUTS, REFRESH_PARALLEL_MIN_FACTS, bucketSlices, materializePeriods, parallelConcurrency, periodsAreCurrent, readPeriodsState, type MaterializeReport } from '../../engine/financials/materializePeriods.ts';
import { CIK_BUCKETS } from '../../engine/db/cikBuckets.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';
import { cikOrder, outputDifferences } from '../helpers/outputFiles.ts';

let engine: Engine;
let dir: string;
let cleanup: () => void;

const filesIn = (...parts: string[]) => {
  const d = fixture(...parts);
  return fs.existsSync(d) ? fs.readdirSync(d).filter((f) => !f.endsWith('.md')).map((f) => path.join(d, f)) : [];
};
/** The full submissions (SGML .txt) of a filings folder: its loose documents are not ingestible on their own. */
const submissionsIn = (...parts: string[]) => filesIn(...parts).filter((f) => /\.txt(\.gz)?$/.test(f));
const INPUTS = [
  ...filesIn('edgar', 'companyfacts'),
  ...filesIn('sec-datasets', 'bulk-json', 'companyfacts'),
  ...filesIn('edgar', 'xbrl', 'instances'),
  ...filesIn('edgar', 'xbrl', 'ixbrl'),
  ...filesIn('edgar', 'submissions'),
  ...submissionsIn('edgar', 'filings', '10-K-10-Q'),
  ...submissionsIn('edgar', 'filings', '8-K'),
];

const liveFile = (folder: string, file: string, b: number) => path.join(dir, folder, `bucket=${String(b)}`, file);
/** A copy of every live output file, in a folder of the warehouse (the only place the engine may read). */
function snapshot(name: string): string {
  const to = path.join(dir, name);
  fs.rmSync(to, { recursive: true, force: true });
  for (const o of MATERIALIZED_OUTPUTS) {
    for (let b = 0; b < CIK_BUCKETS; b++) {
      const target = path.join(to, o.folder, `${String(b)}.parquet`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(liveFile(o.folder, o.file, b), target);
    }
  }
  return to;
}

const compare = (a: string, b: string) => outputDifferences(engine, a, b);

/** Every live file's bytes (the generation that is live), keyed by its path. */
function liveBytes(): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const o of MATERIALIZED_OUTPUTS) {
    for (let b = 0; b < CIK_BUCKETS; b++) out.set(liveFile(o.folder, o.file, b), fs.readFileSync(liveFile(o.folder, o.file, b)));
  }
  out.set(path.join(dir, 'periods', '_state.json'), fs.readFileSync(path.join(dir, 'periods', '_state.json')));
  return out;
}

function assertLiveUnchanged(before: Map<string, Buffer>, what: string): void {
  for (const [file, bytes] of before) assert.ok(fs.readFileSync(file).equals(bytes), `${what}: ${path.relative(dir, file)} changed`);
  assert.equal(periodsAreCurrent(dir), true, `${what}: the previous generation reads as current`);
}

let sequential: MaterializeReport;
let parallel: MaterializeReport;

before(async () => {
  ({ engine, dir, cleanup } = await openTempEngine());
  await ingestPaths(engine, INPUTS);
});
after(() => { cleanup(); });

test('the fixture warehouse spreads its companies over many buckets, several of them shared', async () => {
  const rows = await engine.query<{ b: number; n: number }>('SELECT cik % 64 AS b, count(DISTINCT cik)::INTEGER AS n FROM src_facts GROUP BY ALL');
  assert.ok(rows.length >= 8, `${String(rows.length)} buckets with facts`);
  assert.ok(rows.some((r) => r.n > 1), 'a bucket holds two companies');
});

test('buckets in parallel write every output row for row as the sequential refresh does, and the same state', async () => {
  sequential = await materializePeriods(engine, { full: true, concurrency: 1 });
  const seqState = defined(readPeriodsState(dir), 'state after the sequential refresh');
  const seqFiles = snapshot('_test_sequential');
  parallel = await materializePeriods(engine, { full: true, concurrency: 2 });
  const parState = defined(readPeriodsState(dir), 'state after the parallel refresh');
  assert.equal(sequential.concurrency, 1);
  assert.equal(parallel.concurrency, 2);
  assert.equal(parallel.buckets, sequential.buckets);
  assert.ok(parallel.buckets >= 8);
  assert.deepEqual(parState.manifests, seqState.manifests);
  assert.equal(parState.periods, seqState.periods);
  assert.ok(parState.periods > 0);
  assert.notEqual(parState.generation, seqState.generation);
  const totals = new Map<string, number>();
  for (const o of MATERIALIZED_OUTPUTS) {
    for (let b = 0; b < CIK_BUCKETS; b++) {
      const d = await compare(path.join(seqFiles, o.folder, `${String(b)}.parquet`), liveFile(o.folder, o.file, b));
      assert.deepEqual([d.missing, d.extra], [0, 0], `${o.folder} bucket ${String(b)}: rows only in one of the two refreshes`);
      totals.set(o.folder, (totals.get(o.folder) ?? 0) + d.rows);
    }
  }
  // every output has rows to compare (the filings outputs from the submissions and filings)
  for (const o of MATERIALIZED_OUTPUTS) assert.ok((totals.get(o.folder) ?? 0) > 0, `${o.folder} has rows`);
  assert.equal(totals.get('periods'), parState.periods);
  fs.rmSync(seqFiles, { recursive: true, force: true });
  assert.equal(fs.existsSync(path.join(dir, '_periods_build')), false);
});

test('a refresh computing each bucket a slice of companies at a time writes every output row for row as whole buckets do, in order', async () => {
  const whole = await materializePeriods(engine, { full: true, concurrency: 1, sliceFacts: Infinity });
  const wholeFiles = snapshot('_test_whole');
  // each company a slice of its own (sliceFacts 1), buckets in parallel by default (no facts threshold); then slices
  // of a few companies, one bucket at a time
  const counts = await engine.query<{ b: number; companies: number; facts: number }>(
    "SELECT cik % 64 AS b, count(DISTINCT cik)::INTEGER AS companies, count(*) FILTER (WHERE dim_key = '')::INTEGER AS facts FROM src_facts GROUP BY ALL ORDER BY facts DESC");
  const shared = defined(counts.find((r) => r.companies > 2) ?? counts.find((r) => r.companies > 1), 'a bucket of several companies');
  const slices = await engine.withConnection((c) => bucketSlices(c, shared.b, 1));
  assert.equal(slices.length, shared.companies, 'one slice per company');
  assert.equal(slices[0]?.lo, null);
  assert.equal(slices.at(-1)?.hi, null);
  const some = await engine.withConnection((c) => bucketSlices(c, shared.b, Math.ceil(shared.facts / 2)));
  assert.ok(some.length >= 2 && some.length <= shared.companies, `${String(some.length)} slices of half the bucket's facts`);
  for (const [concurrency, sliceFacts] of [[undefined, 1], [1, Math.ceil(shared.facts / 2)]] as const) {
    const sliced = await materializePeriods(engine, { full: true, sliceFacts, ...(concurrency === undefined ? { parallelMinFacts: 0 } : { concurrency }) });
    assert.equal(sliced.concurrency, concurrency ?? Math.min(await parallelConcurrency(engine), sliced.buckets), 'buckets at once');
    assert.equal(sliced.periods, whole.periods, `periods counted, concurrency ${String(concurrency)}, slices of ${String(sliceFacts)}`);
    for (const o of MATERIALIZED_OUTPUTS) {
      for (let b = 0; b < CIK_BUCKETS; b++) {
        const d = await compare(path.join(wholeFiles, o.folder, `${String(b)}.parquet`), liveFile(o.folder, o.file, b));
        assert.deepEqual([d.missing, d.extra], [0, 0], `${o.folder} bucket ${String(b)} (concurrency ${String(concurrency)}, slices of ${String(sliceFacts)}): rows only in one of the two refreshes`);
      }
      if (o.slice === undefined) continue;
      // written in the output's order: the companies of the bucket one after the other, as a point read expects
      const order = await cikOrder(engine, liveFile(o.folder, o.file, shared.b));
      assert.ok(order.rows > 0, `${o.folder} of bucket ${String(shared.b)} has rows`);
      assert.equal(order.sorted, true, `${o.folder} of bucket ${String(shared.b)} is in cik order`);
    }
  }
  fs.rmSync(wholeFiles, { recursive: true, force: true });
});

// A corrupt facts file fails the refresh before its workers start (the entity index, which the engines build at open,
// reads every facts file); a failure inside a worker is the killed refresh below and the abort path of
// materializePeriods, which this file does not reach with a real fault (see the report of session 11).
test('a refresh that fails (a corrupt facts file) leaves the previous generation live', async () => {
  const before = liveBytes();
  const facts = await engine.query<{ b: number }>('SELECT DISTINCT cik % 64 AS b FROM src_facts ORDER BY b DESC LIMIT 1');
  const bad = path.join(dir, 'facts', `bucket=${String(defined(facts[0], 'a facts bucket').b)}`, 'part-99999999T000000Z-corrupt.parquet');
  fs.writeFileSync(bad, 'not a parquet file');
  try {
    await assert.rejects(materializePeriods(engine, { full: true, concurrency: 2 }), (err: Error) => /parquet|corrupt|magic/i.test(err.message));
  } finally {
    fs.rmSync(bad);
  }
  assertLiveUnchanged(before, 'after a failed bucket');
  assert.equal(fs.existsSync(path.join(dir, '_periods_build')), false);
});

test('a refresh killed while its workers compute leaves the previous generation live, and the next one rebuilds', async () => {
  const before = liveBytes();
  const root = path.resolve(import.meta.dirname, '..', '..');
  const script = `import('${path.join(root, 'engine/db/Engine.ts')}').then(async ({ Engine }) => {
    const { materializePeriods } = await import('${path.join(root, 'engine/financials/materializePeriods.ts')}');
    const e = await Engine.open({ warehouseDir: ${JSON.stringify(dir)}, mode: 'write', threads: 2, memoryLimit: '2GB' });
    await materializePeriods(e, { full: true, concurrency: 2 });
  });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.on('exit', () => { resolve(); }));
  // killed as soon as a bucket's output is written aside: the buckets are computing, the swap has not begun
  const build = path.join(dir, '_periods_build');
  const started = Date.now();
  let killedMidway = false;
  while (Date.now() - started < 120_000 && child.exitCode === null) {
    const generations = fs.existsSync(build) ? fs.readdirSync(build) : [];
    const written = generations.flatMap((g) => {
      const d = path.join(build, g, 'periods');
      return fs.existsSync(d) ? fs.readdirSync(d) : [];
    });
    if (written.length > 0) {
      child.kill('SIGKILL');
      killedMidway = true;
      break;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await exited;
  assert.ok(killedMidway, 'the child was killed while computing buckets');
  assertLiveUnchanged(before, 'after a killed refresh');
  // the next refresh clears what the killed one left and publishes a new generation
  const next = await materializePeriods(engine, { full: true });
  assert.equal(next.periods, parallel.periods);
  // the default: buckets in parallel only for a refresh of REFRESH_PARALLEL_MIN_FACTS undimensioned facts or more
  const [facts] = await engine.query<{ n: number }>("SELECT count(*)::DOUBLE AS n FROM src_facts WHERE dim_key = ''");
  assert.equal(next.concurrency, defined(facts, 'facts').n >= REFRESH_PARALLEL_MIN_FACTS ? Math.min(await parallelConcurrency(engine), next.buckets) : 1);
  assert.equal(fs.existsSync(build), false);
  assert.ok(periodsAreCurrent(dir));
});
