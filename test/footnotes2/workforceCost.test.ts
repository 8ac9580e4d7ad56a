// /api/footnotes/workforce-cost (Pro) on real filings: values read from the documents themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from '../footnotes/documentFacts.ts';
import { footnoteApp, XBRL, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import { defined } from '../helpers/defined.ts';
import { WorkforceCostResponse } from '../../http/endpoints/footnotes2.ts';

const UNP_10Q = XBRL('ixbrl', 'unp-10-q-2025-07-24.html.gz');
const AMAZON_10K = XBRL('instances', 'amzn-20221231_htm.xml.gz');
const G = 'us-gaap:';

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([UNP_10Q, AMAZON_10K]);
});
after(async () => fa.close());

describe('workforce cost', () => {
  test("Union Pacific Q2 2025: labor and related expense is the document's quarter figure", async () => {
    const doc = documentFacts(UNP_10Q);
    const { status, body } = await fa.json('/api/footnotes/workforce-cost?cik=100885&period=quarter&limit=4', WorkforceCostResponse);
    assert.equal(status, 200);
    const q = defined(body.periods.find((p) => p.period === '2025-06-30'), 'Q2 2025');
    assert.equal(q.fiscalPeriod, 'Q2');
    assert.equal(q.laborExpense, docValue(doc, `${G}LaborAndRelatedExpense`, '2025-06-30', {}, '2025-04-01'));
    assert.equal(q.currency, 'USD');
    // UNP tags no headcount in the 10-Q: absent, not null
    assert.equal(doc.filter((f) => f.concept === 'dei:EntityNumberOfEmployees').length, 0);
    for (const p of body.periods) assert.ok(!('numberOfEmployees' in p));
    assert.deepEqual(body.perSegment, []);
    assert.ok(!('fx' in body));
  });

  test("Amazon FY2022: accrued compensation is the document's balance", async () => {
    const doc = documentFacts(AMAZON_10K);
    const { status, body } = await fa.json('/api/footnotes/workforce-cost?cik=1018724&period=annual&limit=2', WorkforceCostResponse);
    assert.equal(status, 200);
    const fy = defined(body.periods.find((p) => p.period === '2022-12-31'), 'FY2022');
    assert.equal(fy.accruedCompensation, docValue(doc, `${G}EmployeeRelatedLiabilitiesCurrent`, '2022-12-31'));
    assert.ok(!('laborExpense' in fy));
  });

  test('the Starter plan gets 403', async () => {
    const { status } = await fa.get('/api/footnotes/workforce-cost?cik=100885', 'Starter');
    assert.equal(status, 403);
  });
});
