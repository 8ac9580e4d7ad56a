// Regression: one filing described by two sources must keep one period identity. The FS data sets round period ends
// to the month end (Apple's 52/53-week Q2 FY2010 ends 2010-03-27; FS says 2010-03-31); mixing sources fact by fact
// gave the quarter two identities and TTM duplicate concept keys ("Map keys must be unique").
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported } from '../../engine/financials/asReported.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import { defined } from '../helpers/defined.ts';

test('Apple from companyfacts plus the 2010q2 FS data set: one Q2 FY2010 at 2010-03-27, every series computes', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    await ingestPaths(engine, [fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'), fixture('sec-datasets', 'fs', '2010q2_50co')]);
    // the FS extract does hold Apple's rounded quarter end, so the test exercises the mix
    const [fs] = await engine.query<{ n: number }>(
      "SELECT count(*)::INTEGER AS n FROM facts_of(320193) WHERE source = 'fsds' AND period_end = DATE '2010-03-31'");
    assert.ok(defined(fs, 'fs').n > 0);
    const quarters = await asReported(engine, { cik: 320193, period: 'quarter' });
    const fy2010 = quarters.filter((p) => p.period.startsWith('2010-03'));
    assert.deepEqual(fy2010.map((p) => [p.period, p.fiscalPeriod]), [['2010-03-27', 'Q2']]);
    // Apple's 10-Q for the quarter ended 2010-03-27 reported revenue (SalesRevenueNet) of 13,499M
    assert.equal(defined(fy2010[0], 'fy2010[0]').facts['us-gaap:SalesRevenueNet'], 13_499_000_000);
    assert.ok((await asReported(engine, { cik: 320193, period: 'ttm' })).length > 0);
    const report = await materializePeriods(engine);
    assert.ok(report.periods > 0);
  } finally {
    cleanup();
  }
});
