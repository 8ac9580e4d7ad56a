// asOf on the Footnotes II endpoints: a dated filing (Netflix's FY2018 10-K in the FS-and-Notes data set, accepted
// 2019-01-29, with its dimensional revenue and segment facts) is invisible the day before it was accepted and served
// from that day on. Netflix tagged no product or geographic revenue axis in it and no dated fixture does, so
// revenue-segmentation's asOf is checked only for the hidden side; it shares footnote_facts' filter with the others.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { footnoteApp, type FootnoteApp } from '../footnotes/footnoteApp.ts';

const NETFLIX = 1065280;
let fa: FootnoteApp;
let accepted: string;
before(async () => {
  fa = await footnoteApp([fixture('sec-datasets', 'fsn', '2019q1')]);
  const [row] = await fa.wh.engine.query<{ filed: string }>(
    `SELECT strftime(min(filed), '%Y-%m-%d') AS filed FROM src_facts WHERE cik = ${NETFLIX} AND dim_key <> '' AND concept LIKE 'us-gaap:Revenue%'`);
  accepted = row!.filed;
});
after(async () => fa.close());

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('Footnotes II point in time', () => {
  for (const path of ['revenue-segmentation', 'business-segmentation', 'subsidiary-financials']) {
    test(`${path}: nothing before the filing's acceptance, its periods from that day on`, async () => {
      const all = await fa.get(`/api/footnotes/${path}?cik=${NETFLIX}`);
      assert.equal(all.status, 200);
      // Netflix's segment note is in the filing: the comparison below is not between two empty answers
      if (path === 'business-segmentation') assert.ok(all.body.length > 0);
      const hidden = await fa.get(`/api/footnotes/${path}?cik=${NETFLIX}&asOf=${dayBefore(accepted)}`);
      assert.equal(hidden.status, 200);
      assert.deepEqual(hidden.body, []);
      const on = await fa.get(`/api/footnotes/${path}?cik=${NETFLIX}&asOf=${accepted}`);
      assert.equal(on.status, 200);
      assert.deepEqual(on.body, all.body);
      if (on.body.length > 0) assert.equal(on.body[0].dateFiled, accepted);
    });
  }

  test('workforce-cost and concentration: empty before acceptance', async () => {
    const wf = await fa.get(`/api/footnotes/workforce-cost?cik=${NETFLIX}&asOf=${dayBefore(accepted)}`);
    assert.equal(wf.status, 200);
    assert.deepEqual([wf.body.periods, wf.body.perSegment, wf.body.byExpenseCaption], [[], [], []]);
    const cr = await fa.get(`/api/footnotes/concentration?cik=${NETFLIX}&asOf=${dayBefore(accepted)}`);
    assert.equal(cr.status, 200);
    assert.deepEqual(cr.body.groups, []);
  });

  test('a malformed asOf is a 400', async () => {
    const { status, body } = await fa.get(`/api/footnotes/revenue-segmentation?cik=${NETFLIX}&asOf=2019-02-30`);
    assert.equal(status, 400);
    assert.match(body.error, /asOf/);
  });
});
