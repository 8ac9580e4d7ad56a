// /api/footnotes/subsidiary-financials on Spire's multi-registrant 10-Q (Spire Inc., Spire Missouri, Spire Alabama on
// dei:LegalEntityAxis): per-registrant values read from the document itself, nothing summed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from '../footnotes/documentFacts.ts';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { SubsidiaryFinancialsPeriod } from '../../http/endpoints/footnotes2.ts';

const SPIRE_10Q = XBRL('ixbrl', 'spre20231231_10q.htm.gz');
const ENTITY = 'dei:LegalEntityAxis';
const G = 'us-gaap:';

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([SPIRE_10Q]);
});
after(async () => fa.close());

describe('subsidiary financials', () => {
  test("Spire Q1 FY2024: each registrant's net income, assets and equity are the document's", async () => {
    const doc = documentFacts(SPIRE_10Q);
    const [start, end] = ['2023-10-01', '2023-12-31'];
    const { status, body } = await fa.json('/api/footnotes/subsidiary-financials?cik=1126956&period=quarter&limit=2', v.array(SubsidiaryFinancialsPeriod));
    assert.equal(status, 200);
    const p = defined(body.find((x) => x.period === end), `period ${end}`);
    assert.equal(p.fiscalPeriod, 'Q1');
    const registrants = [...new Set(doc.filter((f) => f.concept === `${G}NetIncomeLoss` && f.start === start && f.end === end
      && Object.keys(f.dims).length === 1).map((f) => f.dims[ENTITY]).filter((m) => m !== undefined))];
    assert.ok(registrants.length >= 2);
    for (const m of registrants) {
      const s = p.subsidiaries.find((x) => x.member === m);
      assert.ok(s, m);
      assert.equal(s.netIncome, docValue(doc, `${G}NetIncomeLoss`, end, { [ENTITY]: m }, start), m);
      assert.equal(s.assets, docValue(doc, `${G}Assets`, end, { [ENTITY]: m }), m);
      assert.equal(s.equity, docValue(doc, `${G}StockholdersEquity`, end, { [ENTITY]: m }), m);
      assert.equal(s.currency, 'USD');
      // Spire tags no per-registrant total liabilities: absent, not null
      assert.equal(doc.filter((f) => f.concept === `${G}Liabilities` && f.dims[ENTITY] === m).length, 0);
      assert.ok(!('liabilities' in s), m);
    }
    assert.deepEqual(nullPaths(p.subsidiaries), []);
    // the consolidated (undimensioned) figures are not served as an entry
    assert.ok(p.subsidiaries.every((s) => typeof s.member === 'string'));
  });

  test("a currency outside the spec's list is a 400", async () => {
    const { status, body } = await fa.json('/api/footnotes/subsidiary-financials?cik=1126956&currency=XXX', ErrorBody);
    assert.equal(status, 400);
    assert.ok(body.error);
  });
});
