// Audit of an IFRS filer's cash-flow lines (Logistic Properties of the Americas, 20-F, ifrs-full): its statement of cash
// flows totals operating activities as "cash flows from (used in) operations" (ifrs-full:CashFlowsFromUsedInOperations)
// and never tags ifrs-full:CashFlowsFromUsedInOperatingActivities, and its depreciation and amortisation is the
// cash-flow add-back (AdjustmentsForDepreciationAndAmortisationExpense). Operating cash flow, free cash flow and D&A
// were null. Expected values are read here from the document, and the operating total is checked against the
// statement's own identity (change in cash = operating + investing + financing + exchange-rate effect).
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import { readCompanyFacts, unitFacts, type CompanyFacts } from '../helpers/companyFacts.ts';
import { defined } from '../helpers/defined.ts';

const FILE = fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz');
const CIK = 1997711;

/** The last filed value of each fiscal year (a duration of about a year) of an ifrs-full USD concept, by period end. */
function annual(doc: CompanyFacts, concept: string): Map<string, number> {
  const out = new Map<string, number>();
  const facts = unitFacts(doc, 'ifrs-full', concept, 'USD')
    .filter((f) => f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350)
    .sort((a, b) => a.filed.localeCompare(b.filed));
  for (const f of facts) out.set(f.end, f.val);
  return out;
}

interface CashFlowRow { period: string; operatingCashFlow: number | null; freeCashFlow: number | null; depreciationAmortization: number | null; capitalExpenditure: number | null }

let wh: Awaited<ReturnType<typeof openTempEngine>>;
before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [FILE]);
  await materializePeriods(wh.engine);
});
after(() => {
  wh.cleanup();
});

test('the document totals operating activities as cash flows from operations (the statement identity holds) and tags no other total', () => {
  const doc = readCompanyFacts(FILE);
  assert.equal(doc.facts['ifrs-full']?.CashFlowsFromUsedInOperatingActivities, undefined);
  const ops = annual(doc, 'CashFlowsFromUsedInOperations');
  const change = annual(doc, 'IncreaseDecreaseInCashAndCashEquivalents');
  const inv = annual(doc, 'CashFlowsFromUsedInInvestingActivities');
  const fin = annual(doc, 'CashFlowsFromUsedInFinancingActivities');
  const fxEffect = annual(doc, 'EffectOfExchangeRateChangesOnCashAndCashEquivalents');
  assert.ok(ops.size >= 3);
  for (const [end, v] of ops) {
    const identity = defined(change.get(end), end) - defined(inv.get(end), end) - defined(fin.get(end), end) - defined(fxEffect.get(end), end);
    assert.equal(v, identity, `${end}: operations ${String(v)} is the operating total`);
  }
});

for (const stored of [false, true]) {
  test(`cash_flow${stored ? '_stored' : ''}: operating cash flow, free cash flow and D&A of every fiscal year, as the document states them`, async () => {
    const doc = readCompanyFacts(FILE);
    const ops = annual(doc, 'CashFlowsFromUsedInOperations');
    const capex = annual(doc, 'PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities');
    const da = annual(doc, 'AdjustmentsForDepreciationAndAmortisationExpense');
    const sql = stored
      ? `SELECT * FROM cash_flow_stored($c, 'annual', NULL, 'USD')`
      : `SELECT * FROM cash_flow($c, 'annual', NULL, 'USD', NULL)`;
    const rows = await wh.engine.query<CashFlowRow>(sql, { c: CIK });
    const byPeriod = new Map(rows.map((r) => [r.period, r]));
    for (const [end, v] of ops) {
      const row = defined(byPeriod.get(end), `a cash-flow period ${end}`);
      assert.equal(row.operatingCashFlow, v, `${end}: operatingCashFlow`);
      const c = capex.get(end);
      if (c !== undefined) assert.equal(row.freeCashFlow, v - c, `${end}: freeCashFlow = operating - capex`);
      const d = da.get(end);
      if (d !== undefined) assert.equal(row.depreciationAmortization, d, `${end}: depreciationAmortization`);
    }
  });
}

test('growth: operatingCashFlowGrowth of adjacent fiscal years from the document', async () => {
  const ops = annual(readCompanyFacts(FILE), 'CashFlowsFromUsedInOperations');
  const rows = await wh.engine.query<{ period: string; operatingCashFlowGrowth: number | null }>(
    `SELECT period, operatingCashFlowGrowth FROM growth($c, 'annual', NULL, 'USD', NULL)`, { c: CIK });
  const ends = [...ops.keys()].sort();
  for (let i = 1; i < ends.length; i++) {
    const cur = defined(ops.get(defined(ends[i], 'end')), 'cur');
    const prev = defined(ops.get(defined(ends[i - 1], 'end')), 'prev');
    const row = defined(rows.find((r) => r.period === ends[i]), `growth ${String(ends[i])}`);
    assert.ok(Math.abs(defined(row.operatingCashFlowGrowth, 'growth') - (cur - prev) / Math.abs(prev)) < 1e-9, String(ends[i]));
  }
});

test('interest and taxes classified as operating activities are added to cash from operations (IAS 7), as the IFRS calculation does', async () => {
  // the same document with the latest year's income taxes paid and interest received tagged separately, as a filer
  // presenting them below "cash generated from operations" does
  const doc = readCompanyFacts(FILE);
  const ops = unitFacts(doc, 'ifrs-full', 'CashFlowsFromUsedInOperations', 'USD');
  const latest = defined([...ops].sort((a, b) => a.end.localeCompare(b.end) || a.filed.localeCompare(b.filed)).at(-1), 'latest');
  const taxes = 1_234_567;
  const interest = 89_012;
  const facts = doc.facts['ifrs-full'] ?? {};
  facts.IncomeTaxesPaidRefundClassifiedAsOperatingActivities = { units: { USD: [{ ...latest, val: taxes }] } };
  facts.InterestReceivedClassifiedAsOperatingActivities = { units: { USD: [{ ...latest, val: interest }] } };
  const file = path.join(tempDir('lpa-'), path.basename(FILE, '.gz'));
  const { facts: all, ...head } = doc;
  fs.writeFileSync(file, JSON.stringify({ ...head, facts: all }));
  const own = await openTempEngine();
  try {
    await ingestPaths(own.engine, [file]);
    const rows = await own.engine.query<CashFlowRow>(`SELECT * FROM cash_flow($c, 'annual', 1, 'USD', NULL)`, { c: CIK });
    const row = defined(rows[0], 'the latest year');
    assert.equal(row.period, latest.end);
    assert.equal(row.operatingCashFlow, latest.val - taxes + interest);
  } finally {
    own.cleanup();
  }
});
