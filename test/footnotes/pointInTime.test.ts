// asOf on the footnote endpoints: a dated filing (Netflix's FY2018 10-K in the FS-and-Notes data set, accepted
// 2019-01-29) is invisible the day before it was accepted and served from that day on.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import * as v from 'valibot';
import { footnoteApp, type FootnoteApp } from './footnoteApp.ts';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { StockCompensationPeriod } from '../../http/endpoints/footnotes.ts';

let fa: FootnoteApp;
let accepted: string;
before(async () => {
  fa = await footnoteApp([fixture('sec-datasets', 'fsn', '2019q1')]);
  const [row] = await fa.wh.engine.query<{ filed: string }>(
    "SELECT strftime(min(filed), '%Y-%m-%d') AS filed FROM src_facts WHERE cik = 1065280 AND concept = 'us-gaap:ShareBasedCompensation' AND dim_key = ''");
  accepted = defined(row, 'the first filing date').filed;
});
after(async () => fa.close());

describe('point in time', () => {
  test('a filing accepted after asOf contributes nothing; on its acceptance date it does', async () => {
    const dayBefore = new Date(Date.parse(`${accepted}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const before = await fa.get(`/api/footnotes/stock-compensation?cik=1065280&asOf=${dayBefore}`);
    assert.equal(before.status, 200);
    assert.deepEqual(before.body, []);
    const on = await fa.json(`/api/footnotes/stock-compensation?cik=1065280&asOf=${accepted}`, v.array(StockCompensationPeriod));
    assert.equal(on.status, 200);
    const latest = defined(on.body[0], 'a period visible on the acceptance date');
    assert.equal(typeof latest.planTotals?.expense, 'number');
    assert.equal(latest.dateFiled, accepted);
  });

  test('a malformed asOf is a 400', async () => {
    const { status, body } = await fa.json('/api/footnotes/leases?cik=1065280&asOf=2019-02-30', ErrorBody);
    assert.equal(status, 400);
    assert.match(body.error, /asOf/);
  });
});
