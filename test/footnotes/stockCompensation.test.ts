// /api/footnotes/stock-compensation on real 10-Ks: Apple's RSU roll-forward reconciles, Salesforce's (shares rounded to
// millions in the document) does not; both read from the documents themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue, type DocFact } from './documentFacts.ts';
import * as v from 'valibot';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from './footnoteApp.ts';
import { defined } from '../helpers/defined.ts';
import { StockCompensationPeriod } from '../../http/endpoints/footnotes.ts';

const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const CRM_10K = XBRL('ixbrl', 'crm-10-k-2025-03-05.html.gz');
const A = 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptions';
const AWARD = 'us-gaap:AwardTypeAxis';
const StockCompensation = v.array(StockCompensationPeriod);

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([APPLE_10K, CRM_10K]);
});
after(async () => fa.close());

/** The document's own roll-forward for one award member over [start, end]: legs, balances and whether it closes. */
function docRollForward(doc: DocFact[], member: string, start: string, end: string, priorEnd: string) {
  const dims = { [AWARD]: member };
  const granted = docValue(doc, `${A}GrantsInPeriod`, end, dims, start);
  const vested = docValue(doc, `${A}VestedInPeriod`, end, dims, start);
  const forfeited = docValue(doc, `${A}ForfeitedInPeriod`, end, dims, start);
  const nonvested = docValue(doc, `${A}NonvestedNumber`, end, dims);
  const prior = docValue(doc, `${A}NonvestedNumber`, priorEnd, dims);
  return { granted, vested, forfeited, nonvested, closes: Math.abs(prior + granted - vested - forfeited - nonvested) <= 0.005 * nonvested };
}

describe('stock compensation', () => {
  test("Apple FY2022: the RSU roll-forward is the document's and reconciles; plan totals carry the undimensioned expense", async () => {
    const doc = documentFacts(APPLE_10K);
    const member = 'us-gaap:RestrictedStockUnitsRSUMember';
    const rf = docRollForward(doc, member, '2021-09-26', '2022-09-24', '2021-09-25');
    assert.equal(rf.closes, true);
    const { status, body } = await fa.json('/api/footnotes/stock-compensation?cik=320193&period=annual&limit=1', StockCompensation);
    assert.equal(status, 200);
    const p = defined(body[0], 'the latest period');
    const award = defined(p.awards.find((a) => a.member === member), member);
    assert.equal(award.name, 'Restricted Stock Units RSU');
    const rollForward = defined(award.rollForward, 'the roll-forward');
    assert.equal(rollForward.granted?.shares, rf.granted);
    assert.equal(rollForward.vested?.shares, rf.vested);
    assert.equal(rollForward.forfeited?.shares, rf.forfeited);
    assert.equal(rollForward.nonvested?.shares, rf.nonvested);
    assert.equal(rollForward.reconciles, true);
    const planTotals = defined(p.planTotals, 'plan totals');
    assert.equal(planTotals.expense, docValue(doc, 'us-gaap:ShareBasedCompensation', '2022-09-24', {}, '2021-09-26'));
    assert.ok(!('member' in planTotals));
  });

  test("Salesforce FY2025: restricted stock does not reconcile (the document rounds shares to millions) and says so", async () => {
    const doc = documentFacts(CRM_10K);
    const member = 'us-gaap:RestrictedStockMember';
    const rf = docRollForward(doc, member, '2024-02-01', '2025-01-31', '2024-01-31');
    assert.equal(rf.closes, false);
    const { body } = await fa.json('/api/footnotes/stock-compensation?cik=1108524&period=annual&limit=1', StockCompensation);
    const award = defined(defined(body[0], 'the latest period').awards.find((a) => a.member === member), member);
    assert.equal(award.rollForward?.reconciles, false);
    assert.equal(award.rollForward.nonvested?.shares, rf.nonvested, 'values are served as filed either way');
  });

  test('reconciles is absent when a leg is missing; untagged fields are absent; awards are sorted by expense', async () => {
    const { body } = await fa.json('/api/footnotes/stock-compensation?cik=1108524&period=annual', StockCompensation);
    for (const p of body) {
      for (const a of p.awards) {
        const legs = a.rollForward ?? {};
        const complete = (['granted', 'vested', 'forfeited', 'nonvested'] as const).every((k) => typeof legs[k]?.shares === 'number');
        if (!complete) assert.ok(!('reconciles' in legs), a.member);
        assert.deepEqual(nullPaths(a).filter((x) => x !== '.currency'), [], a.member);
      }
      const expenses = p.awards.map((a) => a.expense ?? -Infinity);
      assert.deepEqual(expenses, [...expenses].sort((x, y) => y - x));
    }
  });
});
