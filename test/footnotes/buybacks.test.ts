// /api/footnotes/buybacks (Pro) on real filings: UNP's 10-Q (treasury family with a tagged average price, and a 2025
// accelerated share repurchase tagged only as a repurchase-program member) and Apple's 10-K (retired family, no
// tagged price: derived and flagged).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from './documentFacts.ts';
import * as v from 'valibot';
import { footnoteApp, XBRL, type FootnoteApp } from './footnoteApp.ts';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { BuybackPeriod } from '../../http/endpoints/footnotes.ts';

const UNP_10Q = XBRL('ixbrl', 'unp-10-q-2025-07-24.html.gz');
const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const G = 'us-gaap:';
const Buybacks = v.array(BuybackPeriod);

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([UNP_10Q, APPLE_10K]);
});
after(async () => fa.close());

describe('buybacks', () => {
  test("UNP Q2 2025: the treasury family is served with the filer's tagged average price, never a derived one", async () => {
    const doc = documentFacts(UNP_10Q);
    const { status, body } = await fa.json('/api/footnotes/buybacks?cik=100885&period=quarter', Buybacks);
    assert.equal(status, 200);
    const q2 = defined(body.find((p) => p.period === '2025-06-30'), 'Q2 2025');
    const repurchased = defined(q2.repurchased, 'repurchased');
    assert.equal(repurchased.style, 'treasury');
    assert.equal(repurchased.avgPricePerShare, docValue(doc, `${G}TreasuryStockAcquiredAverageCostPerShare`, '2025-06-30', {}, '2025-04-01'));
    assert.ok(!('avgPriceDerived' in repurchased));
    assert.equal(repurchased.value, docValue(doc, `${G}TreasuryStockValueAcquiredCostMethod`, '2025-06-30', {}, '2025-04-01'));
    const shares = doc.filter((f) => f.concept === `${G}TreasuryStockSharesAcquired` && f.start === '2025-04-01' && f.end === '2025-06-30' && Object.keys(f.dims).length === 0);
    assert.ok(shares.map((f) => f.value).includes(defined(repurchased.shares, 'shares')));
    assert.equal(q2.currency, 'USD');
  });

  test("UNP's ASR, tagged only as a program member: its initial-delivery average price is served in the quarter it began", async () => {
    const doc = documentFacts(UNP_10Q);
    const asr = doc.filter((f) => f.concept === `${G}TreasuryStockAcquiredAverageCostPerShare` && Object.values(f.dims).some((m) => /Accelerated/.test(m)));
    assert.ok(asr.length > 0);
    const first = defined(asr.filter((f) => f.start !== null).sort((a, b) => a.end.localeCompare(b.end))[0], 'the first ASR flow');
    const { body } = await fa.json('/api/footnotes/buybacks?cik=100885&period=quarter', Buybacks);
    const q1 = defined(body.find((p) => p.period === first.end), `period ${first.end}`);
    assert.deepEqual(q1.asr, { initialPricePaid: first.value });
    for (const p of body.filter((x) => x.period !== first.end)) assert.ok(!('asr' in p), p.period);
  });

  test('Apple FY2022: shares retired and their value, with the average price derived from them and flagged', async () => {
    const doc = documentFacts(APPLE_10K);
    const { body } = await fa.json('/api/footnotes/buybacks?cik=320193&period=annual&limit=1', Buybacks);
    const p = defined(body[0], 'the latest period');
    const shares = docValue(doc, `${G}StockRepurchasedAndRetiredDuringPeriodShares`, '2022-09-24', {}, '2021-09-26');
    const value = docValue(doc, `${G}StockRepurchasedAndRetiredDuringPeriodValue`, '2022-09-24', {}, '2021-09-26');
    assert.deepEqual(p.repurchased, { style: 'retired', shares, value, avgPricePerShare: value / shares, avgPriceDerived: true });
    assert.equal(p.cashSpent, docValue(doc, `${G}PaymentsForRepurchaseOfCommonStock`, '2022-09-24', {}, '2021-09-26'));
  });

  test('buybacks is a Pro endpoint: other plans get 403', async () => {
    const { status, body } = await fa.json('/api/footnotes/buybacks?cik=320193', ErrorBody, 'Starter');
    assert.equal(status, 403);
    assert.equal(typeof body.error, 'string');
  });
});
