// A period-end date is snapped to the company's best-supported date within 7 days, following the anchors twice
// (fact_candidates): a date two small steps from the true one (each step within the tolerance, the whole way not)
// still reaches it. A synthetic filer from the oracle generator, ingested through the real pipeline: a later 10-Q
// tags the prior year's Q2 comparatives 5 days late, and the 10-Q after it reports that quarter's closing balance
// 10 days late (5 days from the first variant, 10 from the true date).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { addDays, companyFactsJson, filingsOf } from '../helpers/oracleFiler.ts';
import { exampleSchedule } from './oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';
import type { Engine } from '../../engine/db/Engine.ts';

let engine: Engine;
let cleanup: () => void;
const inputs = tempDir('snap-chain-in-');
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
});
after(() => {
  cleanup();
  fs.rmSync(inputs, { recursive: true, force: true });
});

test('a date two small steps from the true period end snaps to it, through the date between', async () => {
  const s = exampleSchedule(0, 940_071);
  const filings = filingsOf(s).map((f) => ({ ...f, facts: [...f.facts] }));
  const own = (i: number) => defined(filings[i], 'filing').facts.reduce((a, x) => (x.end > a ? x.end : a), '');
  const firstQ2 = filings.findIndex((f) => f.fp === 'Q2' && f.fy === filings[0]?.fy);
  const laterQ2 = filings.findIndex((f) => f.fp === 'Q2' && f.fy !== filings[0]?.fy);
  const laterQ3 = filings.findIndex((f, i) => f.fp === 'Q3' && i > laterQ2);
  assert.ok(firstQ2 >= 0 && laterQ2 > firstQ2 && laterQ3 > laterQ2, 'the schedule has two years of 10-Qs');
  const trueEnd = own(firstQ2);
  const oneStep = addDays(trueEnd, 5);
  const twoSteps = addDays(trueEnd, 10);
  const later = defined(filings[laterQ2], 'later Q2 10-Q');
  later.facts = later.facts.map((x) => (x.end === trueEnd ? { ...x, end: oneStep } : x));
  assert.ok(later.facts.some((x) => x.end === oneStep), 'the later Q2 10-Q presents the prior Q2 as comparatives');
  // the quarter's closing balance as the first Q2 10-Q filed it, reported again by the 10-Q after, 10 days late
  const balance = defined(defined(filings[firstQ2], 'first Q2 10-Q').facts.find((x) => x.start === null && x.end === trueEnd), 'the Q2 balance');
  defined(filings[laterQ3], 'later Q3 10-Q').facts.push({ ...balance, end: twoSteps });

  const file = path.join(inputs, `CIK${String(s.cik).padStart(10, '0')}.json`);
  fs.writeFileSync(file, companyFactsJson(s, filings));
  await ingestPaths(engine, [file]);

  const rows = await engine.query<{ tagged: string; period_end: string; n: number }>(
    `SELECT strftime(tagged_end, '%Y-%m-%d') AS tagged, strftime(period_end, '%Y-%m-%d') AS period_end, count(*)::INTEGER AS n
     FROM fact_candidates(cik_bucket($c::BIGINT), $c::BIGINT, NULL)
     WHERE tagged_end IN ($a::DATE, $b::DATE) GROUP BY ALL ORDER BY tagged`,
    { c: s.cik, a: oneStep, b: twoSteps });
  assert.deepEqual(rows.map((r) => [r.tagged, r.period_end]), [[oneStep, trueEnd], [twoSteps, trueEnd]],
    'both late dates are the true quarter end');
  assert.equal(rows.find((r) => r.tagged === twoSteps)?.n, 1, 'the balance reported 10 days late is one row');
});
