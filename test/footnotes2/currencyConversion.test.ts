// Currency conversion on the Footnotes II endpoints: Union Pacific's Q2 2025 labor and related expense in EUR at the
// ECB day-weighted average of the quarter, the rate computed in the test from the ECB file and the amount read from
// the 10-Q; the fx block names the rate; original serves the document's figure.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from '../footnotes/documentFacts.ts';
import { footnoteApp, XBRL, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import { addDays, ecbTable, FX_DIR, latestOnOrBefore } from '../fx/fxSources.ts';

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

/** USD -> EUR spot: the ECB publication on or before `day`. */
const usdEurSpot = (day: string) => ({ date: latestOnOrBefore(ecb, day)!, rate: 1 / ecb.get(latestOnOrBefore(ecb, day)!)!.get('USD')! });

/** USD -> EUR day-weighted average over [start, end]: every calendar day carries the latest ECB publication. */
function usdEurAverage(start: string, end: string): number {
  let sum = 0;
  let n = 0;
  for (let d = start; d <= end; d = addDays(d, 1)) {
    sum += 1 / ecb.get(latestOnOrBefore(ecb, d)!)!.get('USD')!;
    n++;
  }
  return sum / n;
}

describe('Footnotes II currency', () => {
  test("workforce-cost in EUR: Union Pacific's Q2 2025 labor expense at the quarter's ECB average", async () => {
    const filed = docValue(documentFacts(UNP_10Q), 'us-gaap:LaborAndRelatedExpense', '2025-06-30', {}, '2025-04-01');
    const { status, body } = await fa.get('/api/footnotes/workforce-cost?cik=100885&period=quarter&limit=4&currency=EUR');
    assert.equal(status, 200, JSON.stringify(body));
    const q = body.periods.find((p: any) => p.period === '2025-06-30');
    assert.equal(q.currency, 'EUR');
    const rate = usdEurAverage('2025-04-01', '2025-06-30');
    assert.ok(close(q.laborExpense, filed * rate, 1e-8), `${q.laborExpense} vs ${filed * rate}`);
    assert.equal(body.fx.targetCurrency, 'EUR');
    assert.deepEqual(body.fx.originalCurrencies, ['USD']);
    const avg = body.fx.rates.find((r: any) => r.method === 'average' && r.start === '2025-04-01' && r.end === '2025-06-30');
    assert.ok(avg, JSON.stringify(body.fx.rates));
    assert.ok(close(avg.rate, rate), `${avg.rate}`);

    const orig = await fa.get('/api/footnotes/workforce-cost?cik=100885&period=quarter&limit=4&currency=original');
    assert.equal(orig.body.periods.find((p: any) => p.period === '2025-06-30').laborExpense, filed);
    const usd = await fa.get('/api/footnotes/workforce-cost?cik=100885&period=quarter&limit=4');
    assert.ok(!('fx' in usd.body));
  });

  test("subsidiary-financials in EUR: Spire's registrants, net income at the quarter average, assets at the spot", async () => {
    const doc = documentFacts(SPIRE_10Q);
    const [start, end] = ['2023-10-01', '2023-12-31'];
    const { status, body } = await fa.get('/api/footnotes/subsidiary-financials?cik=1126956&period=quarter&limit=2&currency=EUR');
    assert.equal(status, 200, JSON.stringify(body));
    const p = body.find((x: any) => x.period === end);
    const registrants = [...new Set(doc.filter((f) => f.concept === 'us-gaap:NetIncomeLoss' && f.start === start && f.end === end
      && Object.keys(f.dims).length === 1 && f.dims[ENTITY]).map((f) => f.dims[ENTITY]!))];
    assert.ok(registrants.length >= 2);
    const avg = usdEurAverage(start, end);
    const spot = usdEurSpot(end);
    for (const m of registrants) {
      const s = p.subsidiaries.find((x: any) => x.member === m);
      assert.equal(s.currency, 'EUR');
      assert.ok(close(s.netIncome, docValue(doc, 'us-gaap:NetIncomeLoss', end, { [ENTITY]: m }, start)! * avg, 1e-8), m);
      assert.ok(close(s.assets, docValue(doc, 'us-gaap:Assets', end, { [ENTITY]: m })! * spot.rate, 1e-8), m);
    }
    const spotEntry = p.fx.rates.find((r: any) => r.method === 'spot');
    assert.equal(spotEntry.effectiveDate, spot.date);
    assert.ok(close(spotEntry.rate, spot.rate));
  });

  test('a currency outside the spec list is a 400 on every converting endpoint', async () => {
    for (const path of ['workforce-cost', 'subsidiary-financials', 'concentration']) {
      const { status, body } = await fa.get(`/api/footnotes/${path}?cik=100885&currency=XXX`);
      assert.equal(status, 400);
      assert.match(body.error, /currency/);
    }
  });
});
