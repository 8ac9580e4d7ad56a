// /api/footnotes/stock-compensation on real 10-Ks: Apple's RSU roll-forward reconciles, Salesforce's (shares rounded to
// millions in the document) does not; both read from the documents themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue, type DocFact } from './documentFacts.ts';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from './footnoteApp.ts';

const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const CRM_10K = XBRL('ixbrl', 'crm-10-k-2025-03-05.html.gz');
const A = 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptions';
const AWARD = 'us-gaap:AwardTypeAxis';

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
    const { status, body } = await fa.get('/api/footnotes/stock-compensation?cik=320193&period=annual&limit=1');
    assert.equal(status, 200);
    const p = body[0];
    const award = p.awards.find((a: any) => a.member === member);
    assert.equal(award.name, 'Restricted Stock Units RSU');
    assert.equal(award.rollForward.granted.shares, rf.granted);
    assert.equal(award.rollForward.vested.shares, rf.vested);
    assert.equal(award.rollForward.forfeited.shares, rf.forfeited);
    assert.equal(award.rollForward.nonvested.shares, rf.nonvested);
    assert.equal(award.rollForward.reconciles, true);
    assert.equal(p.planTotals.expense, docValue(doc, 'us-gaap:ShareBasedCompensation', '2022-09-24', {}, '2021-09-26'));
    assert.ok(!('member' in p.planTotals));
  });

  test("Salesforce FY2025: restricted stock does not reconcile (the document rounds shares to millions) and says so", async () => {
    const doc = documentFacts(CRM_10K);
    const member = 'us-gaap:RestrictedStockMember';
    const rf = docRollForward(doc, member, '2024-02-01', '2025-01-31', '2024-01-31');
    assert.equal(rf.closes, false);
    const { body } = await fa.get('/api/footnotes/stock-compensation?cik=1108524&period=annual&limit=1');
    const award = body[0].awards.find((a: any) => a.member === member);
    assert.equal(award.rollForward.reconciles, false);
    assert.equal(award.rollForward.nonvested.shares, rf.nonvested, 'values are served as filed either way');
  });

  test('reconciles is absent when a leg is missing; untagged fields are absent; awards are sorted by expense', async () => {
    const { body } = await fa.get('/api/footnotes/stock-compensation?cik=1108524&period=annual');
    for (const p of body) {
      for (const a of p.awards) {
        const legs = a.rollForward ?? {};
        const complete = ['granted', 'vested', 'forfeited', 'nonvested'].every((k) => typeof legs[k]?.shares === 'number');
        if (!complete) assert.ok(!('reconciles' in legs), a.member);
        assert.deepEqual(nullPaths(a).filter((x) => x !== '.currency'), [], a.member);
      }
      const expenses = p.awards.map((a: any) => a.expense ?? -Infinity);
      assert.deepEqual(expenses, [...expenses].sort((x: number, y: number) => y - x));
    }
  });
});
