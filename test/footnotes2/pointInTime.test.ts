// asOf on the Footnotes II endpoints. A dated filing of the FS-and-Notes data set (Netflix's FY2018 10-K, with its
// segment facts) is invisible the day before it was accepted and served from that day on. Netflix tagged no product
// or geographic revenue in it and no dated fixture does, so revenue-segmentation is checked on a generated filer: a
// demo company's footnote 10-Ks in SEC's own format (full submissions with an acceptance date, inline XBRL with
// revenue by country), ingested through the real pipeline; the value and the date are read from the written files.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as v from 'valibot';
import { fixture, tempDir } from '../helpers/tempWarehouse.ts';
import { footnoteApp, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import { documentFactsOf } from '../footnotes/documentFacts.ts';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { BusinessSegmentationPeriod, ConcentrationResponse, RevenueSegmentationPeriod, SubsidiaryFinancialsPeriod, WorkforceCostResponse } from '../../http/endpoints/footnotes2.ts';
import { DEMO_COMPANIES, DEMO_YEARS } from '../../demo/demoCompanies.ts';
import { writeDemoFootnotes } from '../../demo/writeDemoFootnotes.ts';

const NETFLIX = 1065280;
const GEO = 'srt:StatementGeographicalAxis';

const company = defined(DEMO_COMPANIES.find((c) => c.regime === 'us-gaap'), 'a domestic demo company');
const generated = tempDir('fn2-asof-');
const filings = writeDemoFootnotes(generated, [company], DEMO_YEARS);
/** The generated filer's newest 10-K. */
const tenK = defined(filings.filter((f) => f.form === '10-K').sort((a, b) => b.fy - a.fy)[0], 'a generated 10-K');

let fa: FootnoteApp;
let accepted: string;
before(async () => {
  fa = await footnoteApp([fixture('sec-datasets', 'fsn', '2019q1'), generated]);
  const [row] = await fa.wh.engine.query<{ filed: string }>(
    `SELECT strftime(min(filed), '%Y-%m-%d') AS filed FROM src_facts WHERE cik = ${String(NETFLIX)} AND dim_key <> '' AND concept LIKE 'us-gaap:Revenue%'`);
  accepted = defined(row, "the acceptance date of Netflix's filing").filed;
});
after(async () => {
  await fa.close();
  fs.rmSync(generated, { recursive: true, force: true });
});

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('Footnotes II point in time', () => {
  const dated = [
    ['business-segmentation', v.array(BusinessSegmentationPeriod)],
    ['subsidiary-financials', v.array(SubsidiaryFinancialsPeriod)],
  ] as const;
  for (const [path, schema] of dated) {
    test(`${path}: nothing before the filing's acceptance, its periods from that day on`, async () => {
      const all = await fa.json(`/api/footnotes/${path}?cik=${String(NETFLIX)}`, schema);
      assert.equal(all.status, 200);
      // Netflix's segment note is in the filing: the comparison below is not between two empty answers
      if (path === 'business-segmentation') assert.ok(all.body.length > 0);
      const hidden = await fa.json(`/api/footnotes/${path}?cik=${String(NETFLIX)}&asOf=${dayBefore(accepted)}`, schema);
      assert.equal(hidden.status, 200);
      assert.deepEqual(hidden.body, []);
      const on = await fa.json(`/api/footnotes/${path}?cik=${String(NETFLIX)}&asOf=${accepted}`, schema);
      assert.equal(on.status, 200);
      assert.deepEqual(on.body, all.body);
      if (on.body[0]) assert.equal(on.body[0].dateFiled, accepted);
    });
  }

  test("revenue-segmentation: a 10-K's revenue by country is absent the day before its acceptance and served from that day", async () => {
    // what the filing says, read from the written submission and its inline document
    const submission = fs.readFileSync(tenK.file, 'utf8');
    const stamp = defined(/<ACCEPTANCE-DATETIME>(\d{4})(\d{2})(\d{2})/.exec(submission), 'the acceptance date-time in the header');
    const acceptedOn = `${stamp[1] ?? ''}-${stamp[2] ?? ''}-${stamp[3] ?? ''}`;
    const concept = `us-gaap:${company.revenueConcept}`;
    const us = defined(documentFactsOf(tenK.document).find((f) => f.concept === concept && f.dims[GEO] === 'country:US'
      && Object.keys(f.dims).length === 1), 'US revenue in the 10-K');
    const query = `/api/footnotes/revenue-segmentation?cik=${String(tenK.cik)}&period=annual`;

    const hidden = await fa.json(`${query}&asOf=${dayBefore(acceptedOn)}`, v.array(RevenueSegmentationPeriod));
    assert.equal(hidden.status, 200);
    assert.ok(!hidden.body.some((p) => p.period === us.end), `${us.end} is not visible before ${acceptedOn}`);

    const on = await fa.json(`${query}&asOf=${acceptedOn}`, v.array(RevenueSegmentationPeriod));
    assert.equal(on.status, 200);
    const period = on.body.find((p) => p.period === us.end);
    assert.ok(period, `${us.end} is visible on ${acceptedOn}`);
    assert.equal(period.dateFiled, acceptedOn);
    assert.deepEqual(period.geography.countries.find((c) => c.code === 'US')?.value, us.value);
  });

  test('workforce-cost and concentration: empty before acceptance', async () => {
    const wf = await fa.json(`/api/footnotes/workforce-cost?cik=${String(NETFLIX)}&asOf=${dayBefore(accepted)}`, WorkforceCostResponse);
    assert.equal(wf.status, 200);
    assert.deepEqual([wf.body.periods, wf.body.perSegment, wf.body.byExpenseCaption], [[], [], []]);
    const cr = await fa.json(`/api/footnotes/concentration?cik=${String(NETFLIX)}&asOf=${dayBefore(accepted)}`, ConcentrationResponse);
    assert.equal(cr.status, 200);
    assert.deepEqual(cr.body.groups, []);
  });

  test('a malformed asOf is a 400', async () => {
    const { status, body } = await fa.json(`/api/footnotes/revenue-segmentation?cik=${String(NETFLIX)}&asOf=2019-02-30`, ErrorBody);
    assert.equal(status, 400);
    assert.match(body.error, /asOf/);
  });
});
