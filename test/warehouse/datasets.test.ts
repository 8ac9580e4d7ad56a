// Each dataset is described once: the descriptor's columns must match its staging SQL, and a row that does not carry
// exactly the descriptor's fields is refused by the commit rather than loaded with NULLs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DATASETS } from '../../engine/warehouse/datasets.ts';
import { datasetOf } from '../../engine/warehouse/DatasetDescriptor.ts';
import { appendRows, checkStagingTable, commitBatch } from '../../engine/warehouse/commitBatch.ts';
import { stagingSqlFile } from '../../engine/warehouse/ensureWarehouse.ts';
import { runSqlFile, SQL_ROOT } from '../../engine/db/loadSqlFiles.ts';
import { Batch } from '../../engine/ingest/Batch.ts';
import type { FactRow } from '../../engine/ingest/rows.ts';
import { openTempEngine, warehouseCounts } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';

async function stagingConnection() {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const c = await instance.connect();
  await runSqlFile(c, path.join(SQL_ROOT, '00_sources', '00_buckets.sql'));
  return { c, close: () => { c.closeSync(); instance.closeSync(); } };
}

test('every descriptor has its staging SQL and its new_<name>() file', () => {
  for (const dataset of DATASETS) {
    assert.ok(fs.existsSync(stagingSqlFile(dataset)), `missing ${stagingSqlFile(dataset)}`);
    assert.ok(fs.existsSync(path.join(SQL_ROOT, 'warehouse', `20_new_${dataset.name}.sql`)), `missing 20_new_${dataset.name}.sql`);
  }
});

test('every staging table has exactly its descriptor columns, in order, with the types of the row fields', async () => {
  const { c, close } = await stagingConnection();
  try {
    for (const dataset of DATASETS) {
      await runSqlFile(c, stagingSqlFile(dataset));
      await checkStagingTable(c, dataset);
      // and the check is not vacuous: the table's own column list, read here, is the descriptor's, snake_cased
      const described = defined((await c.runAndReadAll(
        `SELECT list(column_name ORDER BY column_index) AS cols FROM duckdb_columns() WHERE table_name = $t`, { t: `stage_${dataset.name}` },
      )).getRowObjectsJson()[0], `the column list of stage_${dataset.name}`)['cols'];
      assert.deepEqual(described, [...dataset.columnNames], dataset.name);
    }
  } finally {
    close();
  }
});

test('a staging table that disagrees with its descriptor is reported with both column lists', async () => {
  const { c, close } = await stagingConnection();
  try {
    await c.run('CREATE TEMP TABLE stage_facts (cik INTEGER, accession VARCHAR)');
    const facts = defined(DATASETS.find((d) => d.name === 'facts'), 'DATASETS.find((d) => d.name === \'facts\')');
    await assert.rejects(checkStagingTable(c, facts), /stage_facts does not match the facts descriptor:\n {2}table: {6}cik INTEGER, accession VARCHAR\n {2}descriptor: cik INTEGER, accession VARCHAR, form VARCHAR/);
  } finally {
    close();
  }
});

test('a Batch holds one empty list per descriptor and counts rows across them', () => {
  const batch = new Batch();
  assert.deepEqual(Object.keys(batch).sort(), DATASETS.map((d) => d.name).sort());
  batch.facts.push(fact());
  batch.holdings_13f.push({
    accession: 'a', seq: 1, nameOfIssuer: null, titleOfClass: null, cusip: '000000000', figi: null, value: null, shares: null,
    shareType: null, putCall: null, investmentDiscretion: null, otherManager: null, votingSole: null, votingShared: null,
    votingNone: null, source: '13f',
  });
  assert.equal(batch.size, 2);
});

function fact(): FactRow {
  return {
    cik: 9990001, accession: '0009990001-24-000001', form: '10-K', filed: '2024-02-01', concept: 'us-gaap:Revenues',
    unit: 'USD', value: 100, decimals: -6, periodStart: '2023-01-01', periodEnd: '2023-12-31', dims: [], fy: 2023, fp: 'FY',
    frame: null, source: 'demo',
  };
}

test('a row missing a field, or carrying a misspelt one, fails the commit naming the field, and nothing is written', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    const before = await warehouseCounts(engine);
    const missing: Partial<FactRow> = fact();
    delete missing.periodEnd;
    await assert.rejects(commitBatch(engine, { facts: [fact(), missing as FactRow] }, { inputs: ['t'] }),
      /facts row 1: field "periodEnd" is missing/);
    const misspelt = { ...missing, period_end: '2023-12-31' };
    await assert.rejects(commitBatch(engine, { facts: [misspelt as unknown as FactRow] }, { inputs: ['t'] }),
      /facts row 0: unknown field "period_end"/);
    // past the first row of a chunk a misspelling shows as the correct field missing
    await assert.rejects(commitBatch(engine, { facts: [fact(), misspelt as unknown as FactRow] }, { inputs: ['t'] }),
      /facts row 1: field "periodEnd" is missing/);
    const extra = { ...fact(), periodEnds: '2023-12-31' };
    await assert.rejects(commitBatch(engine, { facts: [extra] }, { inputs: ['t'] }), /facts row 0: unknown field "periodEnds"/);
    assert.deepEqual(await warehouseCounts(engine), before);
    // the same row, whole, loads: the refusals above were about the fields, not the values
    const manifest = await commitBatch(engine, { facts: [fact()] }, { inputs: ['t'] });
    assert.equal(manifest.rows['facts'], 1);
    const [row] = await engine.query<{ period_end: string }>('SELECT period_end::VARCHAR AS period_end FROM src_facts');
    assert.equal(defined(row, 'row').period_end, '2023-12-31');
  } finally {
    cleanup();
  }
});

test('appendRows takes the descriptor, so a dataset cannot be staged without one', async () => {
  const { c, close } = await stagingConnection();
  try {
    const facts = defined(DATASETS.find((d) => d.name === 'facts'), 'DATASETS.find((d) => d.name === \'facts\')');
    await runSqlFile(c, stagingSqlFile(facts));
    await appendRows(c, facts, [fact()]);
    const rows = (await c.runAndReadAll('SELECT cik, period_end, dims FROM stage_facts')).getRowObjectsJson();
    assert.deepEqual(rows, [{ cik: 9990001, period_end: '2023-12-31', dims: '[]' }]);
  } finally {
    close();
  }
});

// Compile-time checks (tsc runs in npm test): a descriptor must name every row field, with a type the field allows.
interface TwoFields { a: string; b: number | null }
// @ts-expect-error a descriptor missing field b does not compile
datasetOf<TwoFields>()({ name: 'x', partitioned: false, columns: { a: 'VARCHAR' } });
// @ts-expect-error a misspelt field does not compile
datasetOf<TwoFields>()({ name: 'x', partitioned: false, columns: { a: 'VARCHAR', b: 'DOUBLE', bb: 'DOUBLE' } });
// @ts-expect-error a number field cannot be staged as text
datasetOf<TwoFields>()({ name: 'x', partitioned: false, columns: { a: 'VARCHAR', b: 'VARCHAR' } });
