// An incremental periods refresh computes, in a bucket whose live files hold the last generation, only the companies
// the new facts and filings files name, and copies every other company's rows from the live files: the outputs must be
// row for row those of a full refresh. Four synthetic filers (the period oracle's schedules, in SEC's companyfacts
// format) share one bucket; one of them gains its later filings, a new company joins the bucket, and a filer of
// another bucket is unchanged.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { MATERIALIZED_OUTPUTS, materializePeriods, periodsAreCurrent } from '../../engine/financials/materializePeriods.ts';
import { companyFactsJson, conceptsOf, filingsOf, type FilerSchedule } from '../helpers/oracleFiler.ts';
import { CIK_BUCKETS } from '../../engine/db/cikBuckets.ts';
import { quotePath } from '../../engine/db/quote.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { EXAMPLES, exampleSchedule as schedule } from './oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';
import { cikOrder, outputDifferences } from '../helpers/outputFiles.ts';

let engine: Engine;
let dir: string;
let cleanup: () => void;
const inputs = tempDir('incremental-in-');

const base = defined(EXAMPLES[0], 'EXAMPLES[0]').schedule.cik;
// four companies of one bucket (cik % 64), and one of another
const shared = [schedule(0, base), schedule(3, base + CIK_BUCKETS), schedule(5, base + 2 * CIK_BUCKETS), schedule(1, base + 3 * CIK_BUCKETS)];
const [a, b, growing, other] = shared;
const joining = schedule(6, base + 4 * CIK_BUCKETS);
const elsewhere = schedule(2, base + 1);

async function ingest(s: FilerSchedule | undefined, filings?: number): Promise<void> {
  const filer = defined(s, 'schedule');
  const all = filingsOf(filer);
  const file = path.join(inputs, `CIK${String(filer.cik)}-${String(filings ?? all.length)}.json`);
  fs.writeFileSync(file, companyFactsJson(filer, all.slice(0, filings ?? all.length)));
  await ingestPaths(engine, [file]);
}

const liveFile = (folder: string, file: string, bucket: number) => path.join(dir, folder, `bucket=${String(bucket)}`, file);


before(async () => {
  ({ engine, dir, cleanup } = await openTempEngine());
  await ingest(a);
  await ingest(b);
  await ingest(other);
  await ingest(elsewhere);
  // the growing filer's first filings only: its later 10-Qs and 10-K arrive after the first refresh
  await ingest(growing, Math.ceil(filingsOf(defined(growing, 'growing')).length / 2));
});
after(() => {
  cleanup();
  fs.rmSync(inputs, { recursive: true, force: true });
});

