// /api/footnotes/concentration (Pro) on real filings: shares read from the documents themselves, as fractions of 1.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts } from '../footnotes/documentFacts.ts';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import { fixture } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';
import { ConcentrationResponse } from '../../http/endpoints/footnotes2.ts';

const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const CRR_10K = XBRL('instances', 'crr-20171231.xml.gz');
// CARBO is delisted (absent from the ticker list): its submissions JSON names the company
const CRR_SUBMISSIONS = fixture('edgar', 'submissions', 'CIK0001009672.json.gz');
const SHARE = 'us-gaap:ConcentrationRiskPercentage1';

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([APPLE_10K, CRR_10K, CRR_SUBMISSIONS]);
});
after(async () => fa.close());

describe('concentration', () => {
  test("Apple FY2022: each counterparty's share is the document's fraction, grouped by risk type and benchmark", async () => {
    const doc = documentFacts(APPLE_10K);
    const end = '2022-09-24';
    const { status, body } = await fa.json('/api/footnotes/concentration?cik=320193&limit=2', ConcentrationResponse);
    assert.equal(status, 200);
    const facts = doc.filter((f) => f.concept === SHARE && f.end === end && f.dims['srt:MajorCustomersAxis']);
    assert.ok(facts.length > 0);
    for (const f of facts) {
      const m = defined(f.dims['srt:MajorCustomersAxis'], 'the customer member');
      const benchmark = f.dims['us-gaap:ConcentrationRiskByBenchmarkAxis'];
      const group = body.groups.find((g) => g.counterparties.some((c) => c.member === m)
        && benchmark !== undefined && g.benchmarkMembers.includes(benchmark));
      assert.ok(group, m);
      const point = group.counterparties.find((c) => c.member === m)?.history.find((h) => h.period === end);
      assert.ok(point, `${m} at ${end}`);
      assert.equal(point.share, f.value, m);
      assert.ok(point.share > 0 && point.share <= 1);
      assert.ok(!('normalized' in point), 'tagged as a fraction: not re-scaled');
      assert.equal(point.fiscalPeriod, 'FY');
    }
    const credit = body.groups.find((g) => g.riskType === 'credit' && g.benchmark === 'receivables');
    assert.ok(credit, 'the credit group');
    assert.ok(credit.riskTypeMembers.includes('us-gaap:CreditConcentrationRiskMember'));
    for (const c of credit.counterparties) assert.ok(c.history.length <= 2);
    assert.deepEqual(nullPaths(credit.counterparties).filter((p) => !p.endsWith('.dateFiled')), []);
  });

  test('CARBO FY2017: the customer share of revenue outside the US is a fraction from the document', async () => {
    const doc = documentFacts(CRR_10K);
    const fact = defined(doc.find((f) => f.concept === SHARE && f.end === '2017-12-31' && f.dims['us-gaap:StatementGeographicalAxis'] === 'crr:OutsideUnitedStatesMember'), 'the share outside the US');
    const { status, body } = await fa.json('/api/footnotes/concentration?cik=1009672', ConcentrationResponse);
    assert.equal(status, 200, JSON.stringify(body));
    const group = body.groups.find((g) => g.riskType === 'customer' && g.benchmark === 'revenue');
    const cp = group?.counterparties.find((c) => c.member === 'crr:OutsideUnitedStatesMember');
    const first = defined(cp?.history[0], 'the first point of the outside-US counterparty');
    assert.equal(first.period, '2017-12-31');
    assert.equal(first.share, fact.value);
  });

  test('the Free plan gets 403', async () => {
    const { status } = await fa.get('/api/footnotes/concentration?cik=320193', 'Free');
    assert.equal(status, 403);
  });
});
