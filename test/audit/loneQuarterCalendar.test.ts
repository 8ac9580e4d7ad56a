// Audit of the fiscal calendar of companies whose warehouse holds three-month spans only (the 2010q2 50-company FS
// data set: a lone Q1 10-Q, no 10-K, no half-year or nine-month span): every three-month net income the data set files
// for such a company (num.txt, read here) is a quarter of its income statement with that value, labelled with the
// quarter sub.txt states (fp), in the fiscal year that ends on the year end sub.txt states (fye).
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { fsDataSetRows } from '../helpers/fsDataSet.ts';

const DIR = fixture('sec-datasets', 'fs', '2010q2_50co');

const table = (name: string) => fsDataSetRows(readFileSync(`${DIR}/${name}`, 'utf8'));

const iso = (d: string) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;

interface Expected { cik: number; end: string; values: number[]; fiscalYear: number; fiscalPeriod: string }

/**
 * The three-month net income of each company whose only filing is a 10-Q and which files no longer span, with the label
 * the filing states: sub.fp, and the fiscal year as the warehouse counts it (the calendar year in which the stated year
 * end falls, less 10 days); a comparative quarter a whole number of years before the filing's period takes the same
 * fp, that many years earlier. Quarters whose end is off the stated year's quarter grid are returned apart.
 */
function expected(): { quarters: Expected[]; offGrid: string[]; subFyDiffers: string[] } {
  const subs = table('sub.txt');
  const perCik = new Map<string, Record<string, string>[]>();
  for (const s of subs) perCik.set(s.cik ?? '', [...(perCik.get(s.cik ?? '') ?? []), s]);
  const lone = new Map<string, Record<string, string>>();
  for (const rows of perCik.values()) if (rows.length === 1 && rows[0]?.form === '10-Q') lone.set(rows[0].adsh ?? '', rows[0]);
  const nums = table('num.txt');
  const longer = new Set(nums.filter((n) => lone.has(n.adsh ?? '') && !['0', '1'].includes(n.qtrs ?? '')).map((n) => n.adsh));
  const byKey = new Map<string, Expected>();
  const offGrid: string[] = [];
  const subFyDiffers: string[] = [];
  for (const n of nums) {
    const sub = lone.get(n.adsh ?? '');
    if (!sub || longer.has(n.adsh) || n.tag !== 'NetIncomeLoss' || n.qtrs !== '1' || n.uom !== 'USD') continue;
    if (n.segments || n.coreg || !n.value) continue;
    const ddate = n.ddate ?? '';
    const fyeMonth = Number((sub.fye ?? '').slice(0, 2));
    const endMonth = Number(ddate.slice(4, 6));
    if ((endMonth - fyeMonth + 12) % 3 !== 0) { offGrid.push(`${sub.cik ?? ''} ${ddate}`); continue; }
    const yearsBack = Number((sub.period ?? '').slice(0, 4)) - Number(ddate.slice(0, 4));
    assert.equal((sub.period ?? '').slice(4), ddate.slice(4), `${sub.cik ?? ''} ${ddate}: a comparative of the same quarter`);
    // the stated year end on or after the quarter end; fiscal year = its calendar year less 10 days
    const y = Number(ddate.slice(0, 4));
    const fyEndYear = fyeMonth >= endMonth ? y : y + 1;
    const fyeDay = Math.min(Number((sub.fye ?? '').slice(2)), new Date(Date.UTC(fyEndYear, fyeMonth, 0)).getUTCDate());
    const fiscalYear = new Date(Date.UTC(fyEndYear, fyeMonth - 1, fyeDay - 10)).getUTCFullYear();
    if (fiscalYear !== Number(sub.fy) - yearsBack) subFyDiffers.push(`${sub.cik ?? ''} ${ddate}: sub.fy ${String(Number(sub.fy) - yearsBack)} fiscal_year ${String(fiscalYear)}`);
    const key = `${sub.cik ?? ''} ${ddate}`;
    const e = byKey.get(key) ?? { cik: Number(sub.cik), end: iso(ddate), values: [], fiscalYear, fiscalPeriod: sub.fp ?? '' };
    e.values.push(Number(n.value));
    byKey.set(key, e);
  }
  return { quarters: [...byKey.values()], offGrid, subFyDiffers };
}

let wh: Awaited<ReturnType<typeof openTempEngine>>;

before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [DIR]);
});
after(() => {
  wh.cleanup();
});

test('every three-month net income of a lone-10-Q company is a labelled quarter of its income statement', async () => {
  const { quarters, offGrid, subFyDiffers } = expected();
  assert.ok(quarters.length > 0, 'the data set has lone-Q1 companies filing quarterly net income');
  console.log(`lone-quarter audit: ${String(quarters.length)} quarters; off the stated fye grid (not asserted): ${offGrid.join('; ') || 'none'}; ` +
    `where sub.fy names the year the fiscal year begins: ${subFyDiffers.join('; ') || 'none'}`);
  const wrong: string[] = [];
  for (const q of quarters) {
    const rows = await wh.engine.query<{ period_end: string; value: number; fiscal_year: number; fiscal_period: string }>(
      `SELECT strftime(period_end, '%Y-%m-%d') AS period_end, value, fiscal_year, fiscal_period
       FROM standard_values(cik_bucket($cik), $cik, NULL) WHERE series = 'quarter' AND line = 'netIncome'`, { cik: q.cik });
    const row = rows.find((r) => r.period_end === q.end);
    if (!row) { wrong.push(`${String(q.cik)} ${q.end}: no quarter`); continue; }
    if (!q.values.includes(row.value)) wrong.push(`${String(q.cik)} ${q.end}: ${String(row.value)} not one of ${q.values.join(', ')}`);
    if (row.fiscal_year !== q.fiscalYear || row.fiscal_period !== q.fiscalPeriod) {
      wrong.push(`${String(q.cik)} ${q.end}: ${String(row.fiscal_year)} ${row.fiscal_period}, filed ${String(q.fiscalYear)} ${q.fiscalPeriod}`);
    }
  }
  assert.deepEqual(wrong, [], 'three-month net income the data set files but the income statement lacks or mislabels');
});
