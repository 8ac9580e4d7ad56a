// asOf on the footnote endpoints: a dated filing (Netflix's FY2018 10-K in the FS-and-Notes data set, accepted
// 2019-01-29) is invisible the day before it was accepted and served from that day on.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { footnoteApp, type FootnoteApp } from './footnoteApp.ts';

let fa: FootnoteApp;
let accepted: string;
before(async () => {
  fa = await footnoteApp([fixture('sec-datasets', 'fsn', '2019q1')]);
  const [row] = await fa.wh.engine.query<{ filed: string }>(
    "SELECT strftime(min(filed), '%Y-%m-%d') AS filed FROM src_facts WHERE cik = 1065280 AND concept = 'us-gaap:ShareBasedCompensation' AND dim_key = ''");
  accepted = row!.filed;
});
after(async () => fa.close());

describe('point in time', () => {
  test('a filing accepted after asOf contributes nothing; on its acceptance date it does', async () => {
    const dayBefore = new Date(Date.parse(`${accepted}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await fa.get(`/api/footnotes/stock-compensation?cik=1065280&asOf=${dayBefore}`);
    assert.equal(before.status, 200);
    assert.deepEqual(before.body, []);
    const on = await fa.get(`/api/footnotes/stock-compensation?cik=1065280&asOf=${accepted}`);
    assert.equal(on.status, 200);
    assert.ok(on.body.length > 0);
    assert.equal(typeof on.body[0].planTotals.expense, 'number');
    assert.equal(on.body[0].dateFiled, accepted);
  });

  test('a malformed asOf is a 400', async () => {
    const { status, body } = await fa.get('/api/footnotes/leases?cik=1065280&asOf=2019-02-30');
    assert.equal(status, 400);
    assert.match(body.error, /asOf/);
  });
});
