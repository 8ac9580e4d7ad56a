// The demo warehouse's EUR 20-F filer through the statement endpoint in USD: every monetary line converted at the demo
// rates (flows at the year's day-weighted average, balances at the year-end spot, both read from demoFxLines in the test).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { demoFxLines } from '../../demo/demoFxRates.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { addDays } from './fxSources.ts';

let app: TestApp;
let cleanup: () => void;
before(async () => {
  const t = await openTempEngine();
  cleanup = t.cleanup;
  await buildDemoWarehouse(t.engine);
  app = await startTestApp(t.engine, { endpoints: [...ENDPOINTS] });
});
after(async () => {
  await app.close();
  cleanup();
});

const get = async (path: string) => {
  const res = await fetch(`${app.base}${path}`, bearer(app.tokens.Pro));
  return { status: res.status, body: await res.json() as Array<Record<string, any>> };
};

describe('demo EUR filer in USD', () => {
  test('income statement and balance sheet convert EUR to USD at the demo rates, with the fx block', async () => {
    const eur = DEMO_COMPANIES.find((c) => c.currency === 'EUR')!;
    const usdPerEur = new Map<string, number>();
    for (const l of demoFxLines({ first: 2016, last: 2024 })) {
      const j = JSON.parse(l);
      if (j.rates?.usd) usdPerEur.set(j.date, j.rates.usd);
    }
    const spotOn = (d: string) => { let x = d; while (!usdPerEur.has(x)) x = addDays(x, -1); return usdPerEur.get(x)!; };
    const orig = (await get(`/api/financials/income-statement?cik=${eur.cik}&period=annual&currency=original`)).body;
    const usd = (await get(`/api/financials/income-statement?cik=${eur.cik}&period=annual`)).body;
    assert.ok(orig.length > 0);
    let checked = 0;
    for (const o of orig) {
      const u = usd.find((r) => r.period === o.period)!;
      if (o.revenue == null || o.currency !== 'EUR') continue;
      const avg = u.fx.rates.find((r: any) => r.from === 'EUR' && r.method === 'average');
      if (!avg) continue;
      let sum = 0;
      let n = 0;
      for (let d = avg.start; d <= avg.end; d = addDays(d, 1)) { sum += spotOn(d); n++; }
      assert.ok(Math.abs(avg.rate - sum / n) < 1e-9 * avg.rate, `${o.period}`);
      assert.ok(Math.abs(u.revenue - o.revenue * avg.rate) < 1e-6 * Math.abs(o.revenue));
      assert.equal(u.currency, 'USD');
      checked++;
    }
    assert.ok(checked > 0);
    const bs = (await get(`/api/financials/balance-sheet?cik=${eur.cik}&period=annual&limit=1`)).body[0]!;
    const spot = bs.fx.rates.find((r: any) => r.method === 'spot');
    assert.equal(spot.rate, spotOn(bs.period));
  });
});
