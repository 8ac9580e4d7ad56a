// Currency conversion through the statement and footnote endpoints (fx_convert_rows): the 20-F filer LPA and Apple's
// lease note converted to EUR, every expected rate computed in the test from the ECB file and every amount read from
// the companyfacts fixtures; USD needs no fx block; a code outside the spec's list is a 400.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { ecbTable, FX_DIR, usdEurAverage, usdEurSpot } from './fxSources.ts';
import { defined } from '../helpers/defined.ts';
import { bodyAs, ErrorBody } from '../helpers/bodyAs.ts';
import { readCompanyFacts, unitFacts, type CompanyFact } from '../helpers/companyFacts.ts';

const LPA = 1997711;
const APPLE = 320193;
const CF = { lpa: fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz'), apple: fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz') };
const close = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));

function cfFacts(file: string, concept: string, unit: string): CompanyFact[] {
  const [tax = '', name = ''] = concept.split(':');
  return unitFacts(readCompanyFacts(file), tax, name, unit);
}
const latestFiled = (facts: CompanyFact[]) => [...facts].sort((a, b) => a.filed.localeCompare(b.filed)).at(-1);

const Rate = v.object({ from: v.string(), method: v.string(), rate: v.number(), effectiveDate: v.optional(v.string()), start: v.optional(v.string()), end: v.optional(v.string()) });
const Fx = v.object({ targetCurrency: v.string(), originalCurrencies: v.array(v.string()), rates: v.array(Rate), unconverted: v.optional(v.record(v.string(), v.array(v.string()))) });
/** What this suite reads of a period entry: its period, currency and fx block; the other fields stay as served. */
const Rows = v.array(v.looseObject({ period: v.string(), currency: v.optional(v.nullable(v.string())), fx: v.optional(v.nullable(Fx)) }));
const LeaseSide = v.nullable(v.object({ currency: v.nullable(v.string()), liabilityTotal: v.optional(v.number()), discountRate: v.optional(v.number()) }));

