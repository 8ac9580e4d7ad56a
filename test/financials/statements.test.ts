// Standardized statements and EPS history on real SEC fixtures, through the real app: every expected figure is read in
// the test from the filings (the FS data set of Apple's FY2024 10-K, the companies' companyfacts), never from our output.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { bodyAs, ErrorBody } from '../helpers/bodyAs.ts';
import { readCompanyFacts, type CompanyFact, type CompanyFacts } from '../helpers/companyFacts.ts';

const APPLE = 320193;
const MARVELL = 1835632;
const SNOWFLAKE = 1640147;
const LPA = 1997711;
const CF = {
  apple: fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
  marvell: fixture('edgar', 'companyfacts', 'CIK0001835632.json.gz'),
  snowflake: fixture('edgar', 'companyfacts', 'CIK0001640147.json.gz'),
  lpa: fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz'),
};

type CfFact = CompanyFact;
const cfCache = new Map<string, CompanyFacts>();
function cfFacts(file: string, concept: string, unit: string): CfFact[] {
  const doc = cfCache.get(file) ?? readCompanyFacts(file);
  cfCache.set(file, doc);
  const [tax = '', name = ''] = concept.split(':');
  return doc.facts[tax]?.[name]?.units[unit] ?? [];
}
const byFiled = (a: CfFact, b: CfFact) => a.filed.localeCompare(b.filed);
/** The value last filed among `list`; fails the test naming `what` when there is none. */
const lastFiled = (list: CfFact[], what: string) => defined([...list].sort(byFiled).at(-1), what);
/** A served value that must be a number. */
const num = (x: unknown, what: string): number => {
  assert.equal(typeof x, 'number', `${what} is a number`);
  return Number(x);
};

/** Undimensioned values of the Apple FY2024 10-K, from the SEC Financial Statement data set's num.txt: tag -> value. */
function apple10kFy2024(): Map<string, number> {
  const lines = fs.readFileSync(fixture('sec-datasets', 'fs', 'apple_10k_2024_0000320193-24-000123', 'num.txt'), 'utf8').split('\n');
  const head = defined(lines[0], 'the num.txt header').split('\t');
  const col = (n: string) => head.indexOf(n);
  const out = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const f = line.split('\t');
    if (f[col('ddate')] !== '20240930' || f[col('segments')] !== '' || f[col('coreg')] !== '') continue;
    if (!['0', '4'].includes(f[col('qtrs')] ?? '')) continue;
    out.set(`us-gaap:${f[col('tag')] ?? ''}`, Number(f[col('value')]));
  }
  return out;
}

/** What this suite reads of every period entry; the statement lines stay as served (unknown until checked). */
const Rows = v.array(v.looseObject({
  period: v.string(), fiscalYear: v.number(), fiscalPeriod: v.string(), currency: v.optional(v.nullable(v.string())),
  concepts: v.optional(v.record(v.string(), v.string())),
}));
type Row = v.InferInput<typeof Rows>[number];

