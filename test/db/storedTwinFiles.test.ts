// Deferred layer files (`<NN>_<folder>.stored.sql`, engine/db/loadSqlFiles.ts): stored twins whose body reads a stored
// output under a constant path load only once that output holds files, so a warehouse never refreshed opens, and the
// twins answer as the live macros right after the first refresh, in the same process and in a reader opened later.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { writeFeeTableFilings } from '../helpers/feeTableFilings.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import { listLayerFiles, storedFolderOf } from '../../engine/db/loadSqlFiles.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { missingMacros } from '../../engine/query/missingMacros.ts';

const json = async (engine: Engine, sql: string) =>
  (await engine.query<{ j: string }>(`SELECT to_json(t)::VARCHAR AS j FROM (${sql}) t`)).map((r) => JSON.parse(r.j) as unknown);

test('a deferred file names the stored output it waits for; other layer files have none', () => {
  assert.equal(storedFolderOf('/x/sql/80_filings/91_filing_index.stored.sql'), 'filing_index');
  assert.equal(storedFolderOf('/x/sql/80_filings/90_filings_stored.sql'), null);
  assert.ok(listLayerFiles().some((f) => storedFolderOf(f) === 'filing_index'));
});

describe('stored twins over the stored filings index', () => {
  let engine: Engine;
  let dir: string;
  let cleanup: () => void;
  before(async () => {
    ({ engine, dir, cleanup } = await openTempEngine());
  });
  after(() => { cleanup(); });

  test('a warehouse never refreshed opens without them, and the startup check counts them as defined', async () => {
    await assert.rejects(engine.query('SELECT * FROM ipo_deals_stored(NULL)'), /ipo_deals_stored/);
    assert.deepEqual(await missingMacros(engine, ['ipo_deals_stored', 'recent_offerings_stored', 'no_such_macro']), ['no_such_macro']);
  });

  test('after the first refresh they answer as the live macros, in the writer and in a reader opened later', async () => {
    const files = writeFeeTableFilings(tempDir('stored-twins-'));
    await ingestPaths(engine, files);
    await materializePeriods(engine);
    const [cik] = (await engine.query<{ cik: number }>("SELECT cik FROM src_filings WHERE form = 'S-1' ORDER BY cik LIMIT 1")).map((r) => r.cik);
    assert.ok(cik !== undefined);
    const pairs = [
      ['SELECT * FROM ipo_deals_stored(NULL)', 'SELECT * FROM ipo_deals(NULL)'],
      [`SELECT * FROM recent_offerings_stored(${String(cik)}, NULL, NULL)`, `SELECT * FROM recent_offerings(${String(cik)}, NULL, NULL)`],
      [`SELECT * FROM research_summary_stored(${String(cik)})`, `SELECT * FROM research_summary(${String(cik)})`],
    ] as const;
    const reader = (await openTempEngine('read', dir)).engine;
    try {
      for (const [stored, live] of pairs) {
        const expected = await json(engine, live);
        assert.ok(expected.length > 0, live);
        assert.deepEqual(await json(engine, stored), expected, stored);
        assert.deepEqual(await json(reader, stored), expected, `${stored} (reader)`);
      }
    } finally {
      reader.close();
    }
  });
});
