// Regression (issue 8, items 1 and 4): one fiscal period has one identity and one label. Real filers tag a period
// they reported before with a shifted end date (a later 10-K calls an old Q2 2010-07-31 instead of 2010-08-01;
// the FS data sets round to the month end); that gave a quarter two identities and made every TTM request fail with
// "Map keys must be unique". Synthetic filers from the oracle generator, with some comparatives' dates perturbed,
// go through the real pipeline; every series, with and without asOf, must compute and give back the true values,
// labelled from the company's calendar alone, with the same labels as of any date.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported, type AsReportedPeriod } from '../../engine/financials/asReported.ts';
import { addDays, companyFactsJson, filingsOf, type Filing } from '../helpers/oracleFiler.ts';
import { expectedPeriods, type ExpectedPeriod } from '../helpers/oracleFilerExpected.ts';
import type { FilerSchedule } from '../helpers/oracleFilerTypes.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { EXAMPLES, scheduleArb } from './oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let cleanup: () => void;
const inputs = tempDir('perturbed-in-');
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
});
after(() => {
  cleanup();
  fs.rmSync(inputs, { recursive: true, force: true });
});

type Shift = 'plus-one' | 'minus-one' | 'month-end';
interface Perturbation { filing: number; date: number; shift: Shift }

function nearestMonthEnd(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  const thisEnd = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
  const prevEnd = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 0));
  return (d.getUTCDate() <= 15 ? prevEnd : thisEnd).toISOString().slice(0, 10);
}

function shifted(iso: string, shift: Shift): string {
  if (shift === 'plus-one') return addDays(iso, 1);
  if (shift === 'minus-one') return addDays(iso, -1);
  const rounded = nearestMonthEnd(iso);
  return rounded === iso ? addDays(iso, 1) : rounded; // month-end calendars: off by one instead
}

/**
 * The filings with one comparative date per perturbation moved in one later filing: every fact of that filing ending
 * on the date ends on the shifted one, and spans starting the day after start the day after the shifted date.
 */
function perturb(filings: Filing[], picks: Perturbation[]): Filing[] {
  const out = filings.map((f) => ({ ...f, facts: [...f.facts] }));
  for (const p of picks) {
    const f = defined(out[p.filing % out.length], 'out[p.filing % out.length]');
    const own = f.facts.reduce((a, x) => (x.end > a ? x.end : a), '');
    const earlier = [...new Set(f.facts.map((x) => x.end).filter((e) => e < own))].sort();
    if (earlier.length === 0) continue;
    const from = defined(earlier[p.date % earlier.length], 'earlier[p.date % earlier.length]');
    const to = shifted(from, p.shift);
    f.facts = f.facts.map((x) => ({
      ...x,
      end: x.end === from ? to : x.end,
      start: x.start === addDays(from, 1) ? addDays(to, 1) : x.start,
    }));
  }
  return out;
}

const dayDiff = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

function assertSane(got: AsReportedPeriod[], want: ExpectedPeriod[], what: string): void {
  assert.equal(new Set(got.map((p) => p.period)).size, got.length, `${what}: one row per period date`);
  const label = (p: { fiscalYear: number; fiscalPeriod: string }) => `${String(p.fiscalYear)} ${p.fiscalPeriod}`;
  // newest first, one row per true fiscal period (TTM: one per quarter end), each with its true label and values
  assert.deepEqual(got.map(label), want.map(label), `${what}: the true fiscal periods, newest first`);
  got.forEach((g, i) => {
    const w = defined(want[i], 'want[i]');
    assert.ok(dayDiff(g.period, w.period) <= 7, `${what} ${label(g)}: period ${g.period} is the true ${w.period} or a tagged variant`);
    assert.deepEqual(g.facts, w.facts, `${what} ${label(g)} ${w.period}: the true values`);
  });
}

