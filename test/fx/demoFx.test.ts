// The demo warehouse converts its EUR 20-F filer on a fresh clone: demo rates are ingested with the cast, stored
// under source `demo`, and fx_periods prices the filer's EUR facts in USD with a full fx block.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { demoFxLines } from '../../demo/demoFxRates.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { bodyAs } from '../helpers/bodyAs.ts';
import { FxBlock } from '../../http/endpoints/statements.ts';

describe('demo fx', () => {
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await buildDemoWarehouse(engine);
  });
  after(() => { cleanup(); });

  test('the EUR filer converts to USD at the demo rates, which are never mistaken for a real source', async () => {
    const eur = defined(DEMO_COMPANIES.find((c) => c.currency === 'EUR'), 'the EUR demo filer');
    const periods = await engine.query<{ fx: string }>(
      "SELECT fx::VARCHAR AS fx FROM fx_periods($1, 'USD', NULL) WHERE fx IS NOT NULL ORDER BY period_end DESC", [eur.cik]);
    assert.ok(periods.length > 4);
    const fx = defined(bodyAs(FxBlock, JSON.parse(defined(periods[0], 'the latest period').fx), 'the fx block'), 'the fx block');
    assert.equal(fx.targetCurrency, 'USD');
    assert.ok(fx.originalCurrencies.includes('EUR'));
    assert.ok(fx.rates.some((r) => r.from === 'EUR'));
    assert.equal(fx.unconverted, undefined);
    const sources = await engine.query<{ source: string }>('SELECT DISTINCT source FROM src_fx_rates');
    assert.deepEqual(sources.map((s) => s.source), ['demo']);
    // the stored spot on a business day is the generated line's value
    const text = defined(demoFxLines({ first: 2016, last: 2024 }).find((l) => l.includes('"2020-06-30"')), 'the 2020-06-30 line');
    const line = bodyAs(v.object({ rates: v.object({ usd: v.number() }) }), JSON.parse(text), 'the generated line');
    const [spot] = await engine.query<{ rate: number }>("SELECT rate FROM fx_rate('EUR', 'USD', DATE '2020-06-30')");
    assert.equal(spot?.rate, line.rates.usd);
  });
});
