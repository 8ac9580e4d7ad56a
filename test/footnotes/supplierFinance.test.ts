// /api/footnotes/supplier-finance on real filings: PG's 10-Q and 10-K (totals, with the roll-forward flows in the
// 10-K) and AES's first-year 10-Q (only the current obligation, on a program member).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from './documentFacts.ts';
import * as v from 'valibot';
import { footnoteApp, XBRL, type FootnoteApp } from './footnoteApp.ts';
import { defined } from '../helpers/defined.ts';
import { SupplierFinancePeriod } from '../../http/endpoints/footnotes.ts';

const PG_10Q = XBRL('ixbrl', 'pg-10-q-2025-04-24.html.gz');
const PG_10K = XBRL('ixbrl', 'pg-10-k-2025-08-04.html.gz');
const AES_10Q = XBRL('instances', 'aes-20230630_htm.xml.gz');
const G = 'us-gaap:SupplierFinanceProgram';
const SupplierFinance = v.array(SupplierFinancePeriod);

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([PG_10Q, PG_10K, AES_10Q]);
});
after(async () => fa.close());

describe('supplier finance', () => {
  test("PG's supplier finance obligation at 2025-03-31 is the 10-Q's figure (scale 9 in the document)", async () => {
    const expected = docValue(documentFacts(PG_10Q), `${G}Obligation`, '2025-03-31');
    const { status, body } = await fa.json('/api/footnotes/supplier-finance?cik=80424&period=quarter', SupplierFinance);
    assert.equal(status, 200);
    const q3 = defined(body.find((p) => p.period === '2025-03-31'), 'Q3 FY2025');
    assert.equal(q3.fiscalPeriod, 'Q3');
    assert.deepEqual(q3.totals, { currency: 'USD', obligation: expected });
    assert.deepEqual(q3.programs, []);
  });

  test("PG FY2025: additions and settlements are the 10-K's annual flows, the obligation its year-end balance", async () => {
    const doc = documentFacts(PG_10K);
    const { body } = await fa.json('/api/footnotes/supplier-finance?cik=80424&period=annual&limit=1', SupplierFinance);
    const fy = defined(body[0], 'the latest period');
    assert.equal(fy.period, '2025-06-30');
    const totals = defined(fy.totals, 'totals');
    assert.equal(totals.obligation, docValue(doc, `${G}Obligation`, '2025-06-30'));
    assert.equal(totals.additions, docValue(doc, `${G}ObligationIncrease`, '2025-06-30', {}, '2024-07-01'));
    assert.equal(totals.settlements, docValue(doc, `${G}ObligationDecreaseSettlement`, '2025-06-30', {}, '2024-07-01'));
  });

  test('AES, a first-year adopter, tags only the current obligation on a program member: totals null, the rest absent', async () => {
    const doc = documentFacts(AES_10Q);
    const onAxis = doc.filter((f) => f.concept === `${G}ObligationCurrent` && Object.keys(f.dims).length === 1 && `${G}Axis` in f.dims);
    assert.ok(onAxis.length > 0);
    const { body } = await fa.json('/api/footnotes/supplier-finance?cik=874761&period=quarter', SupplierFinance);
    for (const f of onAxis) {
      const p = defined(body.find((x) => x.period === f.end), `period ${f.end}`);
      assert.equal(p.totals, null, 'nothing undimensioned was tagged');
      assert.deepEqual(p.programs, [{
        member: f.dims[`${G}Axis`], name: 'Accounts Payable And Accrued Liabilities', currency: 'USD', obligationCurrent: f.value,
      }]);
    }
  });
});
