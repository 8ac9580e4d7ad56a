// A trailing-twelve-month period ends on a quarter end; its balances (instants such as Assets) are the balance sheet
// at that date as last filed, never summed. Checked on Snowflake's companyfacts: for every TTM period the engine
// serves, us-gaap:Assets equals the value read in this test for that exact date (the latest filing's).
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported } from '../../engine/financials/asReported.ts';
import { readCompanyFacts, unitFacts } from '../helpers/companyFacts.ts';
import type { Engine } from '../../engine/db/Engine.ts';

const SNOWFLAKE = 1640147;
const FILE = fixture('edgar', 'companyfacts', 'CIK0001640147.json.gz');

let engine: Engine;
let cleanup: () => void;
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  await ingestPaths(engine, [FILE]);
});
after(() => {
  cleanup();
});

test('every TTM period carries the balance filed for its own end date, and no TTM balance is a sum', async () => {
  const assets = unitFacts(readCompanyFacts(FILE), 'us-gaap', 'Assets', 'USD');
  /** The value of the latest filing for each balance-sheet date. */
  const filed = new Map<string, number>();
  for (const f of [...assets].sort((a, b) => a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn))) filed.set(f.end, f.val);
  const ttm = await asReported(engine, { cik: SNOWFLAKE, period: 'ttm' });
  const withAssets = ttm.filter((p) => p.facts['us-gaap:Assets'] !== undefined);
  assert.ok(withAssets.length > 4, 'TTM periods hold the balance sheet at their end');
  for (const p of withAssets) {
    assert.equal(p.facts['us-gaap:Assets'], filed.get(p.period), `TTM ending ${p.period}: Assets as filed for that date`);
  }
});
