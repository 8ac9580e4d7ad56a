// /api/footnotes/leases on real 10-K documents: values read from the documents themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from './documentFacts.ts';
import * as v from 'valibot';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from './footnoteApp.ts';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { LeasePeriod } from '../../http/endpoints/footnotes.ts';

const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const AMAZON_10K = XBRL('instances', 'amzn-20221231_htm.xml.gz');
const G = 'us-gaap:';
const Leases = v.array(LeasePeriod);

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([APPLE_10K, AMAZON_10K]);
});
after(async () => fa.close());

describe('leases', () => {
  test("Apple FY2022: the operating maturity schedule is the document's, sums to its total, and total - discountExcess is the liability", async () => {
    const doc = documentFacts(APPLE_10K);
    const end = '2022-09-24';
    const { status, body } = await fa.json('/api/footnotes/leases?cik=320193&period=annual&limit=3', Leases);
    assert.equal(status, 200);
    const p = defined(body.find((x) => x.period === end), `period ${end}`);
    assert.equal(p.fiscalPeriod, 'FY');
    const op = defined(p.operating, 'operating side');
    const pay = defined(op.payments, 'operating payments');
    const P = `${G}LesseeOperatingLeaseLiabilityPayments`;
    assert.equal(pay.year1, docValue(doc, `${P}DueNextTwelveMonths`, end));
    assert.equal(pay.year2, docValue(doc, `${P}DueYearTwo`, end));
    assert.equal(pay.year5, docValue(doc, `${P}DueYearFive`, end));
    assert.equal(pay.thereafter, docValue(doc, `${P}DueAfterYearFive`, end));
    assert.equal(pay.total, docValue(doc, `${P}Due`, end));
    assert.equal(pay.discountExcess, docValue(doc, `${G}LesseeOperatingLeaseLiabilityUndiscountedExcessAmount`, end));
    const years = [pay.year1, pay.year2, pay.year3, pay.year4, pay.year5, pay.thereafter];
    assert.equal(years.reduce<number>((s, x, i) => s + defined(x, `payment bucket ${String(i)}`), 0), pay.total);
    assert.equal(op.liabilityTotal, docValue(doc, `${G}OperatingLeaseLiability`, end));
    assert.equal(defined(pay.total, 'total') - defined(pay.discountExcess, 'discountExcess'), op.liabilityTotal);
    assert.equal(defined(op.liabilityCurrent, 'liabilityCurrent') + defined(op.liabilityNoncurrent, 'liabilityNoncurrent'), op.liabilityTotal);
    assert.equal(op.currency, 'USD');
    // the finance side reconciles the same way
    const finPay = defined(p.finance?.payments, 'finance payments');
    assert.equal(finPay.total, docValue(doc, `${G}FinanceLeaseLiabilityPaymentsDue`, end));
    assert.equal(defined(finPay.total, 'finance total') - defined(finPay.discountExcess, 'finance discountExcess'), docValue(doc, `${G}FinanceLeaseLiability`, end));
  });

  test('untagged fields are absent, never null: Apple tags no remainder-of-year payments and no lease-not-commenced in FY2021', async () => {
    const doc = documentFacts(APPLE_10K);
    assert.equal(doc.filter((f) => f.concept.endsWith('PaymentsRemainderOfFiscalYear')).length, 0);
    const { body } = await fa.json('/api/footnotes/leases?cik=320193&period=annual', Leases);
    for (const p of body) {
      for (const side of ['operating', 'finance'] as const) {
        assert.ok(side in p, `${side} is typed nullable and always present`);
        const figures = p[side];
        if (figures !== null) assert.deepEqual(nullPaths(figures).filter((x) => x !== '.currency'), [], `${p.period} ${side}`);
        if (figures?.payments) assert.ok(!('remainderOfYear' in figures.payments));
      }
      assert.ok(!('fx' in p), 'no fx block when every value is in USD');
    }
    const fy2022 = defined(body.find((x) => x.period === '2022-09-24'), 'FY2022');
    const nyc = docValue(doc, 'aapl:LesseeOperatingAndFinanceLeaseLeaseNotYetCommencedPaymentsDue', '2022-09-24');
    assert.deepEqual(fy2022.leaseNotYetCommenced, { currency: 'USD', total: nyc });
    const fy2021 = defined(body.find((x) => x.period === '2021-09-25'), 'FY2021');
    assert.ok(!('leaseNotYetCommenced' in fy2021));
  });

  test("Amazon FY2022: operating lease cost and finance lease interest are the document's flows", async () => {
    const doc = documentFacts(AMAZON_10K);
    const { body } = await fa.json('/api/footnotes/leases?cik=1018724&period=annual&limit=1', Leases);
    assert.equal(body.length, 1);
    const p = defined(body[0], 'the latest period');
    assert.equal(p.period, '2022-12-31');
    assert.equal(p.operating?.cost?.operating, docValue(doc, `${G}OperatingLeaseCost`, '2022-12-31', {}, '2022-01-01'));
    assert.equal(p.finance?.cost?.interest, docValue(doc, `${G}FinanceLeaseInterestExpense`, '2022-12-31', {}, '2022-01-01'));
  });

  test('the quarterly series puts fiscal-year-end balances in Q4', async () => {
    const { body } = await fa.json('/api/footnotes/leases?cik=320193&period=quarter&limit=2', Leases);
    const q4 = defined(body.find((x) => x.period === '2022-09-24'), 'Q4 2022');
    assert.equal(q4.fiscalPeriod, 'Q4');
    assert.equal(q4.operating?.liabilityTotal, docValue(documentFacts(APPLE_10K), `${G}OperatingLeaseLiability`, '2022-09-24'));
  });

  test('lease_reconciliation (the REPL check) agrees with the document for both sides and is NULL where a leg is missing', async () => {
    const doc = documentFacts(APPLE_10K);
    const rows = await fa.wh.engine.query<{ side: string; period_end: string; total: number | null; liability: number | null; reconciles: boolean | null }>(
      "SELECT side, strftime(period_end, '%Y-%m-%d') AS period_end, total, liability, reconciles FROM lease_reconciliation(320193)");
    const fy2022 = rows.filter((r) => r.period_end === '2022-09-24');
    assert.deepEqual(fy2022.map((r) => [r.side, r.total, r.liability, r.reconciles]), [
      ['operating', docValue(doc, `${G}LesseeOperatingLeaseLiabilityPaymentsDue`, '2022-09-24'), docValue(doc, `${G}OperatingLeaseLiability`, '2022-09-24'), true],
      ['finance', docValue(doc, `${G}FinanceLeaseLiabilityPaymentsDue`, '2022-09-24'), docValue(doc, `${G}FinanceLeaseLiability`, '2022-09-24'), true],
    ]);
    for (const r of rows.filter((x) => x.total === null)) assert.equal(r.reconciles, null);
  });

  test('a currency outside the spec list, or a ttm period, is a 400 with { error }', async () => {
    for (const q of ['currency=XXX', 'currency=eur', 'period=ttm', 'limit=0']) {
      const { status, body } = await fa.json(`/api/footnotes/leases?cik=320193&${q}`, ErrorBody);
      assert.equal(status, 400, q);
      assert.equal(typeof body.error, 'string');
    }
  });
});
