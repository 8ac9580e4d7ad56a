// Financial health scores and growth on real filings: Piotroski and Altman for Apple and Kraft Heinz recomputed in the
// test, by hand, from the companies' own companyfacts figures; growth against the prior year's filed figures; the 400
// for a company with no annual financial filings (Tesla known only from its submissions feed here).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { bodyAs, ErrorBody } from '../helpers/bodyAs.ts';
import { readCompanyFacts } from '../helpers/companyFacts.ts';
import { GrowthEntry, HealthScores } from '../../http/endpoints/statements.ts';
import { EarningsTrends } from '../../http/endpoints/earnings.ts';

const APPLE = { cik: 320193, file: fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz') };
const KRAFT = { cik: 1637459, file: fixture('sec-datasets', 'bulk-json', 'companyfacts', 'CIK0001637459.json') };
const TESLA_SUBMISSIONS = fixture('sec-datasets', 'bulk-json', 'submissions', 'CIK0001318605.json');

function reader(file: string) {
  const { facts } = readCompanyFacts(file);
  /** The value last filed for the fiscal year ending `end` (a ~1-year span, or the instant at `end`). */
  return (concept: string, end: string, unit = 'USD'): number => {
    const [tax = '', name = ''] = concept.split(':');
    const hits = (facts[tax]?.[name]?.units[unit] ?? []).filter((f) => f.end === end
      && (f.start === undefined || (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350)).sort((a, b) => a.filed.localeCompare(b.filed));
    return defined(hits.at(-1), `${concept} ${end}`).val;
  };
}

/** The concepts each company files for the inputs (read off their statements once, by hand). */
interface Inputs { revenue: string; grossProfit: string; ebit: string; netIncome: string; ocf: string; assets: string; currentAssets: string;
  currentLiabilities: string; liabilities: string; retained: string; equity: string; debt: string[]; shares: string }
const GAAP = (n: string) => `us-gaap:${n}`;
const APPLE_INPUTS: Inputs = {
  revenue: GAAP('RevenueFromContractWithCustomerExcludingAssessedTax'), grossProfit: GAAP('GrossProfit'), ebit: GAAP('OperatingIncomeLoss'),
  netIncome: GAAP('NetIncomeLoss'), ocf: GAAP('NetCashProvidedByUsedInOperatingActivities'), assets: GAAP('Assets'),
  currentAssets: GAAP('AssetsCurrent'), currentLiabilities: GAAP('LiabilitiesCurrent'), liabilities: GAAP('Liabilities'),
  retained: GAAP('RetainedEarningsAccumulatedDeficit'), equity: GAAP('StockholdersEquity'),
  debt: [GAAP('LongTermDebtCurrent'), GAAP('LongTermDebtNoncurrent')], shares: GAAP('WeightedAverageNumberOfSharesOutstandingBasic'),
};
const KRAFT_INPUTS: Inputs = {
  revenue: GAAP('RevenueFromContractWithCustomerIncludingAssessedTax'), grossProfit: GAAP('GrossProfit'), ebit: GAAP('OperatingIncomeLoss'),
  netIncome: GAAP('NetIncomeLoss'), ocf: GAAP('NetCashProvidedByUsedInOperatingActivities'), assets: GAAP('Assets'),
  currentAssets: GAAP('AssetsCurrent'), currentLiabilities: GAAP('LiabilitiesCurrent'), liabilities: GAAP('Liabilities'),
  retained: GAAP('RetainedEarningsAccumulatedDeficit'), equity: GAAP('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest'),
  debt: [GAAP('LongTermDebtAndCapitalLeaseObligationsCurrent'), GAAP('LongTermDebtAndCapitalLeaseObligations')],
  shares: GAAP('WeightedAverageNumberOfSharesOutstandingBasic'),
};

function byHand(file: string, c: Inputs, end: string, prevEnd: string) {
  const val = reader(file);
  const year = (e: string) => ({
    revenue: val(c.revenue, e), gp: val(c.grossProfit, e), ebit: val(c.ebit, e), ni: val(c.netIncome, e), ocf: val(c.ocf, e),
    ta: val(c.assets, e), ca: val(c.currentAssets, e), cl: val(c.currentLiabilities, e), tl: val(c.liabilities, e),
    re: val(c.retained, e), eq: val(c.equity, e), debt: c.debt.reduce((s, d) => s + val(d, e), 0), shares: val(c.shares, e, 'shares'),
  });
  const y = year(end);
  const p = year(prevEnd);
  const details = {
    positiveNetIncome: y.ni > 0,
    positiveOperatingCashFlow: y.ocf > 0,
    risingRoa: y.ni / y.ta > p.ni / p.ta,
    cashFlowExceedsNetIncome: y.ocf > y.ni,
    decliningLeverage: y.debt / y.ta < p.debt / p.ta,
    risingCurrentRatio: y.ca / y.cl > p.ca / p.cl,
    noShareDilution: y.shares <= p.shares,
    risingGrossMargin: y.gp / y.revenue > p.gp / p.revenue,
    risingAssetTurnover: y.revenue / y.ta > p.revenue / p.ta,
  };
  const z = 1.2 * (y.ca - y.cl) / y.ta + 1.4 * y.re / y.ta + 3.3 * y.ebit / y.ta + 0.6 * y.eq / y.tl + 1.0 * y.revenue / y.ta;
  return { details, score: Object.values(details).filter(Boolean).length, z, revenueGrowth: (y.revenue - p.revenue) / Math.abs(p.revenue) };
}

let app: TestApp;
let cleanup: () => void;
before(async () => {
  const t = await openTempEngine();
  cleanup = t.cleanup;
  await ingestPaths(t.engine, [APPLE.file, KRAFT.file, TESLA_SUBMISSIONS]);
  app = await startTestApp(t.engine, { endpoints: [...ENDPOINTS] });
});
after(async () => {
  await app.close();
  cleanup();
});

async function get(path: string, plan: 'Pro' | 'Starter' | 'Free' = 'Pro') {
  const res = await fetch(`${app.base}${path}`, bearer(app.tokens[plan]));
  return { status: res.status, body: await res.json() as unknown };
}

describe('financial health scores', () => {
  for (const [name, co, inputs, end, prevEnd] of [
    ['Apple FY2025', APPLE, APPLE_INPUTS, '2025-09-27', '2024-09-28'],
    ['Kraft Heinz FY2025', KRAFT, KRAFT_INPUTS, '2025-12-27', '2024-12-28'],
  ] as const) {
    test(`${name}: Piotroski criteria and Altman Z equal the hand computation from the filed figures`, async () => {
      const expected = byHand(co.file, inputs, end, prevEnd);
      const answer = await get(`/api/financials/scores?cik=${String(co.cik)}`, 'Starter');
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const body = bodyAs(HealthScores, answer.body);
      assert.equal(body.period, end);
      assert.equal(body.fiscalPeriod, 'FY');
      assert.deepEqual(body.piotroskiDetails, expected.details);
      assert.equal(body.piotroskiFScore, expected.score);
      const z = defined(body.altmanZScore, 'Altman Z');
      assert.ok(Math.abs(z - expected.z) < 1e-4, `Z ${String(z)} vs ${String(expected.z)}`);
      assert.equal(body.altmanZone, expected.z > 2.99 ? 'safe' : expected.z >= 1.81 ? 'grey' : 'distress');
      assert.ok(!('altmanMissing' in body));
    });
  }

  test('a company with no annual financial filings gets 400 with { error }', async () => {
    const { status, body } = await get('/api/financials/scores?cik=1318605');
    assert.equal(status, 400);
    assert.match(bodyAs(ErrorBody, body).error, /annual/);
  });

  test('scores and growth are Starter and Stock Pro features: Free gets 403', async () => {
    assert.equal((await get(`/api/financials/scores?cik=${String(APPLE.cik)}`, 'Free')).status, 403);
    assert.equal((await get(`/api/financials/growth?cik=${String(APPLE.cik)}`, 'Free')).status, 403);
  });
});

describe('growth', () => {
  test('Apple FY2025 revenue growth is (FY2025 - FY2024) / |FY2024| of the filed revenue; the oldest year has none', async () => {
    const expected = byHand(APPLE.file, APPLE_INPUTS, '2025-09-27', '2024-09-28').revenueGrowth;
    const { status, body } = await get(`/api/financials/growth?cik=${String(APPLE.cik)}&limit=40`);
    assert.equal(status, 200);
    const rows = bodyAs(v.array(GrowthEntry), body);
    assert.ok(Math.abs(defined(rows[0]?.revenueGrowth, 'the latest revenue growth') - expected) < 1e-12);
    assert.equal(defined(rows.at(-1), 'the oldest entry').revenueGrowth, null);
  });
});

describe('earnings trends', () => {
  test("Apple: margins, direction and the 3- and 5-year revenue CAGRs follow from the 10-K figures", async () => {
    const val = reader(APPLE.file);
    const rev = (e: string) => val(APPLE_INPUTS.revenue, e);
    const answer = await get(`/api/earnings/trends?cik=${String(APPLE.cik)}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const body = bodyAs(EarningsTrends, answer.body);
    assert.equal(body.latestPeriod, '2025-09-27');
    const gross = (e: string) => (100 * val(APPLE_INPUTS.grossProfit, e)) / rev(e);
    const margin = body.margins.gross;
    assert.ok(Math.abs(defined(margin.latest, 'latest gross margin') - gross('2025-09-27')) < 1e-9);
    assert.ok(Math.abs(defined(margin.threeYearAgo, 'gross margin three years ago') - gross('2022-09-24')) < 1e-9);
    assert.equal(margin.direction, gross('2025-09-27') - gross('2022-09-24') > 1 ? 'expanding' : gross('2025-09-27') - gross('2022-09-24') < -1 ? 'compressing' : 'stable');
    const { cagr } = body;
    assert.ok(Math.abs(defined(cagr.revenue3yr, '3-year revenue CAGR') - 100 * ((rev('2025-09-27') / rev('2022-09-24')) ** (1 / 3) - 1)) < 1e-9);
    assert.ok(Math.abs(defined(cagr.revenue5yr, '5-year revenue CAGR') - 100 * ((rev('2025-09-27') / rev('2020-09-26')) ** (1 / 5) - 1)) < 1e-9);
  });

  test('a company with no annual financial filings gets 400', async () => {
    assert.equal((await get('/api/earnings/trends?cik=1318605')).status, 400);
  });
});
