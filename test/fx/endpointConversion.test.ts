// Currency conversion through the statement and footnote endpoints (fx_convert_rows): the 20-F filer LPA and Apple's
// lease note converted to EUR, every expected rate computed in the test from the ECB file and every amount read from
// the companyfacts fixtures; USD needs no fx block; a code outside the spec's list is a 400.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { addDays, ecbTable, FX_DIR, latestOnOrBefore } from './fxSources.ts';

const LPA = 1997711;
const APPLE = 320193;
const CF = { lpa: fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz'), apple: fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz') };
const close = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));

interface CfFact { start?: string; end: string; val: number; filed: string }
function cfFacts(file: string, concept: string, unit: string): CfFact[] {
  const facts = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')).facts;
  const [tax, name] = concept.split(':') as [string, string];
  return facts[tax]?.[name]?.units[unit] ?? [];
}
const latestFiled = (fs_: CfFact[]) => [...fs_].sort((a, b) => a.filed.localeCompare(b.filed)).at(-1)!;

interface Rate { from: string; method: string; rate: number; effectiveDate?: string; start?: string; end?: string }
interface Fx { targetCurrency: string; originalCurrencies: string[]; rates: Rate[]; unconverted?: Record<string, string[]> }

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
async function rows(path: string): Promise<Array<Record<string, unknown> & { period: string; fx?: Fx; currency: string | null }>> {
  const { status, body } = await get(path);
  assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
  return body as never;
}

/** USD -> EUR from the ECB file (which quotes USD per EUR): the spot on or before `day`. */
const usdEurSpot = (day: string) => ({ date: latestOnOrBefore(ecb, day)!, rate: 1 / ecb.get(latestOnOrBefore(ecb, day)!)!.get('USD')! });
/** USD -> EUR day-weighted average over [start, end]: every calendar day carries the latest ECB publication. */
function usdEurAverage(start: string, end: string): number {
  let sum = 0;
  let n = 0;
  for (let d = start; d <= end; d = addDays(d, 1)) {
    sum += usdEurSpot(d).rate;
    n++;
  }
  return sum / n;
}

