// The in-memory index tables (security_index, entity_index) never serve a stale answer: a serving engine that was
// opened before an ingest resolves what that ingest added on its next query, without being reopened.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { Engine } from '../../engine/db/Engine.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';

test('a reader opened before an ingest resolves the tickers that ingest added on its next query', async () => {
  const { engine: writer, dir, cleanup } = await openTempEngine('write');
  const reader = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1 });
  try {
    await ingestPaths(writer, [fixture('edgar', 'submissions', 'CIK0000320193.json.gz')]);
    const resolve = (symbol: string) => reader.query<{ cik: number; name: string }>(
      'SELECT cik, name FROM resolve_entity($symbol, NULL, NULL, NULL, NULL)', { symbol });
    assert.deepEqual(await resolve('AAPL'), [{ cik: 320193, name: 'Apple Inc.' }]);
    assert.deepEqual(await resolve('MSFT'), []);
    // the SEC ticker/exchange list names MSFT -> CIK 789019 (fixture: edgar/reference/company_tickers_exchange.json.gz)
    await ingestPaths(writer, [fixture('edgar', 'reference', 'company_tickers_exchange.json.gz')]);
    assert.deepEqual((await resolve('MSFT')).map((r) => r.cik), [789019]);
    const [details] = await reader.query<{ name: string; fiscalYearEnd: string }>(
      'SELECT name, "fiscalYearEnd" FROM company_details(320193)');
    // Apple's submissions JSON: name "Apple Inc.", fiscal year end 0926
    assert.deepEqual(details, { name: 'Apple Inc.', fiscalYearEnd: '0926' });
  } finally {
    reader.close();
    cleanup();
  }
});
