// /api/footnotes/restructuring (Pro) and the restructuring_rollforward check on PG's 10-Q, whose reserve roll-forward
// by RestructuringCostAndReserveAxis is read from the document itself.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from './documentFacts.ts';
import { footnoteApp, XBRL, type FootnoteApp } from './footnoteApp.ts';
import { RestructuringResponse } from '../../http/endpoints/footnotes.ts';

const PG_10Q = XBRL('ixbrl', 'pg-10-q-2025-04-24.html.gz');
// the 10-K gives the period engine PG's fiscal years (a lone 10-Q of a June filer carries no annual span)
const PG_10K = XBRL('ixbrl', 'pg-10-k-2025-08-04.html.gz');
const AXIS = 'us-gaap:RestructuringCostAndReserveAxis';
const G = 'us-gaap:';

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([PG_10Q, PG_10K]);
});
after(async () => fa.close());

describe('restructuring', () => {
  test("PG's severance reserve rolls forward in the document over the nine months, and the check says so", async () => {
    const doc = documentFacts(PG_10Q);
    const dims = { [AXIS]: 'us-gaap:EmployeeSeveranceMember' };
    const beginning = docValue(doc, `${G}RestructuringReserve`, '2024-06-30', dims);
    const charges = docValue(doc, `${G}RestructuringCharges`, '2025-03-31', dims, '2024-07-01');
    const payments = docValue(doc, `${G}PaymentsForRestructuring`, '2025-03-31', dims, '2024-07-01');
    const ending = docValue(doc, `${G}RestructuringReserve`, '2025-03-31', dims);
    assert.equal(beginning + charges - payments, ending, 'the document closes');
    const rows = await fa.wh.engine.query(
      "SELECT beginning, charges, payments, ending, reconciles FROM restructuring_rollforward(80424) WHERE member = 'us-gaap:EmployeeSeveranceMember' AND period_start = DATE '2024-07-01' AND period_end = DATE '2025-03-31'");
    assert.deepEqual(rows, [{ beginning, charges, payments, ending, reconciles: true }]);
  });

  test('the endpoint serves cost types with the quarter-end reserve and three-month charges, programs apart', async () => {
    const doc = documentFacts(PG_10Q);
    const { status, body } = await fa.json('/api/footnotes/restructuring?cik=80424', RestructuringResponse);
    assert.equal(status, 200);
    assert.deepEqual(body.programs, [], 'PG tags no restructuring plan axis');
    const members = [...new Set(doc.filter((f) => AXIS in f.dims && Object.keys(f.dims).length === 1).map((f) => f.dims[AXIS]))].sort();
    assert.ok(members.every((m) => body.costTypes.some((t) => t.member === m)));
    for (const t of body.costTypes.filter((x) => members.includes(x.member))) {
      const q3 = t.history.find((h) => h.period === '2025-03-31' && h.fiscalPeriod === 'Q3');
      assert.ok(q3, JSON.stringify(t.history));
      assert.equal(q3.reserve, docValue(doc, `${G}RestructuringReserve`, '2025-03-31', { [AXIS]: t.member }), t.member);
      assert.equal(q3.charges, docValue(doc, `${G}RestructuringCharges`, '2025-03-31', { [AXIS]: t.member }, '2025-01-01'), t.member);
      assert.ok(!('cashPayments' in q3), 'PG tags payments year-to-date only: no three-month figure, so absent');
      const dates = t.history.map((h) => h.period);
      assert.deepEqual(dates, [...dates].sort().reverse(), 'newest first');
    }
  });

  test('limit caps each history; restructuring is a Pro endpoint', async () => {
    const { body } = await fa.json('/api/footnotes/restructuring?cik=80424&limit=1', RestructuringResponse);
    for (const t of body.costTypes) assert.equal(t.history.length, 1);
    const { status } = await fa.get('/api/footnotes/restructuring?cik=80424', 'Free');
    assert.equal(status, 403);
  });
});