describe('statements converted', () => {
  test('LPA (20-F) income statement: USD as filed without fx; EUR at the ECB day-weighted 2024 average', async () => {
    const rev = latestFiled(cfFacts(CF.lpa, 'ifrs-full:Revenue', 'USD').filter((f) => f.start === '2024-01-01' && f.end === '2024-12-31'));
    const usd = (await rows(`/api/financials/income-statement?cik=${LPA}&period=annual`)).find((r) => r.period === '2024-12-31')!;
    assert.equal(usd.revenue, rev.val);
    assert.equal(usd.currency, 'USD');
    assert.equal(usd.fx, undefined);

    const eur = (await rows(`/api/financials/income-statement?cik=${LPA}&period=annual&currency=EUR`)).find((r) => r.period === '2024-12-31')!;
    assert.equal(eur.currency, 'EUR');
    assert.equal(eur.fx!.targetCurrency, 'EUR');
    assert.deepEqual(eur.fx!.originalCurrencies, ['USD']);
    assert.equal(eur.fx!.unconverted, undefined);
    const avg = eur.fx!.rates.find((r) => r.from === 'USD' && r.method === 'average')!;
    assert.deepEqual([avg.start, avg.end], ['2024-01-01', '2024-12-31']);
    assert.ok(close(avg.rate, usdEurAverage('2024-01-01', '2024-12-31')), `${avg.rate}`);
    assert.ok(close(eur.revenue as number, rev.val * avg.rate));
    // share counts are never converted
    assert.equal(eur.sharesBasic, usd.sharesBasic);
  });

  test('LPA balance sheet in EUR: instants at the ECB spot of the period end, original = as filed with no rates', async () => {
    const assets = latestFiled(cfFacts(CF.lpa, 'ifrs-full:Assets', 'USD').filter((f) => f.end === '2024-12-31'));
    const eur = (await rows(`/api/financials/balance-sheet?cik=${LPA}&period=annual&currency=EUR`)).find((r) => r.period === '2024-12-31')!;
    const spot = eur.fx!.rates.find((r) => r.method === 'spot')!;
    const expected = usdEurSpot('2024-12-31');
    assert.equal(spot.effectiveDate, expected.date);
    assert.ok(close(spot.rate, expected.rate));
    assert.ok(close(eur.totalAssets as number, assets.val * expected.rate));
    const orig = (await rows(`/api/financials/balance-sheet?cik=${LPA}&period=annual&currency=original`)).find((r) => r.period === '2024-12-31')!;
    assert.equal(orig.totalAssets, assets.val);
    assert.deepEqual(orig.fx?.rates, []);
  });

  test('asOf: no rate published after it is used (a period whose average needs later rates stays unconverted)', async () => {
    const eur = (await rows(`/api/financials/income-statement?cik=${LPA}&period=annual&currency=EUR&asOf=2024-06-30`));
    for (const r of eur) for (const rate of r.fx?.rates ?? []) assert.ok((rate.end ?? rate.effectiveDate!) <= '2024-06-30');
  });

  test('eps-history in EUR: netIncome and EPS (per-share money) at the 2024 average, share counts untouched', async () => {
    const eps = latestFiled(cfFacts(CF.lpa, 'ifrs-full:BasicEarningsLossPerShare', 'USD/shares').filter((f) => f.start === '2024-01-01' && f.end === '2024-12-31'));
    const ni = latestFiled(cfFacts(CF.lpa, 'ifrs-full:ProfitLoss', 'USD').filter((f) => f.start === '2024-01-01' && f.end === '2024-12-31'));
    const usd = (await rows(`/api/earnings/eps-history?cik=${LPA}&period=annual`)).find((r) => r.period === '2024-12-31')!;
    const eur = (await rows(`/api/earnings/eps-history?cik=${LPA}&period=annual&currency=EUR`)).find((r) => r.period === '2024-12-31')!;
    const rate = usdEurAverage('2024-01-01', '2024-12-31');
    assert.equal(usd.eps, eps.val);
    assert.ok(close(eur.eps as number, eps.val * rate, 1e-8));
    assert.ok(close(eur.netIncome as number, (usd.netIncome as number) * rate, 1e-8));
    if (ni) assert.ok(Math.abs(usd.netIncome as number) > 0);
    assert.deepEqual([usd.currency, eur.currency], ['USD', 'EUR']);
    assert.equal(eur.sharesOutstanding, usd.sharesOutstanding);
  });

  test('a currency outside the spec list is a 400 naming the allowed form', async () => {
    const { status, body } = await get(`/api/financials/income-statement?cik=${LPA}&currency=XXX`);
    assert.equal(status, 400);
    assert.match((body as { error: string }).error, /currency/);
  });
});

describe('footnotes converted', () => {
  test("Apple's lease note in EUR: liabilities at the year-end ECB spot, cash paid at the fiscal year's average", async () => {
    const usd = await rows(`/api/footnotes/leases?cik=${APPLE}&period=annual&limit=3`);
    const eur = await rows(`/api/footnotes/leases?cik=${APPLE}&period=annual&limit=3&currency=EUR`);
    assert.ok(eur.length > 0);
    let checked = 0;
    for (const e of eur) {
      const u = usd.find((r) => r.period === e.period)!;
      assert.equal(u.fx, undefined);
      const op = e.operating as { currency: string; liabilityTotal?: number; discountRate?: number };
      const liab = latestFiled(cfFacts(CF.apple, 'us-gaap:OperatingLeaseLiability', 'USD').filter((f) => f.end === e.period && !f.start));
      if (!liab || op?.liabilityTotal === undefined) continue;
      const expected = usdEurSpot(e.period);
      assert.equal(op.currency, 'EUR');
      assert.ok(close(op.liabilityTotal, liab.val * expected.rate), `${e.period}`);
      assert.equal(op.discountRate, (u.operating as { discountRate?: number }).discountRate, 'rates never converted');
      const spot = e.fx!.rates.find((r) => r.method === 'spot')!;
      assert.deepEqual([spot.from, spot.effectiveDate], ['USD', expected.date]);
      checked++;
    }
    assert.ok(checked > 0);
  });

  test('LPA footnote endpoint answers in EUR (200, no money in its notes means no fx block)', async () => {
    const r = await rows(`/api/footnotes/restructuring?cik=${LPA}&currency=EUR`);
    assert.ok(Array.isArray(r) || typeof r === 'object');
  });
});
