// Audit of scores' year-over-year criteria where the warehouse lacks the fiscal year before the scored one. No fixture
// shows the case (a 10-K restates the year before as a comparative), so it is built from Apple's real companyfacts: the
// 10-K for fiscal 2024 is skipped and the 2025 10-K's comparatives for the 2024 year's flows are left out, as a
// warehouse that never received them would hold them; everything else goes through the real ingest. Fiscal 2023 (stated
// by the 2025 10-K's three-year statements) is then the previous year present, and it is not the prior year: Piotroski's
// changes have no prior year to compare with and score false (the spec's details are booleans; a criterion without its
// inputs scores false), like growth's and eps-history's nulls (adjacent_period). Values are read from the document.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { readCompanyFacts, readSecJson, unitFacts, type CompanyFact } from '../helpers/companyFacts.ts';
import { defined } from '../helpers/defined.ts';

const FILE = fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz');
const CIK = 320193;
const doc = readCompanyFacts(FILE);

const DAY = 86_400_000;
const isYear = (f: CompanyFact) => f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / DAY >= 356
  && (Date.parse(f.end) - Date.parse(f.start)) / DAY <= 370;

/** A year's annual value of a concept as last filed (a ~1-year span ending at `end`, or the instant at `end`). */
function annual(concept: string, end: string, unit = 'USD'): number {
  const hits = unitFacts(doc, 'us-gaap', concept, unit).filter((f) => f.end === end && (f.start === undefined || isYear(f)))
    .sort((a, b) => a.filed.localeCompare(b.filed));
  return defined(hits.at(-1), `${concept} ${end}`).val;
}

// the fiscal years the 10-Ks state net income for, newest first: the scored one, the one the warehouse will lack, and
// the one before it
const years = [...new Set(unitFacts(doc, 'us-gaap', 'NetIncomeLoss', 'USD').filter((f) => f.form === '10-K' && isYear(f)).map((f) => f.end))]
  .sort().reverse();
const [SCORED = '', SKIPPED = '', OLDER = ''] = years;
// the 10-K for that year: the first one to state its net income
const SKIPPED_10K = defined(unitFacts(doc, 'us-gaap', 'NetIncomeLoss', 'USD').filter((f) => f.form === '10-K' && f.end === SKIPPED && isYear(f))
  .sort((a, b) => a.filed.localeCompare(b.filed))[0], `the 10-K for ${SKIPPED}`).accn;

let wh: Awaited<ReturnType<typeof openTempEngine>>;
before(async () => {
  // the document without the 10-K whose own year is SKIPPED and without any other filing's ~1-year spans ending then
  const raw = readSecJson(FILE) as { facts: Record<string, Record<string, { units: Record<string, CompanyFact[]> }>> };
  for (const concepts of Object.values(raw.facts)) {
    for (const c of Object.values(concepts)) {
      for (const [unit, facts] of Object.entries(c.units)) {
        c.units[unit] = facts.filter((f) => f.accn !== SKIPPED_10K && !(f.end === SKIPPED && isYear(f)));
      }
    }
  }
  const dir = tempDir('subset-');
  const file = path.join(dir, 'CIK0000320193.json');
  fs.writeFileSync(file, JSON.stringify(raw));
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [file]);
});
after(() => {
  wh.cleanup();
});

test('the warehouse lacks the fiscal year before the scored one and holds an older one (the case audited)', async () => {
  const rows = await wh.engine.query<{ period: string; netIncome: number | null }>(
    `SELECT period, netIncome FROM eps_history($c, 'annual', NULL, false, 'original', NULL)`, { c: CIK });
  const withIncome = rows.filter((r) => r.netIncome !== null).map((r) => r.period);
  assert.equal(withIncome[0], SCORED);
  assert.ok(!withIncome.includes(SKIPPED), `no income for ${SKIPPED}: ${withIncome.join(', ')}`);
  assert.equal(withIncome[1], OLDER, 'the previous year present is the older one');
});

test('scores: no year-over-year criterion compares the scored year with an older year than the one before it', async () => {
  const [row] = await wh.engine.query<{ period: string; piotroskiFScore: number; piotroskiDetails: Record<string, boolean> }>(
    'SELECT period, piotroskiFScore, piotroskiDetails FROM scores($c, NULL)', { c: CIK });
  assert.ok(row);
  assert.equal(row.period, SCORED);
  const ni = annual('NetIncomeLoss', SCORED);
  const ocf = annual('NetCashProvidedByUsedInOperatingActivities', SCORED);
  const expected = {
    positiveNetIncome: ni > 0, positiveOperatingCashFlow: ocf > 0, cashFlowExceedsNetIncome: ocf > ni,
    // the year-over-year criteria: no prior year in the warehouse
    risingRoa: false, decliningLeverage: false, risingCurrentRatio: false, noShareDilution: false, risingGrossMargin: false,
    risingAssetTurnover: false,
  };
  assert.deepEqual(row.piotroskiDetails, expected);
  assert.equal(row.piotroskiFScore, Object.values(expected).filter(Boolean).length);
  // against the older year the documents would have scored some change true: the case tells the rules apart
  const roa = (e: string) => annual('NetIncomeLoss', e) / annual('Assets', e);
  const margin = (e: string) => annual('GrossProfit', e) / annual('RevenueFromContractWithCustomerExcludingAssessedTax', e);
  assert.ok(roa(SCORED) > roa(OLDER) || margin(SCORED) > margin(OLDER), 'ROA or gross margin rose against the older year');
});
