// Loads `.sql` files whole through the driver (it splits statements; we never split on ';').
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';

export const SQL_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../sql');

/** Layer folders (`00_sources`, `10_facts`, ...) in name order, then their files in name order. */
export function listLayerFiles(root: string = SQL_ROOT): string[] {
  const layers = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^\d\d_/.test(d.name))
    .map((d) => d.name)
    .sort();
  return layers.flatMap((layer) => sqlFilesIn(path.join(root, layer)));
}

export function sqlFilesIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * The stored output a deferred layer file waits for: a file named `<NN>_<folder>.stored.sql` holds stored twins whose
 * body reads `<warehouse>/<folder>` under a constant path (market-wide). DuckDB binds a macro's body when it is
 * created, so such a file loads only once that folder holds Parquet files (Engine: at open, then before a query until
 * it has). Null for every other file, which loads at open.
 */
export function storedFolderOf(file: string): string | null {
  return /^\d+_([a-z0-9_]+)\.stored\.sql$/.exec(path.basename(file))?.[1] ?? null;
}

/** Whether a stored output holds a Parquet file (directly or in a hive folder such as bucket=N). */
export function storedOutputExists(warehouseDir: string, folder: string): boolean {
  const dir = path.join(warehouseDir, folder);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((e) => (e.isFile() && e.name.endsWith('.parquet'))
    || (e.isDirectory() && e.name.includes('=') && fs.readdirSync(path.join(dir, e.name)).some((f) => f.endsWith('.parquet'))));
}

export async function runSqlFile(connection: DuckDBConnection, file: string): Promise<void> {
  const text = fs.readFileSync(file, 'utf8');
  const extracted = await connection.extractStatements(text);
  for (let i = 0; i < extracted.count; i++) {
    try {
      const prepared = await extracted.prepare(i);
      await prepared.run();
    } catch (err) {
      throw new Error(`${path.relative(process.cwd(), file)} statement ${String(i + 1)}: ${(err as Error).message}`, { cause: err });
    }
  }
}
