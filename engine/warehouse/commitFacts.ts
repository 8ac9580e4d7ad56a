// The facts step of a batch's commit when the batch's facts were held as FactColumns: each company decides its path.
// A company the warehouse holds facts of (or with a row only DuckDB may type) goes through today's path: its rows are
// appended to stage_facts and written by COPY (new_facts()), deduplicated against what is held. Every other company
// (the whole of a first load of the bulk companyfacts.zip) is written from JavaScript by writeFactsParquet.
import path from 'node:path';
import fs from 'node:fs';
import { INTEGER, LIST, listValue, type DuckDBConnection } from '@duckdb/node-api';
import { CIK_BUCKETS } from '../db/cikBuckets.ts';
import { timed, type OnStage } from '../ingest/IngestStages.ts';
import type { FactRow } from '../ingest/rows.ts';
import { appendRows } from './commitBatch.ts';
import { copyNewRows } from './copyNewRows.ts';
import { facts } from './datasets.ts';
import type { FactColumns } from './FactColumns.ts';
import { writeFactsParquet } from './writeFactsParquet.ts';

/** The companies among ciks whose facts the warehouse holds already (held_fact_ciks in sql/warehouse). */
export async function heldFactCiks(c: DuckDBConnection, ciks: readonly number[]): Promise<Set<number>> {
  if (ciks.length === 0) return new Set();
  const buckets = [...new Set(ciks.map((cik) => cik % CIK_BUCKETS))];
  const result = await c.runAndReadAll('SELECT cik FROM held_fact_ciks($ciks, $buckets)', {
    ciks: listValue([...ciks]), buckets: listValue(buckets),
  }, { ciks: LIST(INTEGER), buckets: LIST(INTEGER) });
  return new Set(result.getRows().map((r) => Number(r[0])));
}

/**
 * Writes the batch's facts into stagingDir/facts; returns the rows written. The staging table must be empty (a batch
 * whose facts are held as columns stages none early).
 */
export async function commitFacts(c: DuckDBConnection, columns: FactColumns, stagingDir: string, batchId: string, onStage?: OnStage): Promise<number> {
  const ciks = columns.ciks();
  const viaDuckDb = await heldFactCiks(c, [...ciks]);
  for (const cik of columns.irregularCiks) viaDuckDb.add(cik);
  let written = 0;
  if (viaDuckDb.size > 0) {
    const rows: FactRow[] = [...columns.irregular];
    for (let i = 0; i < columns.length; i++) if (viaDuckDb.has(columns.cik[i] ?? 0)) rows.push(columns.rowAt(i));
    await timed(onStage, 'stage', () => appendRows(c, facts, rows));
    written += await timed(onStage, 'write', () => copyNewRows(c, facts, stagingDir, batchId));
  }
  if (viaDuckDb.size < ciks.size) {
    written += await timed(onStage, 'write', () => Promise.resolve(
      writeFactsParquet(columns, (cik) => !viaDuckDb.has(cik), path.join(stagingDir, facts.name), batchId),
    ));
  }
  if (written === 0) fs.rmSync(path.join(stagingDir, facts.name), { recursive: true, force: true });
  return written;
}