let app: TestApp;
let cleanup: () => void;
let ecb: Map<string, Map<string, number>>;
before(async () => {
  const t = await openTempEngine();
  cleanup = t.cleanup;
  await ingestPaths(t.engine, [FX_DIR, CF.lpa, CF.apple]);
  app = await startTestApp(t.engine, { endpoints: [...ENDPOINTS] });
  ecb = await ecbTable();
});
after(async () => {
  await app.close();
  cleanup();
});

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${app.base}${path}`, bearer(app.tokens.Pro));
  return { status: res.status, body: await res.json() };
}
async function rows(path: string): Promise<v.InferInput<typeof Rows>> {
  const { status, body } = await get(path);
  assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
  return bodyAs(Rows, body, path);
}
const entry = async (path: string, period: string) => defined((await rows(path)).find((r) => r.period === period), `${path}: period ${period}`);
const num = (x: unknown, what: string): number => {
  assert.equal(typeof x, 'number', `${what} is a number`);
  return Number(x);
};


describe('statements converted', () => {
  test('LPA (20-F) income statement: USD as filed without fx; EUR at the ECB day-weighted 2024 average', async () => {
    const rev = defined(latestFiled(cfFacts(CF.lpa, 'ifrs-full:Revenue', 'USD').filter((f) => f.start === '2024-01-01' && f.end === '2024-12-31')), 'LPA 2024 revenue');
    const usd = await entry(`/api/financials/income-statement?cik=${String(LPA)}&period=annual`, '2024-12-31');
    assert.equal(usd.revenue, rev.val);
    assert.equal(usd.currency, 'USD');
    assert.equal(usd.fx, undefined);

    const eur = await entry(`/api/financials/income-statement?cik=${String(LPA)}&period=annual&currency=EUR`, '2024-12-31');
    assert.equal(eur.currency, 'EUR');
    const fx = defined(eur.fx, 'the fx block');
    assert.equal(fx.targetCurrency, 'EUR');
    assert.deepEqual(fx.originalCurrencies, ['USD']);
    assert.equal(fx.unconverted, undefined);
    const avg = defined(fx.rates.find((r) => r.from === 'USD' && r.method === 'average'), 'the USD average rate');
    assert.deepEqual([avg.start, avg.end], ['2024-01-01', '2024-12-31']);
    assert.ok(close(avg.rate, usdEurAverage(ecb, '2024-01-01', '2024-12-31')), String(avg.rate));
    assert.ok(close(num(eur['revenue'], 'EUR revenue'), rev.val * avg.rate));
    // share counts are never converted
    assert.equal(eur['sharesBasic'], usd['sharesBasic']);
  });

  test('LPA balance sheet in EUR: instants at the ECB spot of the period end, original = as filed with no rates', async () => {
    const assets = defined(latestFiled(cfFacts(CF.lpa, 'ifrs-full:Assets', 'USD').filter((f) => f.end === '2024-12-31')), 'LPA 2024 assets');
    const eur = await entry(`/api/financials/balance-sheet?cik=${String(LPA)}&period=annual&currency=EUR`, '2024-12-31');
    const spot = defined(eur.fx?.rates.find((r) => r.method === 'spot'), 'the spot rate');
    const expected = usdEurSpot(ecb, '2024-12-31');
    assert.equal(spot.effectiveDate, expected.date);
    assert.ok(close(spot.rate, expected.rate));
    assert.ok(close(num(eur['totalAssets'], 'EUR total assets'), assets.val * expected.rate));
    const orig = await entry(`/api/financials/balance-sheet?cik=${String(LPA)}&period=annual&currency=original`, '2024-12-31');
    assert.equal(orig['totalAssets'], assets.val);
    assert.deepEqual(orig.fx?.rates, []);
  });

  test('asOf: no rate published after it is used (a period whose average needs later rates stays unconverted)', async () => {
    const eur = (await rows(`/api/financials/income-statement?cik=${String(LPA)}&period=annual&currency=EUR&asOf=2024-06-30`));
    for (const r of eur) for (const rate of r.fx?.rates ?? []) assert.ok(defined(rate.end ?? rate.effectiveDate, 'the rate date') <= '2024-06-30');
  });

  test('eps-history in EUR: netIncome and EPS (per-share money) at the 2024 average, share counts untouched', async () => {
    const eps = defined(latestFiled(cfFacts(CF.lpa, 'ifrs-full:BasicEarningsLossPerShare', 'USD/shares').filter((f) => f.start === '2024-01-01' && f.end === '2024-12-31')), 'LPA 2024 EPS');
    const ni = latestFiled(cfFacts(CF.lpa, 'ifrs-full:ProfitLoss', 'USD').filter((f) => f.start === '2024-01-01' && f.end === '2024-12-31'));
    const usd = await entry(`/api/earnings/eps-history?cik=${String(LPA)}&period=annual`, '2024-12-31');
    const eur = await entry(`/api/earnings/eps-history?cik=${String(LPA)}&period=annual&currency=EUR`, '2024-12-31');
    const rate = usdEurAverage(ecb, '2024-01-01', '2024-12-31');
    assert.equal(usd['eps'], eps.val);
    assert.ok(close(num(eur['eps'], 'EUR EPS'), eps.val * rate, 1e-8));
    assert.ok(close(num(eur['netIncome'], 'EUR net income'), num(usd['netIncome'], 'USD net income') * rate, 1e-8));
    if (ni) assert.ok(Math.abs(num(usd['netIncome'], 'USD net income')) > 0);
    assert.deepEqual([usd.currency, eur.currency], ['USD', 'EUR']);
    assert.equal(eur['sharesOutstanding'], usd['sharesOutstanding']);
  });

  test('a currency outside the spec list is a 400 naming the allowed form', async () => {
    const { status, body } = await get(`/api/financials/income-statement?cik=${String(LPA)}&currency=XXX`);
    assert.equal(status, 400);
    assert.match(bodyAs(ErrorBody, body).error, /currency/);
  });
});

describe('footnotes converted', () => {
  test("Apple's lease note in EUR: liabilities at the year-end ECB spot, cash paid at the fiscal year's average", async () => {
    const usd = await rows(`/api/footnotes/leases?cik=${String(APPLE)}&period=annual&limit=3`);
    const eur = await rows(`/api/footnotes/leases?cik=${String(APPLE)}&period=annual&limit=3&currency=EUR`);
    assert.ok(eur.length > 0);
    let checked = 0;
    for (const e of eur) {
      const u = defined(usd.find((r) => r.period === e.period), `the USD entry of ${e.period}`);
      assert.equal(u.fx, undefined);
      const op = bodyAs(LeaseSide, e['operating'], 'the operating side');
      const liab = latestFiled(cfFacts(CF.apple, 'us-gaap:OperatingLeaseLiability', 'USD').filter((f) => f.end === e.period && !f.start));
      if (!liab || op?.liabilityTotal === undefined) continue;
      const expected = usdEurSpot(ecb, e.period);
      assert.equal(op.currency, 'EUR');
      assert.ok(close(op.liabilityTotal, liab.val * expected.rate), e.period);
      assert.equal(op.discountRate, bodyAs(LeaseSide, u['operating'], 'the USD operating side')?.discountRate, 'rates never converted');
      const spot = defined(e.fx?.rates.find((r) => r.method === 'spot'), 'the spot rate');
      assert.deepEqual([spot.from, spot.effectiveDate], ['USD', expected.date]);
      checked++;
    }
    assert.ok(checked > 0);
  });

  test('LPA footnote endpoint answers in EUR (200, no money in its notes means no fx block)', async () => {
    const { status, body } = await get(`/api/footnotes/restructuring?cik=${String(LPA)}&currency=EUR`);
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok(typeof body === 'object' && body !== null);
  });
});