let app: TestApp;
let cleanup: () => void;
before(async () => {
  const t = await openTempEngine();
  cleanup = t.cleanup;
  await ingestPaths(t.engine, Object.values(CF));
  app = await startTestApp(t.engine, { endpoints: [...ENDPOINTS] });
});
after(async () => {
  await app.close();
  cleanup();
});

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${app.base}${path}`, bearer(app.tokens.Pro));
  return { status: res.status, body: await res.json() };
}
async function rows(path: string): Promise<Row[]> {
  const { status, body } = await get(path);
  assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
  return bodyAs(Rows, body, path);
}

describe('income statement, balance sheet and cash flow', () => {
  test("Apple FY2024: every filed line equals the 10-K's own figure for the concept it names, and derived lines follow their formulas", async () => {
    const filed = apple10kFy2024();
    const year = async (path: string) => defined((await rows(`${path}?cik=${String(APPLE)}&period=annual&limit=40`)).find((r) => r.fiscalYear === 2024), `${path} FY2024`);
    let compared = 0;
    for (const path of ['/api/financials/income-statement', '/api/financials/balance-sheet', '/api/financials/cash-flow']) {
      const fy = await year(path);
      assert.equal(fy.period, '2024-09-28');
      assert.equal(fy.fiscalPeriod, 'FY');
      assert.equal(fy.currency, 'USD');
      for (const [line, source] of Object.entries(defined(fy.concepts, 'concepts'))) {
        if (!source.startsWith('us-gaap:')) continue;
        assert.ok(filed.has(source), `${line}: ${source} is in the 10-K`);
        assert.equal(fy[line], filed.get(source), `${path} ${line} (${source})`);
        compared++;
      }
    }
    const is = await year('/api/financials/income-statement');
    const cf = await year('/api/financials/cash-flow');
    assert.ok(compared >= 35, `compared ${String(compared)} lines`);
    // the analyst's core lines are all there, named by the concepts Apple used
    assert.equal(is['revenue'], filed.get('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'));
    assert.equal(is['netIncome'], filed.get('us-gaap:NetIncomeLoss'));
    assert.equal(is['epsDiluted'], filed.get('us-gaap:EarningsPerShareDiluted'));
    const filedValue = (concept: string) => defined(filed.get(concept), `${concept} in the 10-K`);
    assert.equal(is['ebitda'], filedValue('us-gaap:OperatingIncomeLoss') + filedValue('us-gaap:DepreciationDepletionAndAmortization'));
    assert.equal(is.concepts?.['ebitda'], 'depreciationAmortization + operatingIncome');
    assert.equal(cf['freeCashFlow'], filedValue('us-gaap:NetCashProvidedByUsedInOperatingActivities') - filedValue('us-gaap:PaymentsToAcquirePropertyPlantAndEquipment'));
    assert.equal(cf.concepts?.['freeCashFlow'], 'operatingCashFlow - capitalExpenditure');
    assert.ok(!('fx' in is), 'fx is omitted when everything is in the target currency');
  });

  test('Apple Q4 FY2024 diluted EPS is the reconstructed net income over the day-weighted diluted shares', async () => {
    const ni = cfFacts(CF.apple, 'us-gaap:NetIncomeLoss', 'USD');
    const sh = cfFacts(CF.apple, 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', 'shares');
    const span = (list: CfFact[], start: string, end: string) => lastFiled(list.filter((f) => f.start === start && f.end === end), `${start}..${end}`).val;
    const q4Ni = span(ni, '2023-10-01', '2024-09-28') - span(ni, '2023-10-01', '2024-06-29');
    const q4Shares = Math.round((span(sh, '2023-10-01', '2024-09-28') * 364 - span(sh, '2023-10-01', '2024-06-29') * 273) / 91);
    const expected = Math.round((q4Ni / q4Shares) * 100) / 100;
    const q4 = defined((await rows(`/api/financials/income-statement?cik=${String(APPLE)}&period=quarter&limit=12`)).find((r) => r.fiscalYear === 2024 && r.fiscalPeriod === 'Q4'), 'Q4 FY2024');
    assert.equal(q4.period, '2024-09-28');
    assert.equal(q4['netIncome'], q4Ni);
    assert.equal(q4['sharesDiluted'], q4Shares);
    assert.equal(q4['epsDiluted'], expected);
    const eps = defined((await rows(`/api/earnings/eps-history?cik=${String(APPLE)}&period=quarter&limit=12`)).find((r) => r.period === '2024-09-28'), 'EPS of Q4 FY2024');
    assert.equal(eps['epsDiluted'], expected);
  });

  test('quarterly balance sheets hold period-end balances, Q4 the fiscal-year-end one; a balance sheet has no TTM (400)', async () => {
    const assets = cfFacts(CF.apple, 'us-gaap:Assets', 'USD');
    const q = await rows(`/api/financials/balance-sheet?cik=${String(APPLE)}&period=quarter&limit=8`);
    for (const r of q) {
      const filed = assets.filter((f) => f.end === r.period).sort(byFiled).at(-1);
      if (filed) assert.equal(r['totalAssets'], filed.val, r.period);
    }
    assert.equal(q.find((r) => r.fiscalPeriod === 'Q4' && r.fiscalYear === 2024)?.['totalAssets'], apple10kFy2024().get('us-gaap:Assets'));
    const ttm = await get(`/api/financials/balance-sheet?cik=${String(APPLE)}&period=ttm`);
    assert.equal(ttm.status, 400);
    assert.match(bodyAs(ErrorBody, ttm.body).error, /period/);
    const eur = await get(`/api/financials/income-statement?cik=${String(APPLE)}&currency=EUR`);
    assert.equal(eur.status, 200);
    const unknown = await get(`/api/financials/income-statement?cik=${String(APPLE)}&currency=XXX`);
    assert.equal(unknown.status, 400);
  });

  for (const [name, file, cik] of [['Snowflake (January 31)', CF.snowflake, SNOWFLAKE], ['Marvell (52/53 weeks ending near January 31)', CF.marvell, MARVELL]] as const) {
    test(`${name} annual statements are labelled by the fiscal year its 10-Ks state`, async () => {
      const rev = [...cfFacts(file, 'us-gaap:Revenues', 'USD'), ...cfFacts(file, 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'USD')];
      // each 10-K's current year: the longest-ending annual span it filed, with the fiscal year focus it declares
      const tenKs = new Map<string, CfFact>();
      for (const f of rev.filter((x) => x.form === '10-K' && x['fp'] === 'FY')) {
        if (f.start === undefined) continue;
        const days = (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000;
        if (days < 350) continue;
        const prev = tenKs.get(f.accn);
        if (!prev || f.end > prev.end) tenKs.set(f.accn, f);
      }
      const annual = await rows(`/api/financials/income-statement?cik=${String(cik)}&period=annual&limit=40`);
      assert.ok(tenKs.size >= 2);
      for (const f of tenKs.values()) {
        const r = annual.find((a) => a.period === f.end);
        assert.ok(r, `${f.end} served`);
        assert.equal(r.fiscalYear, f['fy'], `${f.end} is fiscal ${String(f['fy'])}`);
      }
    });
  }

  test('the 20-F filer (LPA, IFRS) produces statements from ifrs-full concepts', async () => {
    const rev = lastFiled(cfFacts(CF.lpa, 'ifrs-full:Revenue', 'USD').filter((f) => f.start === '2024-01-01' && f.end === '2024-12-31'), 'LPA 2024 revenue');
    const assets = lastFiled(cfFacts(CF.lpa, 'ifrs-full:Assets', 'USD').filter((f) => f.end === '2024-12-31'), 'LPA 2024 assets');
    const is = defined((await rows(`/api/financials/income-statement?cik=${String(LPA)}&period=annual`)).find((r) => r.period === '2024-12-31'), 'LPA 2024 income statement');
    assert.equal(is['revenue'], rev.val);
    assert.equal(is.concepts?.['revenue'], 'ifrs-full:Revenue');
    const bs = defined((await rows(`/api/financials/balance-sheet?cik=${String(LPA)}&period=annual&currency=original`)).find((r) => r.period === '2024-12-31'), 'LPA 2024 balance sheet');
    assert.equal(bs['totalAssets'], assets.val);
    assert.equal(bs.concepts?.['totalAssets'], 'ifrs-full:Assets');
  });
});

describe('EPS history across splits', () => {
  const EPS = 'us-gaap:EarningsPerShareDiluted';
  const SHARES = 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding';
  const fyValues = (concept: string, unit: string, end: string) =>
    cfFacts(CF.apple, concept, unit).filter((f) => f.end === end && f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350).sort(byFiled);
  // Apple's own statement of its splits: the split-ratio fact, dated at the split
  const splits = cfFacts(CF.apple, 'us-gaap:StockholdersEquityNoteStockSplitConversionRatio1', 'pure');
  const factorAfter = (filed: string) => [...new Map(splits.map((s) => [s.end, s.val])).entries()]
    .filter(([date]) => date > filed).reduce((k, [, v]) => k * v, 1);

  test('splitAdjust=false serves each fiscal year as first filed: FY2019 before the 2020 4:1 split, FY2020 after it', async () => {
    const asFiled = await rows(`/api/earnings/eps-history?cik=${String(APPLE)}&period=annual&limit=20&splitAdjust=false`);
    for (const [year, end] of [[2019, '2019-09-28'], [2020, '2020-09-26'], [2017, '2017-09-30']] as const) {
      const first = defined(fyValues(EPS, 'USD/shares', end)[0], `EPS first filed for ${end}`);
      const firstShares = defined(fyValues(SHARES, 'shares', end)[0], `shares first filed for ${end}`);
      const r = defined(asFiled.find((x) => x.fiscalYear === year), `FY${String(year)}`);
      assert.equal(r['epsDiluted'], first.val, `FY${String(year)} EPS as first filed in ${first.accn}`);
      assert.equal(r['sharesOutstandingDiluted'], firstShares.val, `FY${String(year)} shares as first filed`);
    }
    // as filed, the split shows as a 4x drop in EPS
    const g2020 = num(defined(asFiled.find((x) => x.fiscalYear === 2020), 'FY2020')['epsGrowth'], 'FY2020 epsGrowth');
    assert.ok(g2020 < -0.7, `as-filed FY2020 epsGrowth ${String(g2020)}`);
  });

  test('splitAdjust=true puts every year on the current basis: values last stated before a split are divided by it, restated ones untouched', async () => {
    const adjusted = await rows(`/api/earnings/eps-history?cik=${String(APPLE)}&period=annual&limit=20`);
    assert.deepEqual(adjusted, await rows(`/api/earnings/eps-history?cik=${String(APPLE)}&period=annual&limit=20&splitAdjust=true`));
    for (const r of adjusted.filter((x) => x.fiscalYear >= 2012 && x.fiscalYear <= 2021)) {
      const fy = `FY${String(r.fiscalYear)}`;
      const latest = defined(fyValues(EPS, 'USD/shares', r.period).at(-1), `${fy} EPS`);
      const latestShares = defined(fyValues(SHARES, 'shares', r.period).at(-1), `${fy} shares`);
      const k = factorAfter(latest.filed);
      const expected = k === 1 ? latest.val : Math.round((latest.val / k) * 1e4) / 1e4;
      assert.equal(r['epsDiluted'], expected, `${fy}: ${String(latest.val)} last filed ${latest.filed}, split factor since ${String(k)}`);
      assert.equal(r['sharesOutstandingDiluted'], Math.round(latestShares.val * factorAfter(latestShares.filed)), `${fy} shares`);
      // net income is never adjusted
      const ni = lastFiled(cfFacts(CF.apple, 'us-gaap:NetIncomeLoss', 'USD').filter((f) => f.end === r.period && f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350), `${fy} net income`);
      assert.equal(r['netIncome'], ni.val);
    }
    // continuous: EPS moves year to year the way net income per share does, never by a split factor
    const series = adjusted.filter((x) => x.fiscalYear >= 2012 && x.fiscalYear <= 2022).sort((a, b) => a.fiscalYear - b.fiscalYear);
    series.slice(1).forEach((cur, i) => {
      const prev = defined(series[i], 'the prior year');
      const ratio = num(cur['epsDiluted'], `FY${String(cur.fiscalYear)} EPS`) / num(prev['epsDiluted'], `FY${String(prev.fiscalYear)} EPS`);
      assert.ok(ratio > 0.6 && ratio < 1.9, `FY${String(cur.fiscalYear)}/FY${String(prev.fiscalYear)} = ${String(ratio)}`);
    });
  });

  test('period=ttm is a single entry', async () => {
    const ttm = await rows(`/api/earnings/eps-history?cik=${String(APPLE)}&period=ttm&limit=10`);
    assert.equal(ttm.length, 1);
    assert.equal(ttm[0]?.fiscalPeriod, 'TTM');
  });
});