test('an incremental refresh computes only the companies the new files name and writes what a full refresh writes', async () => {
  await materializePeriods(engine, { full: true });
  const bucket = base % CIK_BUCKETS;
  const [before] = await engine.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM read_parquet(${quotePath(liveFile('periods', 'periods.parquet', bucket))})`);
  await ingest(growing);
  await ingest(joining);
  assert.equal(periodsAreCurrent(dir), false);
  const incremental = await materializePeriods(engine);
  assert.ok(periodsAreCurrent(dir));
  // one bucket changed; in it two of five companies (the grown one and the newcomer) were computed
  assert.equal(incremental.buckets, 1);
  assert.equal(incremental.partialBuckets, 1);
  assert.equal(incremental.partialCompanies, 2);
  const [afterwards] = await engine.query<{ n: number; companies: number }>(
    `SELECT count(*)::INTEGER AS n, count(DISTINCT cik)::INTEGER AS companies FROM read_parquet(${quotePath(liveFile('periods', 'periods.parquet', bucket))})`);
  assert.equal(defined(afterwards, 'rows').companies, 5);
  assert.ok(defined(afterwards, 'rows').n > defined(before, 'rows').n, 'the grown filer and the newcomer add periods');
  const snapshot = path.join(dir, '_test_incremental');
  for (const o of MATERIALIZED_OUTPUTS) {
    fs.mkdirSync(path.join(snapshot, o.folder), { recursive: true });
    for (let k = 0; k < CIK_BUCKETS; k++) fs.copyFileSync(liveFile(o.folder, o.file, k), path.join(snapshot, o.folder, `${String(k)}.parquet`));
  }
  const full = await materializePeriods(engine, { full: true });
  assert.equal(full.partialBuckets, 0);
  for (const o of MATERIALIZED_OUTPUTS) {
    for (let k = 0; k < CIK_BUCKETS; k++) {
      const { missing, extra } = await outputDifferences(engine, path.join(snapshot, o.folder, `${String(k)}.parquet`), liveFile(o.folder, o.file, k));
      assert.deepEqual([missing, extra], [0, 0], `${o.folder} bucket ${String(k)}: rows only in the incremental or only in the full refresh`);
    }
    if (o.slice === undefined) continue;
    // the copied and the computed rows are written in the output's order, as a point read expects
    const order = await cikOrder(engine, path.join(snapshot, o.folder, `${String(bucket)}.parquet`));
    assert.equal(order.sorted, true, `${o.folder}: the incremental file is in cik order`);
  }
  // the same file schema as a full refresh writes (types, JSON and maps included)
  for (const o of MATERIALIZED_OUTPUTS.filter((x) => x.slice !== undefined)) {
    const schema = (f: string) => engine.query<{ column_name: string; column_type: string }>(
      `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet(${quotePath(f)}, hive_partitioning := false))`);
    assert.deepEqual(await schema(path.join(snapshot, o.folder, `${String(bucket)}.parquet`)), await schema(liveFile(o.folder, o.file, bucket)), `${o.folder} schema`);
  }
  fs.rmSync(snapshot, { recursive: true, force: true });
});

test('a refresh asked for whole buckets, or with more than half a bucket changed, computes the bucket whole', async () => {
  await ingest(schedule(4, base + 5 * CIK_BUCKETS));
  const whole = await materializePeriods(engine, { wholeBuckets: true });
  assert.equal(whole.buckets, 1);
  assert.equal(whole.partialBuckets, 0);
  // a new filer in a bucket of its own: the only company of its bucket, so more than half of it changed
  await ingest(schedule(7, base + 2));
  const alone = await materializePeriods(engine);
  assert.equal(alone.buckets, 1);
  assert.equal(alone.partialBuckets, 0);
});

test('an ingest of a company description alone recomputes the companies whose stated fiscal year end it names', async () => {
  // a filer whose only filing is its first Q1 10-Q: three-month spans only, so its fiscal years come from the year end
  // its description states, which arrives later in a submissions file without filings
  const lone = schedule(0, base + 6 * CIK_BUCKETS);
  const first = defined(filingsOf(lone)[0], 'first filing');
  assert.equal(first.form, '10-Q');
  const file = path.join(inputs, `CIK${String(lone.cik)}-lone.json`);
  fs.writeFileSync(file, companyFactsJson(lone, [first]));
  await ingestPaths(engine, [file]);
  await materializePeriods(engine);
  const bucket = lone.cik % CIK_BUCKETS;
  const revenue = async () => engine.query<{ value: number; fiscal_year: number; fiscal_period: string }>(
    `SELECT value, fiscal_year, fiscal_period FROM read_parquet(${quotePath(liveFile('statements', 'statements.parquet', bucket))})
     WHERE cik = $cik AND series = 'quarter' AND line = 'revenue'`, { cik: lone.cik });
  assert.deepEqual(await revenue(), [], 'no stated year end yet: no fiscal year to place the quarter in');
  const description = path.join(inputs, `CIK${String(lone.cik).padStart(10, '0')}.json`);
  fs.writeFileSync(description, JSON.stringify({
    cik: String(lone.cik).padStart(10, '0'), entityType: 'operating', name: `Oracle Filer ${String(lone.cik)}`, fiscalYearEnd: '1231',
    formerNames: [{ name: 'Oracle Filer Inc', from: '2001-01-01T00:00:00.000Z', to: first.filed }],
    filings: { recent: { accessionNumber: [], form: [], filingDate: [] }, files: [] },
  }));
  await ingestPaths(engine, [description]);
  // a ticker list names companies too, but states no year end: nothing to recompute
  const tickers = path.join(inputs, 'company_tickers_exchange.json');
  fs.writeFileSync(tickers, JSON.stringify({ fields: ['cik', 'name', 'ticker', 'exchange'], data: [[a?.cik, 'Oracle A', 'ORCA', 'NYSE']] }));
  await ingestPaths(engine, [tickers]);
  const incremental = await materializePeriods(engine);
  assert.equal(incremental.buckets, 1, 'the described company\'s bucket, and only it');
  assert.equal(incremental.partialCompanies, 1);
  const filed = defined(first.facts.find((f) => f.concept === conceptsOf(lone).revenue && f.start !== null), 'the 10-Q\'s revenue');
  const year = Number(filed.end.slice(0, 4));
  assert.deepEqual(await revenue(), [{ value: filed.val, fiscal_year: year, fiscal_period: 'Q1' }]);
  const snapshot = path.join(dir, '_test_described');
  fs.mkdirSync(snapshot, { recursive: true });
  for (const o of MATERIALIZED_OUTPUTS) fs.copyFileSync(liveFile(o.folder, o.file, bucket), path.join(snapshot, `${o.folder}.parquet`));
  await materializePeriods(engine, { full: true });
  for (const o of MATERIALIZED_OUTPUTS) {
    const { missing, extra } = await outputDifferences(engine, path.join(snapshot, `${o.folder}.parquet`), liveFile(o.folder, o.file, bucket));
    assert.deepEqual([missing, extra], [0, 0], `${o.folder}: rows only in the incremental or only in the full refresh`);
  }
  fs.rmSync(snapshot, { recursive: true, force: true });
});
