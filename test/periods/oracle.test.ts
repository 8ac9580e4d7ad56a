// Oracle suite: synthetic filers with known true quarters, ingested through the real pipeline as companyfacts JSON;
// the as-reported engine must give back the truth exactly, for hand-picked filing patterns and random schedules.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported, type AsReportedPeriod } from '../../engine/financials/asReported.ts';
import { companyFactsJson, conceptsOf, filingsOf, fiscalYears, quarterDays } from '../helpers/oracleFiler.ts';
import { expectedPeriods, type ExpectedPeriod } from '../helpers/oracleFilerExpected.ts';
import type { FilerSchedule } from '../helpers/oracleFilerTypes.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { EXAMPLES, scheduleArb } from './oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let cleanup: () => void;
const inputs = tempDir('oracle-in-');

before(async () => {
  ({ engine, cleanup } = await openTempEngine());
});
after(() => {
  cleanup();
  fs.rmSync(inputs, { recursive: true, force: true });
});

async function ingestSchedule(s: FilerSchedule): Promise<void> {
  const file = path.join(inputs, `CIK${String(s.cik).padStart(10, '0')}.json`);
  fs.writeFileSync(file, companyFactsJson(s));
  await ingestPaths(engine, [file]);
}

function shape(periods: AsReportedPeriod[] | ExpectedPeriod[]) {
  return periods.map((p) => ({ period: p.period, fiscalYear: p.fiscalYear, fiscalPeriod: p.fiscalPeriod, facts: p.facts }));
}

async function assertTruth(s: FilerSchedule, asOf: string | null = null): Promise<void> {
  const filed = filingsOf(s).filter((f) => asOf === null || f.filed <= asOf);
  for (const period of ['annual', 'quarter', 'ttm'] as const) {
    const got = await asReported(engine, { cik: s.cik, period, asOf });
    const want = expectedPeriods(s, period, filed);
    assert.deepEqual(shape(got), shape(want), `${period} series of cik ${String(s.cik)}${asOf ? ` as of ${asOf}` : ''}`);
    if (period !== 'quarter') continue;
    // every reconstructed fact is attributed to its synthetic source key, which has no dateFiled
    for (const w of want) {
      const g = defined(got.find((x) => x.period === w.period), 'got.find((x) => x.period === w.period)');
      for (const [fact, key] of Object.entries(w.recon)) {
        const src = g.sources[key];
        assert.ok(src, `${String(w.fiscalYear)} ${w.fiscalPeriod}: source ${key} listed`);
        assert.deepEqual(src.facts[fact], {}, `${String(w.fiscalYear)} ${w.fiscalPeriod}: ${fact} listed under ${key}`);
        assert.equal(src.dateFiled, undefined);
        assert.equal(src.type, key.split('-').slice(0, 2).join('-'));
      }
    }
  }
}

describe('the period engine gives back the true quarters of synthetic filers', () => {
  test('the 52/53-week example holds a 53-week year whose fourth quarter has 14 weeks', () => {
    const weekly = defined(EXAMPLES.find((e) => e.schedule.calendar === 'sat-nearest-sep30'), 'EXAMPLES.find((e) => e.schedule.calendar === \'sat-neares...').schedule;
    const years = fiscalYears(weekly);
    assert.ok(years.some((y) => quarterDays(y, 4) === 98 && [1, 2, 3].every((q) => quarterDays(y, q) === 91)));
  });

  for (const { name, schedule } of EXAMPLES) {
    test(`${name} is served exactly`, async () => {
      await ingestSchedule(schedule);
      await assertTruth(schedule);
    });
  }

  test('random filing schedules (calendars, missing Q1, restatements, splits, semi-annual foreign filers) are served exactly', async () => {
    let cik = 910000;
    await fc.assert(
      fc.asyncProperty(scheduleArb, async (partial) => {
        const s: FilerSchedule = { ...partial, cik: ++cik };
        await ingestSchedule(s);
        await assertTruth(s);
      }),
      { numRuns: Number(process.env.ORACLE_RUNS ?? 12), seed: Number(process.env.ORACLE_SEED ?? 20261121), endOnFailure: true },
    );
  });

  test('as of any filing date from the first annual report on, the engine gives what had been filed by then', async () => {
    let cik = 920000;
    await fc.assert(
      fc.asyncProperty(scheduleArb, fc.nat(), async (partial, pick) => {
        const s: FilerSchedule = { ...partial, cik: ++cik };
        await ingestSchedule(s);
        const filings = filingsOf(s);
        const from = filings.findIndex((f) => f.fp === 'FY');
        const asOf = defined(filings[from + (pick % (filings.length - from))], 'filings[from + (pick % (filings.length - from))]').filed;
        await assertTruth(s, asOf);
      }),
      { numRuns: Number(process.env.ORACLE_RUNS ?? 12), seed: Number(process.env.ORACLE_SEED ?? 20261121) + 1, endOnFailure: true },
    );
  });

  test('a new registrant with 10-Qs but no annual report yet gets its quarters from its year-to-date spans', async () => {
    const s = { ...defined(EXAMPLES[0], 'EXAMPLES[0]').schedule, cik: 930001 };
    await ingestSchedule(s);
    const filings = filingsOf(s);
    const asOf = defined(filings.find((f) => f.fp === 'Q3'), 'filings.find((f) => f.fp === \'Q3\')').filed;
    const got = await asReported(engine, { cik: s.cik, period: 'quarter', asOf });
    const want = expectedPeriods(s, 'quarter', filings.filter((f) => f.filed <= asOf));
    assert.deepEqual(shape(got), shape(want.filter((p) => p.fiscalPeriod !== 'Q4')));
    assert.deepEqual(got.map((p) => p.fiscalPeriod), ['Q3', 'Q2', 'Q1']);
  });
});

