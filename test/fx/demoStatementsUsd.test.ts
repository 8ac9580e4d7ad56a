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
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { bodyAs } from '../helpers/bodyAs.ts';

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

/** The statement fields this suite reads, of the published entry. */
const Fx = v.object({
  rates: v.array(v.object({ from: v.string(), method: v.picklist(['spot', 'average']), rate: v.number(), start: v.optional(v.string()), end: v.optional(v.string()) })),
});
const StatementEntries = v.array(v.object({
  period: v.string(), currency: v.nullable(v.string()), revenue: v.optional(v.nullable(v.number())), fx: v.optional(v.nullable(Fx)),
}));
/** A demo line: the day and its rates per EUR (lowercase currency codes). */
const DemoLine = v.object({ date: v.string(), rates: v.optional(v.object({ usd: v.optional(v.number()) })) });

const get = async (path: string) => {
  const res = await fetch(`${app.base}${path}`, bearer(app.tokens.Pro));
  return { status: res.status, body: bodyAs(StatementEntries, await res.json(), path) };
};

describe('demo EUR filer in USD', () => {
  test('income statement and balance sheet convert EUR to USD at the demo rates, with the fx block', async () => {
    const eur = defined(DEMO_COMPANIES.find((c) => c.currency === 'EUR'), 'the EUR demo filer');
    const usdPerEur = new Map<string, number>();
    for (const l of demoFxLines({ first: 2016, last: 2024 })) {
      const j = bodyAs(DemoLine, JSON.parse(l), 'a demo rate line');
      if (j.rates?.usd) usdPerEur.set(j.date, j.rates.usd);
    }
    const spotOn = (d: string): number => {
      let x = d;
      let rate = usdPerEur.get(x);
      while (rate === undefined) {
        x = addDays(x, -1);
        rate = usdPerEur.get(x);
      }
      return rate;
    };
    const orig = (await get(`/api/financials/income-statement?cik=${String(eur.cik)}&period=annual&currency=original`)).body;
    const usd = (await get(`/api/financials/income-statement?cik=${String(eur.cik)}&period=annual`)).body;
    assert.ok(orig.length > 0);
    let checked = 0;
    for (const o of orig) {
      const u = defined(usd.find((r) => r.period === o.period), `the USD entry of ${o.period}`);
      if (o.revenue == null || o.currency !== 'EUR') continue;
      const avg = u.fx?.rates.find((r) => r.from === 'EUR' && r.method === 'average');
      if (!avg) continue;
      let sum = 0;
      let n = 0;
      for (let d = defined(avg.start, 'the average rate start'); d <= defined(avg.end, 'the average rate end'); d = addDays(d, 1)) { sum += spotOn(d); n++; }
      assert.ok(Math.abs(avg.rate - sum / n) < 1e-9 * avg.rate, o.period);
      assert.ok(Math.abs(defined(u.revenue, `USD revenue of ${o.period}`) - o.revenue * avg.rate) < 1e-6 * Math.abs(o.revenue));
      assert.equal(u.currency, 'USD');
      checked++;
    }
    assert.ok(checked > 0);
    const bs = defined((await get(`/api/financials/balance-sheet?cik=${String(eur.cik)}&period=annual&limit=1`)).body[0], 'the latest balance sheet');
    const spot = bs.fx?.rates.find((r) => r.method === 'spot');
    assert.equal(spot?.rate, spotOn(bs.period));
  });
});
