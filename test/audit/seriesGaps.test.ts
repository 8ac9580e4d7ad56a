// Audit of the period-over-period rules where a company's documents skip fiscal years (Netflix: 10-Ks for 2009, 2018
// and 2022 in the fixtures, nothing for 2010-2015 and 2019): a growth rate compares a year with the year before it,
// a CAGR over n years starts n fiscal years back, and a year the documents do not hold is never stood in for by an
// older one. Expected values are computed here from the documents' own annual facts (XBRL instances, FSN num.tsv).
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { fsDataSetRows } from '../helpers/fsDataSet.ts';
import { documentFacts } from '../footnotes/documentFacts.ts';

const INSTANCES = ['nflx-20091231.xml.gz', 'nflx-20221231_htm.xml.gz'].map((f) => fixture('edgar', 'xbrl', 'instances', f));
const FSN = fixture('sec-datasets', 'fsn', '2019q1');
const CIK = 1065280;

const DAY = 86_400_000;
const days = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);
const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

/** Each undimensioned annual (357-371 day) value of a concept in the documents, by fiscal year end. */
function annual(concept: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const file of INSTANCES) {
    for (const f of documentFacts(file)) {
      if (f.concept !== `us-gaap:${concept}` || f.start === null || Object.keys(f.dims).length > 0) continue;
      const span = days(f.start, f.end) + 1;
      if (span >= 357 && span <= 371) out.set(f.end, f.value);
    }
  }
  for (const n of fsDataSetRows(readFileSync(`${FSN}/num.tsv`, 'utf8'))) {
    if (n.tag === concept && n.qtrs === '4' && n.dimn === '0' && !n.coreg && n.value) out.set(iso(n.ddate ?? ''), Number(n.value));
  }
  return out;
}

/** A fiscal year's growth over the year just before it, from the documents; null when either is missing or the base is 0. */
function yearGrowth(values: Map<string, number>, end: string): number | null {
  const cur = values.get(end);
  const prev = yearsBefore(values, end, 1);
  return cur === undefined || prev === undefined || prev === 0 ? null : (cur - prev) / Math.abs(prev);
}

/** The value of the fiscal year ending `years` years before `end` (357-371 days a year), if the documents hold one. */
function yearsBefore(values: Map<string, number>, end: string, years: number): number | undefined {
  for (const [e, v] of values) {
    const d = days(e, end);
    if (d >= 357 * years && d <= 371 * years) return v;
  }
  return undefined;
}

const close = (a: number | null | undefined, b: number | null) =>
  a === b || (a != null && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)));

let wh: Awaited<ReturnType<typeof openTempEngine>>;

before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [...INSTANCES, FSN]);
});
after(() => {
  wh.cleanup();
});

test('the documents skip fiscal years (the case this audit needs)', () => {
  const ni = annual('NetIncomeLoss');
  const ends = [...ni.keys()].sort();
  assert.ok(ends.some((e, i) => i > 0 && days(ends[i - 1] ?? e, e) > 371), `a gap between fiscal years: ${ends.join(', ')}`);
});

test('eps-history: epsGrowth of a fiscal year is against the year before it, null when the documents lack that year', async () => {
  const eps = annual('EarningsPerShareBasic');
  const rows = await wh.engine.query<{ period: string; eps: number | null; epsGrowth: number | null }>(
    `SELECT period, eps, epsGrowth FROM eps_history($c, 'annual', NULL, false, 'original', NULL)`, { c: CIK });
  assert.ok(rows.length >= eps.size - 1, 'an entry per fiscal year the documents state');
  const wrong: string[] = [];
  for (const r of rows) {
    const expected = yearGrowth(eps, r.period);
    if (!close(r.epsGrowth, expected)) wrong.push(`${r.period}: epsGrowth ${String(r.epsGrowth)}, documents ${String(expected)}`);
  }
  assert.ok(rows.some((r) => yearGrowth(eps, r.period) !== null), 'some year has the year before it in the documents');
  assert.deepEqual(wrong, []);
});

test('growth: netIncomeGrowth of a fiscal year is against the year before it, null when the documents lack that year', async () => {
  const ni = annual('NetIncomeLoss');
  const rows = await wh.engine.query<{ period: string; netIncomeGrowth: number | null }>(
    `SELECT period, netIncomeGrowth FROM growth($c, 'annual', NULL, 'original', NULL)`, { c: CIK });
  const wrong: string[] = [];
  for (const r of rows) {
    const expected = yearGrowth(ni, r.period);
    if (!close(r.netIncomeGrowth, expected)) wrong.push(`${r.period}: netIncomeGrowth ${String(r.netIncomeGrowth)}, documents ${String(expected)}`);
  }
  assert.ok(rows.some((r) => yearGrowth(ni, r.period) !== null), 'some year has the year before it in the documents');
  assert.deepEqual(wrong, []);
});

test('trends: a 3- or 5-year net income CAGR starts exactly 3 or 5 fiscal years back, null when the documents lack that year', async () => {
  const ni = annual('NetIncomeLoss');
  const [row] = await wh.engine.query<{ latestPeriod: string; cagr: { netIncome3yr: number | null; netIncome5yr: number | null } }>(
    `SELECT latestPeriod, cagr FROM earnings_trends($c, 'NFLX', 'original', NULL)`, { c: CIK });
  assert.ok(row);
  const last = ni.get(row.latestPeriod);
  assert.ok(last !== undefined, 'the latest fiscal year is a document year');
  const cagr = (n: number) => {
    const first = yearsBefore(ni, row.latestPeriod, n);
    return first !== undefined && first > 0 && last > 0 ? 100 * ((last / first) ** (1 / n) - 1) : null;
  };
  assert.ok(close(row.cagr.netIncome3yr, cagr(3)), `netIncome3yr ${String(row.cagr.netIncome3yr)}, documents ${String(cagr(3))}`);
  assert.ok(close(row.cagr.netIncome5yr, cagr(5)), `netIncome5yr ${String(row.cagr.netIncome5yr)}, documents ${String(cagr(5))}`);
});
