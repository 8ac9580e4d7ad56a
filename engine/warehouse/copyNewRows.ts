// Writes a dataset's new_<name>() (the staged rows typed, deduplicated against the warehouse and sorted) as zstd Parquet
// into a batch's staging folder through DuckDB's COPY, one file per bucket for partitioned datasets.
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { defined } from '../query/defined.ts';
import { quoteIdentifier, quotePath } from '../db/quote.ts';
import type { DatasetSpec } from './datasets.ts';

/** Returns the rows written; a dataset with none new leaves no folder (a batch commits no empty file). */
export async function copyNewRows(c: DuckDBConnection, spec: DatasetSpec, stagingDir: string, batchId: string): Promise<number> {
  const fresh = quoteIdentifier(`new_${spec.name}`);
  const out = path.join(stagingDir, spec.name);
  fs.mkdirSync(out, { recursive: true });
  const copyOptions = spec.partitioned
    ? `FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 16384, PARTITION_BY (bucket), FILENAME_PATTERN 'part-${batchId}-{i}'`
    : `FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 16384`;
  const target = spec.partitioned ? out : path.join(out, `part-${batchId}.parquet`);
  // new_<name>() streams straight into COPY, whose result is the row count: materializing it in a temp table first
  // wrote every row once more (measured on the four fixture companyfacts files: 2.2-3.6 s -> 1.6-2.7 s)
  const copied = await c.runAndReadAll(`COPY (SELECT * FROM ${fresh}()) TO ${quotePath(target)} (${copyOptions})`);
  const n = Number(defined(copied.getRows()[0], 'COPY row count')[0]);
  if (n === 0) fs.rmSync(out, { recursive: true, force: true });
  return n;
}