describe('lineage and point-in-time of a synthetic filer', () => {
  const s = defined(EXAMPLES.find((e) => e.schedule.restate?.year === 0), 'EXAMPLES.find((e) => e.schedule.restate?.year === 0)').schedule;
  const filings = filingsOf(s);
  const c = conceptsOf(s);
  const amendment = defined(filings.find((f) => f.form === '10-K/A'), 'filings.find((f) => f.form === \'10-K/A\')');
  const original = defined(filings.find((f) => f.form === '10-K' && f.fy === amendment.fy), 'filings.find((f) => f.form === \'10-K\' && f.fy === amend...');

  test('a 10-K/A that restated revenue is listed with the value it replaced, and the period is dated by it', async () => {
    await ingestSchedule(s);
    const fy = defined((await asReported(engine, { cik: s.cik, period: 'annual' })).find((p) => p.fiscalYear === amendment.fy), '(await asReported(engine, { cik: s.cik, period: \'annual...');
    const src = defined(fy.sources[amendment.accn], 'fy.sources[amendment.accn]');
    assert.equal(src.type, '10-K/A');
    assert.equal(src.amendment, true);
    assert.equal(src.dateFiled, amendment.filed);
    const was = defined(original.facts.find((f) => f.concept === c.revenue && f.start !== null && f.end === fy.period), 'original.facts.find((f) => f.concept === c.revenue && f.s...').val;
    assert.deepEqual(src.facts[c.revenue], { before: was });
    assert.equal(fy.facts[c.revenue], was + defined(s.restate, 's.restate').delta);
    // the original 10-K still supplied the values the amendment left unchanged; it changed nothing itself
    assert.deepEqual(fy.sources[original.accn], { type: '10-K', dateFiled: original.filed, amendment: false, facts: {} });
    assert.ok(defined(fy.dateFiled, 'fy.dateFiled') >= amendment.filed);
  });

  test('asOf before the amendment gives back the originally filed year, with no look-ahead', async () => {
    const asOf = original.filed;
    const fy = defined((await asReported(engine, { cik: s.cik, period: 'annual', asOf })).find((p) => p.fiscalYear === amendment.fy), '(await asReported(engine, { cik: s.cik, period: \'annual...');
    const was = defined(original.facts.find((f) => f.concept === c.revenue && f.start !== null && f.end === fy.period), 'original.facts.find((f) => f.concept === c.revenue && f.s...').val;
    assert.equal(fy.facts[c.revenue], was);
    assert.equal(fy.sources[amendment.accn], undefined);
    assert.equal(fy.dateFiled, original.filed);
    const all = await asReported(engine, { cik: s.cik, period: 'quarter', asOf });
    assert.ok(all.every((p) => p.dateFiled === null || p.dateFiled <= asOf));
  });

  test('limit keeps the newest periods, newest first', async () => {
    const all = await asReported(engine, { cik: s.cik, period: 'quarter' });
    const two = await asReported(engine, { cik: s.cik, period: 'quarter', limit: 2 });
    assert.deepEqual(two, all.slice(0, 2));
    assert.ok(all.every((p, i) => i === 0 || defined(all[i - 1], 'all[i - 1]').period > p.period));
  });
});