async function check(s: FilerSchedule, picks: Perturbation[], asOfPick: number): Promise<void> {
  const truth = filingsOf(s);
  const file = path.join(inputs, `CIK${String(s.cik).padStart(10, '0')}.json`);
  fs.writeFileSync(file, companyFactsJson(s, perturb(truth, picks)));
  await ingestPaths(engine, [file]);
  const from = truth.findIndex((f) => f.fp === 'FY');
  const asOf = defined(truth[from + (asOfPick % (truth.length - from))], 'truth[from + (asOfPick % (truth.length - from))]').filed;
  for (const period of ['annual', 'quarter', 'ttm'] as const) {
    const all = await asReported(engine, { cik: s.cik, period });
    assertSane(all, expectedPeriods(s, period, truth), `${period} of cik ${String(s.cik)}`);
    const then = await asReported(engine, { cik: s.cik, period, asOf });
    assertSane(then, expectedPeriods(s, period, truth.filter((f) => f.filed <= asOf)), `${period} of cik ${String(s.cik)} as of ${asOf}`);
    // a period known then carries the label it carries now
    for (const p of then) {
      const now = all.find((x) => dayDiff(x.period, p.period) <= 7 && x.fiscalPeriod === p.fiscalPeriod);
      if (now) assert.equal(now.fiscalYear, p.fiscalYear, `${period} ${p.period} as of ${asOf}`);
    }
  }
}

const perturbationArb = fc.record({
  filing: fc.nat(),
  date: fc.nat(),
  shift: fc.constantFrom<Shift>('plus-one', 'minus-one', 'month-end'),
});

test("a later 10-Q's comparative quarter tagged one day late keeps the quarter's identity", async () => {
  const s = { ...defined(EXAMPLES[0], 'EXAMPLES[0]').schedule, cik: 940001 };
  const filings = filingsOf(s);
  // the second year's Q2 10-Q restates nothing but tags the prior year's Q2 as ending a day late
  const q2 = filings.findIndex((f) => f.fp === 'Q2' && f.fy === s.firstYear + 1);
  const priorQ2End = defined(defined(filings.find((f) => f.fp === 'Q2' && f.fy === s.firstYear), 'filings.find((f) => f.fp === \'Q2\' && f.fy === s.firstYear)').facts.at(-1), 'filings.find((f) => f.fp === \'Q2\' && f.fy === s.firstYe...').end;
  const own = defined(filings[q2], 'filings[q2]').facts.reduce((a, x) => (x.end > a ? x.end : a), '');
  const earlier = [...new Set(defined(filings[q2], 'filings[q2]').facts.map((x) => x.end).filter((e) => e < own))].sort();
  await check(s, [{ filing: q2, date: earlier.indexOf(priorQ2End), shift: 'plus-one' }], 0);
});

test('every series computes and gives back the truth when comparatives carry perturbed period-end dates', async () => {
  let cik = 950000;
  await fc.assert(
    fc.asyncProperty(scheduleArb, fc.array(perturbationArb, { minLength: 1, maxLength: 2 }), fc.nat(), async (partial, picks, asOfPick) => {
      await check({ ...partial, cik: ++cik }, picks, asOfPick);
    }),
    { numRuns: Number(process.env.ORACLE_RUNS ?? 5), seed: Number(process.env.ORACLE_SEED ?? 20261124), endOnFailure: true },
  );
});

test('a filer that tags DocumentFiscalYearFocus one year low for several years is labelled from its calendar', async () => {
  for (const [i, { schedule }] of [defined(EXAMPLES[1], 'EXAMPLES[1]'), defined(EXAMPLES[2], 'EXAMPLES[2]')].entries()) {
    const s = { ...schedule, cik: 960001 + i };
    const truth = filingsOf(s);
    // every filing of the first two years states the year before as its focus
    const mislabelled = truth.map((f) => (f.fy < s.firstYear + 2 ? { ...f, fy: f.fy - 1 } : f));
    const file = path.join(inputs, `CIK${String(s.cik).padStart(10, '0')}.json`);
    fs.writeFileSync(file, companyFactsJson(s, mislabelled));
    await ingestPaths(engine, [file]);
    for (const period of ['annual', 'quarter', 'ttm'] as const) {
      const got = await asReported(engine, { cik: s.cik, period });
      const want = expectedPeriods(s, period, truth);
      assert.deepEqual(got.map((p) => [p.period, p.fiscalYear, p.fiscalPeriod]), want.map((p) => [p.period, p.fiscalYear, p.fiscalPeriod]), `${period} of cik ${String(s.cik)}`);
    }
  }
});
