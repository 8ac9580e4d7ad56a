// Rewrites a staged batch's facts files once more with DISTINCT, for the rare batch in which one company's facts were
// staged by two ingest workers (each deduplicates only its own rows).
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { quotePath } from '../db/quote.ts';
import { parquetCopyOptions } from './commitBatch.ts';

/** Replaces stagingDir/facts by its distinct rows; returns how many there are. */
export async function dedupeStagedFacts(c: DuckDBConnection, stagingDir: string, batchId: string): Promise<number> {
  const dir = path.join(stagingDir, 'facts');
  const out = path.join(stagingDir, '.facts-distinct');
  const files = path.join(dir, '*', '*.parquet');
  const copied = await c.runAndReadAll(
    `COPY (SELECT * FROM staged_facts_distinct(${quotePath(files)})) TO ${quotePath(out)} (${parquetCopyOptions(true, `part-${batchId}-d`)})`,
  );
  const rows = Number(copied.getRows()[0]?.[0] ?? 0);
  fs.rmSync(dir, { recursive: true, force: true });
  if (fs.existsSync(out)) fs.renameSync(out, dir);
  return rows;
}
