// A committed batch leaves its staging tables holding no storage: DuckDB keeps a temp table's deleted rows until a
// checkpoint, which an in-memory database never runs, so emptying them with DELETE kept every batch's rows resident
// and the ingest's memory grew with its whole input. Checked by the tables' row groups, not by timing or RSS.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths, parseFile } from '../../engine/ingest/ingest.ts';
import { Batch } from '../../engine/ingest/Batch.ts';
import { appendRows, clearStaging } from '../../engine/warehouse/commitBatch.ts';
import { DATASETS, facts } from '../../engine/warehouse/datasets.ts';
import { quotePath } from '../../engine/db/quote.ts';

function companyFactsFiles(): string[] {
  const dir = fixture('sec-datasets', 'bulk-json', 'companyfacts');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^CIK\d{10}\.json$/.test(f)).map((f) => path.join(dir, f)) : [];
}

async function rowGroups(c: DuckDBConnection, table: string): Promise<number> {
  // pragma_storage_info takes the table's name as a string literal; the name is ours (stage_<dataset>), quoted
  const rows = (await c.runAndReadAll(`SELECT count(DISTINCT row_group_id) FROM pragma_storage_info(${quotePath(table)})`)).getRows();
  return Number(rows[0]?.[0]);
}

test('emptying the staging tables releases their storage, and a committed ingest leaves none behind', async () => {
  const files = companyFactsFiles();
  assert.ok(files.length > 0, 'needs a companyfacts fixture');
  const { engine, cleanup } = await openTempEngine();
  try {
    const c = engine.writerConnection;
    const batch = new Batch();
    const first = files[0] ?? '';
    parseFile({ name: first, bytes: fs.readFileSync(first) }, batch);
    assert.ok(batch.facts.length > 0, `${first} yields facts`);
    await clearStaging(c);
    await appendRows(c, facts, batch.facts);
    assert.ok(await rowGroups(c, 'stage_facts') > 0, 'staged facts occupy row groups');
    await clearStaging(c);
    assert.equal(await rowGroups(c, 'stage_facts'), 0);

    // several batches, so both writer connections stage and commit
    const report = await ingestPaths(engine, files, { batchBytes: 1 });
    assert.ok((report.rows.facts ?? 0) > 0 && report.manifests.length === files.length, `${String(report.manifests.length)} batches`);
    for (const spec of DATASETS) assert.equal(await rowGroups(c, `stage_${spec.name}`), 0, `stage_${spec.name} after the ingest`);
  } finally {
    cleanup();
  }
});
