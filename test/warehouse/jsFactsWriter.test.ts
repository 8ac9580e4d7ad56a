// The facts Parquet written from JavaScript (companies new to the warehouse) is what DuckDB's COPY (new_facts()) writes:
// the same inputs ingested once with each writer give warehouses whose every dataset holds the same rows (EXCEPT ALL
// both ways), the same schema (DESCRIBE), files sorted by cik, concept, period_end, accession, the same buckets, and
// the same as-reported answers after a periods refresh. Inputs: every fixture companyfacts file (the same companies in
// two snapshots: duplicate facts within a batch), the fixture XBRL instances and inline XBRL (dimensional facts),
// synthetic filers from the demo generator (companyfacts with duplicated facts, footnote filings with dimensions).
// Also: re-ingesting into the warehouse the JS writer built adds nothing, and batches mixing held and new companies
// (small batches, so later ones meet companies an earlier one committed) give what the DuckDB path gives.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { glob, identityInputs, WarehouseComparer } from '../helpers/warehouseIdentity.ts';
import { ingestPaths, type FactsWriter, type IngestOptions } from '../../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import type { Engine } from '../../engine/db/Engine.ts';

let inputs: string[] = [];
const opened: { cleanup: () => void }[] = [];
// the engines are locked to their own warehouse: the two are compared from a plain DuckDB
let cmp: WarehouseComparer;

before(async () => {
  cmp = await WarehouseComparer.open();
  inputs = identityInputs('jsfacts-src-', 11).paths;
});
after(() => {
  cmp.close();
  for (const o of opened) o.cleanup();
});

async function build(writer: FactsWriter, options: IngestOptions = {}): Promise<{ engine: Engine; dir: string }> {
  const wh = await openTempEngine('write');
  opened.push(wh);
  await ingestPaths(wh.engine, inputs, { ...options, factsWriter: writer });
  return wh;
}

test('facts written from JavaScript equal those COPY (new_facts()) writes: rows, schema, order, buckets, as-reported', async () => {
  const js = await build('js');
  const duck = await build('duckdb');
  assert.ok(await cmp.scalar('SELECT count(*)::INTEGER AS n FROM read_parquet($p)', { p: glob(js.dir, 'facts') }) > 0);
  assert.ok(await cmp.scalar('SELECT count(*)::INTEGER AS n FROM read_parquet($p) WHERE len(dims) > 0', { p: glob(js.dir, 'facts') }) > 0, 'no dimensional fact in the inputs');
  await cmp.assertSameWarehouse(js.dir, duck.dir);
  assert.equal(await cmp.unsorted(js.dir), 0);
  // the row groups: every one but a file's last holds 16,384 rows, in both
  const groups = async (dir: string) => cmp.scalar(`
    SELECT count(*)::INTEGER AS n FROM (SELECT file_name, row_group_id, row_group_num_rows, max(row_group_id) OVER (PARTITION BY file_name) AS last
      FROM (SELECT DISTINCT file_name, row_group_id, row_group_num_rows FROM parquet_metadata($p))) WHERE row_group_id < last AND row_group_num_rows <> 16384`, { p: glob(dir, 'facts') });
  assert.equal(await groups(js.dir), 0);
  const codecs = async (dir: string) => (await cmp.query<{ c: string }>('SELECT DISTINCT compression AS c FROM parquet_metadata($p) ORDER BY 1', { p: glob(dir, 'facts') })).map((r) => r.c);
  assert.deepEqual(await codecs(js.dir), ['ZSTD']);

  for (const wh of [js, duck]) {
    const outcome = await refreshPeriodsLocked(wh.engine);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
  }
  const ciks = (await cmp.query<{ cik: number }>('SELECT DISTINCT cik FROM read_parquet($p) ORDER BY cik', { p: glob(js.dir, 'facts') })).map((r) => r.cik);
  for (const cik of ciks) {
    for (const period of ['annual', 'quarter', 'ttm']) {
      const answer = async (engine: Engine) => JSON.stringify(await engine.query('SELECT * FROM as_reported_stored($cik, $period, 10000)', { cik, period }));
      assert.equal(await answer(js.engine), await answer(duck.engine), `as-reported ${String(cik)} ${period}`);
    }
  }

  // re-ingesting the same inputs into the warehouse the JS writer built adds nothing
  const again = await ingestPaths(js.engine, inputs, { factsWriter: 'js' });
  assert.equal(again.rows['facts'] ?? 0, 0);
  await cmp.assertSameWarehouse(js.dir, duck.dir);
});

test('small batches (companies held by an earlier batch meet new ones) write what the DuckDB path writes', async () => {
  const options = { batchBytes: 3 * 1024 * 1024 };
  const js = await build('js', options);
  const duck = await build('duckdb', options);
  const manifests = fs.readdirSync(path.join(js.dir, '_manifest')).filter((f) => f.endsWith('.json'));
  assert.ok(manifests.length > 2, `expected several batches, got ${String(manifests.length)}`);
  await cmp.assertSameWarehouse(js.dir, duck.dir);
  assert.equal(await cmp.unsorted(js.dir), 0);
  // some batch wrote both kinds: held companies through DuckDB's COPY and new ones from JavaScript (parquet-rs)
  const writers = await cmp.query<{ batch: string; kinds: number }>(`
    SELECT regexp_extract(file_name, 'part-([0-9TZ]+-[0-9a-f]+)-', 1) AS batch, count(DISTINCT created_by LIKE 'parquet-rs%')::INTEGER AS kinds
    FROM parquet_file_metadata($p) WHERE file_name NOT LIKE '%schema%' GROUP BY 1`, { p: glob(js.dir, 'facts') });
  assert.ok(writers.some((w) => w.kinds === 2), `no batch mixed held and new companies: ${JSON.stringify(writers)}`);
});
