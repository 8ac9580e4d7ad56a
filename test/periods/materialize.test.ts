// The materialized `periods` dataset serves exactly what the on-the-fly macro computes, and is not used once stale.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported } from '../../engine/financials/asReported.ts';
import { jsonRows } from '../../engine/query/index.ts';
import { validateQuery } from '../../http/params/validateQuery.ts';
import { asReportedEndpoint } from '../../http/endpoints/financials.ts';
import { HttpError } from '../../http/HttpError.ts';
import { materializePeriods, periodsAreCurrent, readPeriodsState } from '../../engine/financials/materializePeriods.ts';
import { companyFactsJson } from '../helpers/oracleFiler.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { EXAMPLES } from './oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let dir: string;
let cleanup: () => void;
const inputs = tempDir('periods-in-');
const [first, second, third] = EXAMPLES.map((e) => e.schedule);

async function ingest(s: typeof first): Promise<void> {
  const file = path.join(inputs, `CIK${String(defined(s, 's').cik)}.json`);
  fs.writeFileSync(file, companyFactsJson(defined(s, 's')));
  await ingestPaths(engine, [file]);
}

async function onTheFly(cik: number, period: string) {
  const rows = await jsonRows(engine, { macro: 'as_reported', args: [cik, period, null, null], omitWhenNull: [] });
  return rows.map((j) => JSON.parse(j) as unknown);
}

before(async () => {
  ({ engine, dir, cleanup } = await openTempEngine());
  await ingest(first);
  await ingest(second);
});
after(() => {
  cleanup();
  fs.rmSync(inputs, { recursive: true, force: true });
});

test('materialized periods give back exactly what the macro computes on the fly, for every series', async () => {
  assert.equal(periodsAreCurrent(dir), false);
  const report = await materializePeriods(engine);
  assert.ok(report.periods > 0);
  assert.ok(periodsAreCurrent(dir));
  for (const s of [defined(first, 'first'), defined(second, 'second')]) {
    for (const period of ['annual', 'quarter', 'ttm'] as const) {
      assert.deepEqual(await asReported(engine, { cik: s.cik, period }), await onTheFly(s.cik, period), `${String(s.cik)} ${period}`);
    }
  }
  assert.equal(fs.existsSync(path.join(dir, '_periods_build')), false);
  // one file per bucket, replaced in place by the next generation
  for (let b = 0; b < 64; b++) assert.deepEqual(fs.readdirSync(path.join(dir, 'periods', `bucket=${String(b)}`)), ['periods.parquet']);
});

test('an ingest after materializing makes the stored periods stale, and reads compute on the fly until rebuilt', async () => {
  const before = defined(readPeriodsState(dir), 'readPeriodsState(dir)');
  await ingest(third);
  assert.equal(periodsAreCurrent(dir), false);
  assert.ok((await asReported(engine, { cik: defined(third, 'third').cik, period: 'annual' })).length > 0);
  const refreshed = await materializePeriods(engine);
  assert.ok(periodsAreCurrent(dir));
  assert.notEqual(defined(readPeriodsState(dir), 'readPeriodsState(dir)').generation, before.generation);
  // incremental: only the new filer's bucket (cik % 64) is recomputed; the other buckets keep their files and answers
  assert.equal(refreshed.buckets, 1);
  assert.deepEqual(await asReported(engine, { cik: defined(third, 'third').cik, period: 'quarter' }), await onTheFly(defined(third, 'third').cik, 'quarter'));
  for (const s of [defined(first, 'first'), defined(second, 'second')]) {
    assert.deepEqual(await asReported(engine, { cik: s.cik, period: 'quarter' }), await onTheFly(s.cik, 'quarter'), String(s.cik));
  }
  const full = await materializePeriods(engine, { full: true });
  // every facts bucket folder: the three filers' (33, 34, 35) and bucket 0, which holds the zero-row schema file
  assert.equal(full.buckets, 4);
});

test('bad parameters are refused by the route that runs asReported, with the parameter named, before any SQL runs', () => {
  const cases: [Record<string, string>, string][] = [
    [{ cik: '0', period: 'annual' }, 'cik'],
    [{ cik: '1.5', period: 'annual' }, 'cik'],
    [{ cik: '320193', period: 'monthly' }, 'period'],
    [{ cik: '320193', period: 'ttm', limit: '0' }, 'limit'],
    [{ cik: '320193', period: 'ttm', asOf: '2024-13-45' }, 'asOf'],
    [{ cik: '320193', period: 'ttm', asOf: "2024-01-01'; DROP" }, 'asOf'],
  ];
  for (const [query, name] of cases) {
    assert.throws(() => validateQuery(asReportedEndpoint, query), (err) => err instanceof HttpError && err.status === 400 && err.message.includes(`"${name}"`));
  }
});

test('a company with no filings has no periods', async () => {
  assert.deepEqual(await asReported(engine, { cik: 123456789, period: 'quarter' }), []);
  assert.deepEqual(await asReported(engine, { cik: 123456789, period: 'quarter', asOf: '2020-01-01' }), []);
});
