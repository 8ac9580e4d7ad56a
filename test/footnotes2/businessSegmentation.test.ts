// /api/footnotes/business-segmentation and business_segment_reconciliation on real filings: values read from the
// documents themselves.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { documentFacts, docValue } from '../footnotes/documentFacts.ts';
import { footnoteApp, nullPaths, XBRL, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { ErrorBody } from '../helpers/bodyAs.ts';
import { BusinessSegmentationPeriod } from '../../http/endpoints/footnotes2.ts';

const AMAZON_10K = XBRL('instances', 'amzn-20221231_htm.xml.gz');
const AES_10Q = XBRL('instances', 'aes-20230630_htm.xml.gz');
const APPLE_10K = XBRL('instances', 'aapl-20220924_htm.xml.gz');
const SEG = 'us-gaap:StatementBusinessSegmentsAxis';
const CONS = 'srt:ConsolidationItemsAxis';
const G = 'us-gaap:';
const BusinessSegmentation = v.array(BusinessSegmentationPeriod);

let fa: FootnoteApp;
before(async () => {
  fa = await footnoteApp([AMAZON_10K, AES_10Q, APPLE_10K]);
});
after(async () => fa.close());

describe('business segmentation', () => {
  test("Amazon FY2022: segment operating income is the document's and reconciles to the consolidated figure", async () => {
    const doc = documentFacts(AMAZON_10K);
    const [start, end] = ['2022-01-01', '2022-12-31'];
    const { status, body } = await fa.json('/api/footnotes/business-segmentation?cik=1018724&period=annual&limit=1', BusinessSegmentation);
    assert.equal(status, 200);
    const p = defined(body[0], 'the latest period');
    assert.equal(p.period, end);
    assert.equal(p.unit, 'USD');
    const segmentMembers = [...new Set(doc.filter((f) => f.concept === `${G}OperatingIncomeLoss` && f.start === start && f.end === end
      && Object.keys(f.dims).length === 1).map((f) => f.dims[SEG]).filter((m) => m !== undefined))];
    assert.equal(segmentMembers.length, 3);
    let oi = 0;
    for (const m of segmentMembers) {
      const s = p.segments.find((x) => x.member === m);
      assert.ok(s, m);
      assert.equal(s.role, 'segment');
      assert.equal(s.metrics.operatingIncome, docValue(doc, `${G}OperatingIncomeLoss`, end, { [SEG]: m }, start));
      assert.equal(s.metrics.revenue, docValue(doc, `${G}RevenueFromContractWithCustomerExcludingAssessedTax`, end, { [SEG]: m }, start));
      oi += defined(s.metrics.operatingIncome, `operating income of ${m}`);
    }
    assert.equal(oi, docValue(doc, `${G}OperatingIncomeLoss`, end, {}, start));
    // the reconciling item as filed: corporate assets, tagged on the consolidation-items axis
    const corp = p.segments.find((x) => x.member === 'us-gaap:CorporateNonSegmentMember');
    assert.ok(corp, 'the corporate reconciling item');
    assert.equal(corp.role, 'reconciling');
    assert.equal(corp.metrics.assets, docValue(doc, `${G}Assets`, end, { [CONS]: 'us-gaap:CorporateNonSegmentMember' }));
    const assets = p.segments.reduce((s, x) => s + (x.metrics.assets ?? 0), 0);
    assert.equal(assets, docValue(doc, `${G}Assets`, end));
    // untagged metrics are absent, never null: Amazon tags no segment gross profit or net income, no corporate revenue
    assert.equal(doc.filter((f) => f.concept === `${G}GrossProfit` && f.dims[SEG]).length, 0);
    for (const s of p.segments) {
      assert.ok(!('grossProfit' in s.metrics) && !('netIncome' in s.metrics), s.member);
      assert.deepEqual(nullPaths(s), []);
    }
    assert.ok(!('revenue' in corp.metrics));
  });

  test('the REPL reconciliation macro: every Amazon FY2022 metric reconciles with a zero difference', async () => {
    const rows = await fa.wh.engine.query<{ field: string; difference: unknown; reconciles: boolean; consolidated: number }>(
      "SELECT field, difference, reconciles, consolidated FROM business_segment_reconciliation(1018724, 'annual', 1)");
    const doc = documentFacts(AMAZON_10K);
    const oi = defined(rows.find((r) => r.field === 'operatingIncome'), 'the operatingIncome row');
    assert.equal(oi.consolidated, docValue(doc, `${G}OperatingIncomeLoss`, '2022-12-31', {}, '2022-01-01'));
    for (const r of rows) {
      assert.equal(r.reconciles, true, r.field);
      assert.equal(Number(r.difference), 0, r.field);
    }
  });

  test('AES Q2 2023: intersegment eliminations are their own row and segments + eliminations + corporate = revenue', async () => {
    const doc = documentFacts(AES_10Q);
    const [start, end] = ['2023-04-01', '2023-06-30'];
    const { status, body } = await fa.json('/api/footnotes/business-segmentation?cik=874761&period=quarter&limit=1', BusinessSegmentation);
    assert.equal(status, 200);
    const p = defined(body[0], 'the latest period');
    assert.equal(p.period, end);
    const elim = p.segments.find((x) => x.member === 'us-gaap:IntersegmentEliminationMember');
    assert.ok(elim, 'the elimination row');
    assert.equal(elim.role, 'elimination');
    assert.equal(elim.metrics.revenue, docValue(doc, `${G}Revenues`, end, { [CONS]: 'us-gaap:IntersegmentEliminationMember' }, start));
    const total = p.segments.filter((x) => x.role !== 'subtotal').reduce((s, x) => s + (x.metrics.revenue ?? 0), 0);
    assert.equal(total, docValue(doc, `${G}Revenues`, end, {}, start));
  });

  test("Apple FY2022: reconciling items tagged as expenses (R&D, corporate G&A) bring segment operating income to the consolidated figure", async () => {
    const doc = documentFacts(APPLE_10K);
    const [start, end] = ['2021-09-26', '2022-09-24'];
    const { status, body } = await fa.json('/api/footnotes/business-segmentation?cik=320193&period=annual&limit=1', BusinessSegmentation);
    assert.equal(status, 200);
    const p = defined(body[0], 'the latest period');
    const rd = p.segments.find((x) => x.member === 'us-gaap:MaterialReconcilingItemsMember');
    assert.ok(rd, 'the R&D reconciling item');
    assert.equal(rd.role, 'reconciling');
    assert.equal(rd.metrics.operatingIncome, -docValue(doc, `${G}ResearchAndDevelopmentExpense`, end, { [CONS]: 'us-gaap:MaterialReconcilingItemsMember' }, start));
    const oi = p.segments.filter((x) => x.role !== 'subtotal').reduce((s, x) => s + (x.metrics.operatingIncome ?? 0), 0);
    assert.equal(oi, docValue(doc, `${G}OperatingIncomeLoss`, end, {}, start));
    const rows = await fa.wh.engine.query<{ field: string; reconciles: boolean }>(
      "SELECT field, reconciles FROM business_segment_reconciliation(320193, 'annual', 1)");
    assert.ok(rows.length > 0 && rows.every((r) => r.reconciles), JSON.stringify(rows));
  });

  test('Apple FY2022: the operating-segments total is a subtotal row, served only with includeSubtotals=true', async () => {
    const doc = documentFacts(APPLE_10K);
    const [start, end] = ['2021-09-26', '2022-09-24'];
    const plain = await fa.json('/api/footnotes/business-segmentation?cik=320193&period=annual&limit=1', BusinessSegmentation);
    assert.ok(!defined(plain.body[0], 'the latest period').segments.some((x) => x.role === 'subtotal'));
    const withTotals = await fa.json('/api/footnotes/business-segmentation?cik=320193&period=annual&limit=1&includeSubtotals=true', BusinessSegmentation);
    assert.equal(withTotals.status, 200);
    const sub = defined(withTotals.body[0], 'the latest period').segments.find((x) => x.role === 'subtotal');
    assert.ok(sub, 'the subtotal row');
    assert.equal(sub.member, 'us-gaap:OperatingSegmentsMember');
    assert.equal(sub.metrics.operatingIncome, docValue(doc, `${G}OperatingIncomeLoss`, end, { [CONS]: 'us-gaap:OperatingSegmentsMember' }, start));
  });

  test('includeSubtotals must be a boolean', async () => {
    const { status, body } = await fa.json('/api/footnotes/business-segmentation?cik=1018724&includeSubtotals=maybe', ErrorBody);
    assert.equal(status, 400);
    assert.ok(body.error);
  });
});
