// XBRL instances, inline documents and SGML containers through the real pipeline: ingestPaths into a temporary
// Parquet warehouse, read back through the source views; re-ingest changes nothing; the instance agrees with
// companyfacts for the same accession.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fixture, openTempEngine, warehouseCounts } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { EDGAR, INSTANCES, IXBRL } from './xbrlFixtures.ts';

const APPLE_Q2_2025 = path.join(INSTANCES, 'aapl-20250329_htm.xml.gz');
const APPLE_FY2022 = path.join(INSTANCES, 'aapl-20220924_htm.xml.gz');
const CAT_8K = path.join(EDGAR, 'filings', '8-K', '0000018230-22-000107.txt.gz');
const APPLE_FACTS = fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz');

describe('XBRL and SGML through ingestPaths', () => {
  let engine: Engine;
  let cleanup: () => void;
  let first: Record<string, number>;

  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, [APPLE_FY2022, APPLE_Q2_2025, path.join(IXBRL, 'aapl-20250329.htm.gz'), CAT_8K, APPLE_FACTS]);
    first = await warehouseCounts(engine);
  });
  after(() => { cleanup(); });

  test('the FY2022 instance lands in src_facts with its revenue, decimals and dimensions', async () => {
    const rows = await engine.query<{ value: number; decimals: number; dim_key: string; fy: number; fp: string; form: string }>(`
      SELECT value, decimals, dim_key, fy, fp, form FROM facts_of(320193)
      WHERE source = 'xbrl-instance' AND concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'
        AND period_start = DATE '2021-09-26' AND period_end = DATE '2022-09-24'
        AND dim_key IN ('', 'srt:ProductOrServiceAxis=aapl:IPhoneMember')
      GROUP BY ALL ORDER BY dim_key`);
    assert.deepEqual(rows, [
      { value: 394328000000, decimals: -6, dim_key: '', fy: 2022, fp: 'FY', form: '10-K' },
      { value: 205489000000, decimals: -6, dim_key: 'srt:ProductOrServiceAxis=aapl:IPhoneMember', fy: 2022, fp: 'FY', form: '10-K' },
    ]);
  });

  test('a typed dimension is stored with typed = true', async () => {
    const [row] = await engine.query<{ dims: { axis: string; member: string; typed: boolean }[] }>(`
      SELECT dims FROM facts_of(320193)
      WHERE concept = 'us-gaap:RevenueRemainingPerformanceObligationPercentage' AND dim_key LIKE '%=2022-09-25' LIMIT 1`);
    assert.deepEqual(row?.dims, [{ axis: 'us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis', member: '2022-09-25', typed: true }]);
  });

  test("the 10-Q instance's six-month revenue agrees with companyfacts for accession 0000320193-25-000057", async () => {
    const rows = await engine.query<{ source: string; value: number }>(`
      SELECT source, value FROM facts_of(320193)
      WHERE concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax' AND dim_key = ''
        AND period_start = DATE '2024-09-29' AND period_end = DATE '2025-03-29'
        AND (source <> 'companyfacts' OR accession = '0000320193-25-000057')
      GROUP BY ALL ORDER BY source`);
    assert.deepEqual(rows, [
      { source: 'companyfacts', value: 219659000000 },
      { source: 'inline-xbrl', value: 219659000000 },
      { source: 'xbrl-instance', value: 219659000000 },
    ]);
  });

  test('the 8-K container gives an sgml-header filing row, the entity, and its cover-page instance under the same accession', async () => {
    const filings = await engine.query<{ source: string; form: string; filed: string; items: string[]; accepted: string }>(`
      SELECT source, form, filed, items, strftime(accepted, '%Y-%m-%dT%H:%M:%S') AS accepted FROM src_filings
      WHERE accession = '0000018230-22-000107' ORDER BY source`);
    assert.deepEqual(filings, [
      { source: 'sgml-header', form: '8-K', filed: '2022-04-28', items: ['2.02', '7.01', '9.01'], accepted: '2022-04-28T06:32:03' },
      { source: 'xbrl-instance', form: '8-K', filed: '2022-04-28', items: [], accepted: '2022-04-28T06:32:03' },
    ]);
    const [entity] = await engine.query<{ name: string; sic: string; fiscal_year_end: string }>(`
      SELECT name, sic, fiscal_year_end FROM src_entities WHERE cik = 18230 AND source = 'sgml-header'`);
    assert.deepEqual(entity, { name: 'CATERPILLAR INC', sic: '3531', fiscal_year_end: '1231' });
  });

  test('ingesting the same files again leaves every row count unchanged', async () => {
    assert.ok((first.facts ?? 0) > 2000);
    await ingestPaths(engine, [APPLE_FY2022, APPLE_Q2_2025, path.join(IXBRL, 'aapl-20250329.htm.gz'), CAT_8K]);
    assert.deepEqual(await warehouseCounts(engine), first);
  });
});
