// /api/company/research-summary on Apple's real companyfacts and submissions JSON: the annual revenue and its
// year-over-year change as the 10-Ks state them, the next earnings date of the calendar, the five newest filings;
// a company known only from its submissions gets null financial parts, not an error.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import { readCompanyFacts, unitFacts } from '../helpers/companyFacts.ts';
import { defined } from '../helpers/defined.ts';

const FACTS = fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz');

describe('research summary on the fixtures', () => {
  let wh: TestWarehouse;
  let app: TestApp;
  const get = async (path: string) => {
    const res = await fetch(`${app.base}${path}`, { headers: { Authorization: `Bearer ${app.tokens.Pro}` } });
    return { status: res.status, body: JSON.parse(await res.text()) as Record<string, unknown> };
  };
  before(async () => {
    wh = await fixtureWarehouse([FACTS, fixture('edgar', 'submissions', 'CIK0000320193.json.gz'), fixture('edgar', 'submissions', 'CIK0001318605.json.gz'),
      fixture('edgar', 'reference', 'company_tickers_exchange.json.gz')]);
    app = await startTestApp(wh.engine);
  });
  after(async () => {
    await app.close();
    wh.cleanup();
  });

  test("Apple's latest fiscal-year revenue and its change are those of its 10-Ks", async () => {
    const { status, body } = await get('/api/company/research-summary?symbol=AAPL');
    assert.equal(status, 200);
    const annual = body['latestAnnual'] as { period: string; revenue: number; revenueYoY: number };
    // the document: full-year (about 52 weeks) revenue facts of 10-Ks, by period end
    const fy = unitFacts(readCompanyFacts(FACTS), 'us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD')
      .filter((f) => f.form === '10-K' && f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350);
    const byEnd = new Map(fy.map((f) => [f.end, f.val]));
    const current = defined(byEnd.get(annual.period), `revenue of ${annual.period}`);
    const prior = defined([...byEnd.entries()].filter(([end]) => end < annual.period).sort().at(-1), 'prior year')[1];
    assert.equal(annual.revenue, current);
    assert.ok(Math.abs(annual.revenueYoY - (current / prior - 1)) < 1e-9);
    const calendar = await get('/api/earnings/calendar?symbol=AAPL');
    const predicted = (calendar.body['data'] as { status: string; date: string }[]).find((d) => d.status === 'predicted');
    assert.equal((body['nextEarnings'] as { date: string }).date, predicted?.date);
    assert.equal((body['lastFilings'] as unknown[]).length, 5);
  });

  test('a company with submissions but no financial facts gets null parts, not an error', async () => {
    const { status, body } = await get('/api/company/research-summary?symbol=TSLA');
    assert.equal(status, 200);
    assert.equal(body['latestAnnual'], null);
    assert.equal(body['ttm'], null);
    assert.equal(body['name'], 'Tesla, Inc.');
  });
});
