// Creates the warehouse folders and a zero-row schema file per dataset descriptor (typed by its final_<name>() macro),
// so views bind on an empty warehouse.
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { DATASETS, type DatasetSpec } from './datasets.ts';
import { runSqlFile, SQL_ROOT } from '../db/loadSqlFiles.ts';
import { quoteIdentifier, quotePath } from '../db/quote.ts';

export const SCHEMA_FILE = 'part-00000000T000000Z-schema.parquet';

export function datasetDir(warehouseDir: string, spec: DatasetSpec): string {
  return path.join(warehouseDir, spec.name);
}

function schemaFilePath(warehouseDir: string, spec: DatasetSpec): string {
  return spec.partitioned
    ? path.join(warehouseDir, spec.name, 'bucket=0', SCHEMA_FILE)
    : path.join(warehouseDir, spec.name, SCHEMA_FILE);
}

/** Where a dataset's staging table and final_<name>() macro are defined. */
export function stagingSqlFile(spec: DatasetSpec): string {
  return path.join(SQL_ROOT, 'warehouse', `10_stage_${spec.name}.sql`);
}

export async function ensureWarehouse(warehouseDir: string): Promise<void> {
  fs.mkdirSync(path.join(warehouseDir, '_manifest'), { recursive: true });
  const missing = DATASETS.filter((spec) => !fs.existsSync(schemaFilePath(warehouseDir, spec)));
  if (missing.length === 0) return;
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const c = await instance.connect();
  try {
    await runSqlFile(c, path.join(SQL_ROOT, '00_sources', '00_buckets.sql'));
    for (const spec of missing) await runSqlFile(c, stagingSqlFile(spec));
    for (const spec of missing) {
      const target = schemaFilePath(warehouseDir, spec);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = `${target}.tmp-${String(process.pid)}`;
      const final = quoteIdentifier(`final_${spec.name}`);
      const select = spec.partitioned ? `SELECT * EXCLUDE (bucket) FROM ${final}() LIMIT 0` : `SELECT * FROM ${final}() LIMIT 0`;
      await c.run(`COPY (${select}) TO ${quotePath(tmp)} (FORMAT parquet)`);
      fs.renameSync(tmp, target);
    }
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}
