// A store published while the engine holds no reader that answers is used at the next call, not a second later: the
// reader is looked for again whenever the one held does not answer (engine/serving/renderedStoreFor). The clock is
// set around the two calls (node:test's mock timers, Date only) so that the second call falls within the second the
// first one's check is kept for; the refresh and the render between them run on the real clock.
import { after, before, test } from '../helpers/fixtureTest.ts';
import { mock } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import { renderedStoreFor } from '../../engine/serving/renderedStoreFor.ts';
import { fixture } from '../helpers/fixtures.ts';

let wh: Awaited<ReturnType<typeof openTempEngine>>;

before(async () => {
  wh = await openTempEngine('write');
  await ingestPaths(wh.engine, [fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'), fixture('edgar', 'reference', 'company_tickers_exchange.json.gz')]);
});
after(() => {
  mock.timers.reset();
  wh.cleanup();
});

const atClock = <T>(now: number, fn: () => T): T => {
  mock.timers.enable({ apis: ['Date'], now });
  try {
    return fn();
  } finally {
    mock.timers.reset();
  }
};

test('a store published just after a call found none answers the next call, within the same second', async () => {
  assert.equal(atClock(1_000_000, () => renderedStoreFor(wh.engine)), null, 'nothing is published yet');
  const outcome = await refreshPeriodsLocked(wh.engine, false, { render: true });
  assert.ok(outcome.ok && outcome.rendered !== null && !(outcome.rendered instanceof Error), 'the refresh rendered');
  const reader = atClock(1_000_500, () => renderedStoreFor(wh.engine));
  assert.notEqual(reader, null, 'the published store is used at once');
  assert.equal(reader?.state.version, wh.engine.warehouse().version, 'for the version the engine serves');
});
