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
import { FactColumns, type FactColumnsPart } from './FactColumns.ts';
import { writeFactsParquet } from './writeFactsParquet.ts';

/** The companies among ciks whose facts the warehouse holds already (held_fact_ciks in sql/warehouse). */
export async function heldFactCiks(c: DuckDBConnection, candidates: readonly number[]): Promise<Set<number>> {
  // a cik no INTEGER holds is no company's (its rows are irregular and go through DuckDB, which rejects them)
  const ciks = candidates.filter((k) => Number.isInteger(k) && k > 0 && k <= 2147483647);
  if (ciks.length === 0) return new Set();
  const buckets = [...new Set(ciks.map((cik) => cik % CIK_BUCKETS))];
  const result = await c.runAndReadAll('SELECT cik FROM held_fact_ciks($ciks, $buckets)', {
    ciks: listValue([...ciks]), buckets: listValue(buckets),
  }, { ciks: LIST(INTEGER), buckets: LIST(INTEGER) });
  return new Set(result.getRows().map((r) => Number(r[0])));
}

/**
 * Moves rows out of a batch's list: those of companies the warehouse holds (looked up once per company and batch) are
 * returned, to be staged into stage_facts at once as before; the rest go into the columns. A re-ingest of companies
 * already held (a monthly bulk zip) thus pays for no columns (measured: 64 held filers 3.0 s CPU through the staging
 * table alone, 4.5-5.9 s when their rows went through the columns first).
 */
export async function splitHeldFacts(c: DuckDBConnection, rows: readonly FactRow[], columns: FactColumns): Promise<FactRow[]> {
  const unseen = new Set<number>();
  let last = Number.NaN;
  for (const r of rows) {
    if (r.cik === last) continue;
    last = r.cik;
    if (!columns.judged.has(r.cik)) unseen.add(r.cik);
  }
  if (unseen.size > 0) {
    const held = await heldFactCiks(c, [...unseen]);
    for (const k of unseen) {
      columns.judged.add(k);
      if (held.has(k)) columns.heldEarly.add(k);
    }
  }
  if (columns.heldEarly.size === 0) {
    columns.push(rows);
    return [];
  }
  const held: FactRow[] = [];
  const fresh: FactRow[] = [];
  for (const r of rows) (columns.heldEarly.has(r.cik) ? held : fresh).push(r);
  columns.push(fresh);
  return held;
}

/**
 * splitHeldFacts for the parts the parse workers made (one per document): the companies not judged yet in this batch
 * are looked up at once, the held ones' rows returned as objects for stage_facts, the rest moved into the columns.
 */
export async function splitHeldParts(c: DuckDBConnection, parts: readonly FactColumnsPart[], columns: FactColumns): Promise<FactRow[]> {
  const ciks = parts.map((p) => FactColumns.ciksOf(p));
  const unseen = new Set<number>();
  for (const set of ciks) for (const k of set) if (!columns.judged.has(k)) unseen.add(k);
  if (unseen.size > 0) {
    const held = await heldFactCiks(c, [...unseen]);
    for (const k of unseen) {
      columns.judged.add(k);
      if (held.has(k)) columns.heldEarly.add(k);
    }
  }
  const out: FactRow[] = [];
  parts.forEach((part, i) => {
    const held = new Set([...(ciks[i] ?? [])].filter((k) => columns.heldEarly.has(k)));
    for (const row of columns.absorb(part, held)) out.push(row);
  });
  return out;
}

/**
 * Writes the batch's facts into stagingDir/facts; returns the rows written. stage_facts holds the stagedRows of held
 * companies splitHeldFacts moved there; the companies of the columns are looked up again, since the batch committed
 * just before this one (written while this one was parsed) may have brought them into the warehouse.
 */
export async function commitFacts(c: DuckDBConnection, columns: FactColumns, stagedRows: number, stagingDir: string, batchId: string, onStage?: OnStage): Promise<number> {
  const ciks = columns.ciks();
  const viaDuckDb = await heldFactCiks(c, [...ciks]);
  for (const cik of columns.irregularCiks) viaDuckDb.add(cik);
  let written = 0;
  if (viaDuckDb.size > 0 || stagedRows > 0) {
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
