// A second writer connection with its own staging tables and macros (temp objects belong to one connection): the next
// batch is staged into it while DuckDB writes the previous batch's Parquet through the first.
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { setVariables, type Engine } from '../db/Engine.ts';
import { runSqlFile, sqlFilesIn, SQL_ROOT } from '../db/loadSqlFiles.ts';

export async function openStagingConnection(engine: Engine): Promise<DuckDBConnection> {
  if (engine.mode !== 'write') throw new Error('engine opened read-only');
  const c = await engine.instance.connect();
  try {
    await setVariables(c, engine.warehouseDir);
    for (const file of sqlFilesIn(path.join(SQL_ROOT, 'warehouse'))) await runSqlFile(c, file);
    return c;
  } catch (err) {
    c.closeSync();
    throw err;
  }
}
