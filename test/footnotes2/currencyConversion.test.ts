// Currency conversion on the Footnotes II endpoints: Union Pacific's Q2 2025 labor and related expense in EUR at the
// ECB day-weighted average of the quarter, the rate computed in the test from the ECB file and the amount read from
// the 10-Q; the fx block names the rate; original serves the document's figure.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from '../footnotes/documentFacts.ts';
import { footnoteApp, XBRL, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import { ecbTable, FX_DIR, usdEurAverage, usdEurSpot } from '../fx/fxSources.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { SubsidiaryFinancialsPeriod, WorkforceCostResponse } from '../../http/endpoints/footnotes2.ts';

const UNP_10Q = XBRL('ixbrl', 'unp-10-q-2025-07-24.html.gz');
const SPIRE_10Q = XBRL('ixbrl', 'spre20231231_10q.htm.gz');
const ENTITY = 'dei:LegalEntityAxis';
const close = (a: number, b: number, rel = 1e-9) => Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));

let fa: FootnoteApp;
let ecb: Map<string, Map<string, number>>;
before(async () => {
  fa = await footnoteApp([FX_DIR, UNP_10Q, SPIRE_10Q]);
  ecb = await ecbTable();
});
after(async () => fa.close());


describe('Footnotes II currency', () => {
  test("workforce-cost in EUR: Union Pacific's Q2 2025 labor expense at the quarter's ECB average", async () => {
    const filed = docValue(documentFacts(UNP_10Q), 'us-gaap:LaborAndRelatedExpense', '2025-06-30', {}, '2025-04-01');
    const { status, body } = await fa.json('/api/footnotes/workforce-cost?cik=100885&period=quarter&limit=4&currency=EUR', WorkforceCostResponse);
    assert.equal(status, 200, JSON.stringify(body));
    const q = defined(body.periods.find((p) => p.period === '2025-06-30'), 'Q2 2025');
    assert.equal(q.currency, 'EUR');
    const rate = usdEurAverage(ecb, '2025-04-01', '2025-06-30');
    const labor = defined(q.laborExpense, 'labor expense');
    assert.ok(close(labor, filed * rate, 1e-8), `${String(labor)} vs ${String(filed * rate)}`);
    const fx = defined(body.fx, 'the fx block');
    assert.equal(fx.targetCurrency, 'EUR');
    assert.deepEqual(fx.originalCurrencies, ['USD']);
    const avg = fx.rates.find((r) => r.method === 'average' && r.start === '2025-04-01' && r.end === '2025-06-30');
    assert.ok(avg, JSON.stringify(fx.rates));
    assert.ok(close(avg.rate, rate), String(avg.rate));

    const orig = await fa.json('/api/footnotes/workforce-cost?cik=100885&period=quarter&limit=4&currency=original', WorkforceCostResponse);
    assert.equal(orig.body.periods.find((p) => p.period === '2025-06-30')?.laborExpense, filed);
    const usd = await fa.json('/api/footnotes/workforce-cost?cik=100885&period=quarter&limit=4', WorkforceCostResponse);
    assert.ok(!('fx' in usd.body));
  });

  test("subsidiary-financials in EUR: Spire's registrants, net income at the quarter average, assets at the spot", async () => {
    const doc = documentFacts(SPIRE_10Q);
    const [start, end] = ['2023-10-01', '2023-12-31'];
    const { status, body } = await fa.json('/api/footnotes/subsidiary-financials?cik=1126956&period=quarter&limit=2&currency=EUR', v.array(SubsidiaryFinancialsPeriod));
    assert.equal(status, 200, JSON.stringify(body));
    const p = defined(body.find((x) => x.period === end), `period ${end}`);
    const registrants = [...new Set(doc.filter((f) => f.concept === 'us-gaap:NetIncomeLoss' && f.start === start && f.end === end
      && Object.keys(f.dims).length === 1).map((f) => f.dims[ENTITY]).filter((m) => m !== undefined))];
    assert.ok(registrants.length >= 2);
    const avg = usdEurAverage(ecb, start, end);
    const spot = usdEurSpot(ecb, end);
    for (const m of registrants) {
      const s = p.subsidiaries.find((x) => x.member === m);
      assert.ok(s, m);
      assert.equal(s.currency, 'EUR');
      assert.ok(close(defined(s.netIncome, `net income of ${m}`), docValue(doc, 'us-gaap:NetIncomeLoss', end, { [ENTITY]: m }, start) * avg, 1e-8), m);
      assert.ok(close(defined(s.assets, `assets of ${m}`), docValue(doc, 'us-gaap:Assets', end, { [ENTITY]: m }) * spot.rate, 1e-8), m);
    }
    const spotEntry = p.fx?.rates.find((r) => r.method === 'spot');
    assert.ok(spotEntry, 'the spot rate entry');
    assert.equal(spotEntry.effectiveDate, spot.date);
    assert.ok(close(spotEntry.rate, spot.rate));
  });

  test('a currency outside the spec list is a 400 on every converting endpoint', async () => {
    for (const path of ['workforce-cost', 'subsidiary-financials', 'concentration']) {
      const { status, body } = await fa.json(`/api/footnotes/${path}?cik=100885&currency=XXX`, ErrorBody);
      assert.equal(status, 400);
      assert.match(body.error, /currency/);
    }
  });
});
