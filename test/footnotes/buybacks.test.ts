// /api/footnotes/buybacks (Pro) on real filings: UNP's 10-Q (treasury family with a tagged average price, and a 2025
// accelerated share repurchase tagged only as a repurchase-program member) and Apple's 10-K (retired family, no
// tagged price: derived and flagged).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from './documentFacts.ts';
import { footnoteApp, XBRL, type FootnoteApp } from './footnoteApp.ts';

const UNP_10Q = XBRL('ixbrl', 'unp-10-q-2025-07-24.html.gz');
const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const G = 'us-gaap:';

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([UNP_10Q, APPLE_10K]);
});
after(async () => fa.close());

describe('buybacks', () => {
  test("UNP Q2 2025: the treasury family is served with the filer's tagged average price, never a derived one", async () => {
    const doc = documentFacts(UNP_10Q);
    const { status, body } = await fa.get('/api/footnotes/buybacks?cik=100885&period=quarter');
    assert.equal(status, 200);
    const q2 = body.find((p: any) => p.period === '2025-06-30');
    assert.equal(q2.repurchased.style, 'treasury');
    assert.equal(q2.repurchased.avgPricePerShare, docValue(doc, `${G}TreasuryStockAcquiredAverageCostPerShare`, '2025-06-30', {}, '2025-04-01'));
    assert.ok(!('avgPriceDerived' in q2.repurchased));
    assert.equal(q2.repurchased.value, docValue(doc, `${G}TreasuryStockValueAcquiredCostMethod`, '2025-06-30', {}, '2025-04-01'));
    const shares = doc.filter((f) => f.concept === `${G}TreasuryStockSharesAcquired` && f.start === '2025-04-01' && f.end === '2025-06-30' && Object.keys(f.dims).length === 0);
    assert.ok(shares.map((f) => f.value).includes(q2.repurchased.shares));
    assert.equal(q2.currency, 'USD');
  });

  test("UNP's ASR, tagged only as a program member: its initial-delivery average price is served in the quarter it began", async () => {
    const doc = documentFacts(UNP_10Q);
    const asr = doc.filter((f) => f.concept === `${G}TreasuryStockAcquiredAverageCostPerShare` && Object.values(f.dims).some((m) => /Accelerated/.test(m)));
    assert.ok(asr.length > 0);
    const first = asr.filter((f) => f.start !== null).sort((a, b) => a.end.localeCompare(b.end))[0]!;
    const { body } = await fa.get('/api/footnotes/buybacks?cik=100885&period=quarter');
    const q1 = body.find((p: any) => p.period === first.end);
    assert.deepEqual(q1.asr, { initialPricePaid: first.value });
    for (const p of body.filter((x: any) => x.period !== first.end)) assert.ok(!('asr' in p), p.period);
  });

  test('Apple FY2022: shares retired and their value, with the average price derived from them and flagged', async () => {
    const doc = documentFacts(APPLE_10K);
    const { body } = await fa.get('/api/footnotes/buybacks?cik=320193&period=annual&limit=1');
    const p = body[0];
    const shares = docValue(doc, `${G}StockRepurchasedAndRetiredDuringPeriodShares`, '2022-09-24', {}, '2021-09-26');
    const value = docValue(doc, `${G}StockRepurchasedAndRetiredDuringPeriodValue`, '2022-09-24', {}, '2021-09-26');
    assert.deepEqual(p.repurchased, { style: 'retired', shares, value, avgPricePerShare: value / shares, avgPriceDerived: true });
    assert.equal(p.cashSpent, docValue(doc, `${G}PaymentsForRepurchaseOfCommonStock`, '2022-09-24', {}, '2021-09-26'));
  });

  test('buybacks is a Pro endpoint: other plans get 403', async () => {
    const { status, body } = await fa.get('/api/footnotes/buybacks?cik=320193', 'Starter');
    assert.equal(status, 403);
    assert.equal(typeof body.error, 'string');
  });
});
