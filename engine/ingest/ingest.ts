// Ingestion: read inputs, detect each file's format, parse into a batch, and commit batches atomically.
import { Batch } from './Batch.ts';
import { IngestError } from './IngestError.ts';
import { readInputs, type SourceUnit } from './readInputs.ts';
import { readAhead } from './readAhead.ts';
import type { SourceFile } from './SourceFile.ts';
import { GROUP_PARSERS, PARSERS } from './parsers/registry.ts';
import { parseInto } from './parsers/Parser.ts';
import type { Engine } from '../db/Engine.ts';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { FactRow } from './rows.ts';
import { openStagingConnection } from '../warehouse/openStagingConnection.ts';
import { FactColumns } from '../warehouse/FactColumns.ts';
import { splitHeldFacts, splitHeldParts } from '../warehouse/commitFacts.ts';
import type { FactColumnsPart } from '../warehouse/FactColumns.ts';
import { ParsePool } from './ParsePool.ts';
import { parseAhead, type ReadyUnit } from './parseAhead.ts';
import type { WorkerFault } from './parseMessages.ts';
import fs from 'node:fs';
import os from 'node:os';
import { facts } from '../warehouse/datasets.ts';
import { timed, type OnStage } from './IngestStages.ts';
import { acquireWriterLock, appendRows, clearStaging, commitBatch, recoverStaging, stageStreamed, streamedRows, type Manifest, type StagedCounts } from '../warehouse/commitBatch.ts';

export interface IngestProgress {
  /** Called after each input unit with disk bytes consumed so far. */
  onUnit?(name: string, diskBytes: number): void;
}

export interface IngestReport {
  manifests: Manifest[];
  parsed: { name: string; kind: string }[];
  skipped: { name: string; reason: string }[];
  rows: Record<string, number>;
}

export class IngestFailed extends Error {
  constructor(readonly errors: IngestError[]) {
    super(`ingest rejected, warehouse unchanged by this batch:\n${errors.map((e) => `  ${e.message}`).join('\n')}`);
    this.name = 'IngestFailed';
  }
}

const MAX_NESTING = 4;

/** Parse one file (and the documents it contains) into the batch; returns the kinds recognised. */
export function parseFile(file: SourceFile, batch: Batch, depth = 0): string[] {
  const head = file.bytes.subarray(0, 4096).toString('utf8');
  const parser = PARSERS.find((p) => p.detect(file, head));
  if (!parser) return [];
  const nested = parseInto(parser, file, batch);
  const kinds = [parser.kind];
  if (depth < MAX_NESTING) for (const inner of nested) kinds.push(...parseFile(inner, batch, depth + 1));
  return kinds;
}

export interface IngestOptions extends IngestProgress {
  /**
   * Commit a batch once this many source bytes were parsed (default 256 MiB); each batch is atomic. Two batches are in
   * flight at most, so the budget bounds memory: peak RSS 706 MB at 256 MiB with the JavaScript facts writer, 1.78 GB
   * with the DuckDB one (975 MB at 64 MiB), on a 538 MB bulk zip.
   */
  batchBytes?: number;
  /** Test hook forwarded to commitBatch. */
  beforeJournal?: () => void;
  /**
   * Runs after the last batch committed, still holding the writer lock, when the ingest added rows: derived datasets
   * (the materialized periods) are refreshed here so two writers never rebuild them at once.
   */
  afterCommit?: (engine: Engine, report: IngestReport) => Promise<void>;
  /**
   * Rows of streamed datasets (facts) held as row objects before they are moved into DuckDB's staging tables, or into
   * the batch's typed fact columns with the JavaScript facts writer (default 100,000): JavaScript then holds at most
   * this many row objects plus one document's, whatever the batch size.
   */
  stageRows?: number;
  /** Told the elapsed time of each stage (read, parse, stage, write, commit) as it ends. */
  onStage?: OnStage;
  /**
   * Who writes the facts Parquet (default FILINGS_FACTS_WRITER, else 'js'): 'js' holds a batch's facts as typed columns
   * and writes those of companies new to the warehouse from JavaScript (held companies still go through DuckDB);
   * 'duckdb' stages every fact into DuckDB and writes them with COPY (new_facts()), as before.
   */
  factsWriter?: FactsWriter;
  /**
   * Worker threads that inflate zip members and parse companyfacts documents into typed fact columns while the main
   * thread stages, writes and commits (default FILINGS_PARSE_WORKERS, else 2 on 2 cores or more; 0 parses on the main
   * thread). Used with the JavaScript facts writer only, and only when the inputs hold parseWorkersFrom bytes on disk.
   */
  parseWorkers?: number;
  /** Smallest input (bytes on disk) worth a worker's start-up (default 8 MiB; tests set 0). */
  parseWorkersFrom?: number;
  /** Test hook: a parse worker dies when it meets this member. */
  parseWorkerFault?: WorkerFault;
}

export type FactsWriter = 'js' | 'duckdb';

/** The facts writer FILINGS_FACTS_WRITER names (the benches and tests compare both paths with it). */
export function defaultFactsWriter(env: NodeJS.ProcessEnv = process.env): FactsWriter {
  const named = env['FILINGS_FACTS_WRITER'];
  if (named === undefined || named === '') return 'js';
  if (named !== 'js' && named !== 'duckdb') throw new Error(`FILINGS_FACTS_WRITER must be js or duckdb, not ${JSON.stringify(named)}`);
  return named;
}

/**
 * The parse workers FILINGS_PARSE_WORKERS names (0 turns them off); by default 2 where there are at least 2 cores (64
 * synthetic filers, load 20: 2 workers 13.5 s wall against 18.8 s for 1 and 21.9 s for none, CPU within the noise).
 */
export function defaultParseWorkers(env: NodeJS.ProcessEnv = process.env): number {
  const named = env['FILINGS_PARSE_WORKERS'];
  if (named === undefined || named === '') return os.availableParallelism() > 1 ? 2 : 0;
  if (!/^\d+$/.test(named) || Number(named) > 8) throw new Error(`FILINGS_PARSE_WORKERS must be a whole number 0..8, not ${JSON.stringify(named)}`);
  return Number(named);
}

/** Bytes on disk of the inputs (a missing path counts 0: the reader reports it). */
function diskBytesOf(paths: readonly string[], enough: number): number {
  let total = 0;
  const walk = (p: string): void => {
    if (total >= enough) return;
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) for (const e of fs.readdirSync(p)) walk(`${p}/${e}`);
    else total += st.size;
  };
  for (const p of paths) walk(p);
  return total;
}

export async function ingestPaths(engine: Engine, paths: string[], options: IngestOptions = {}): Promise<IngestReport> {
  const release = acquireWriterLock(engine.warehouseDir);
  // The previous batch's write and commit, running in DuckDB's threads while this thread reads, parses and stages the
  // next batch into the other writer connection (each connection has its own staging tables): at most two batches are
  // in flight, and a batch's write starts only once the previous one committed, so its dedupe sees those rows and the
  // journals land in order, as when batches ran one after the other.
  const flight: { writing: Promise<void> | null; failure: { error: unknown } | null; second: DuckDBConnection | null } = {
    writing: null, failure: null, second: null,
  };
  let pool: ParsePool | null = null;
  try {
    recoverStaging(engine.warehouseDir);
    const report: IngestReport = { manifests: [], parsed: [], skipped: [], rows: {} };
    const limit = options.batchBytes ?? 256 * 1024 * 1024;
    let batch = new Batch();
    let batchInputs: string[] = [];
    let batchBytes = 0;
    let staged: StagedCounts | null = null;
    const stageLimit = options.stageRows ?? 100_000;
    let consumed = 0;
    const errors: IngestError[] = [];
    const explicit = new Set(paths);
    let connection = engine.writerConnection;
    const factsInColumns = (options.factsWriter ?? defaultFactsWriter()) === 'js';
    let factColumns = factsInColumns ? new FactColumns() : null;
    // parsed by the workers, waiting (as the row objects do) to be judged held or new and moved into factColumns
    let parts: FactColumnsPart[] = [];
    let partRows = 0;
    const workers = factsInColumns ? options.parseWorkers ?? defaultParseWorkers() : 0;
    const from = options.parseWorkersFrom ?? 8 * 1024 * 1024;
    if (workers > 0 && diskBytesOf(paths, from) >= from) pool = new ParsePool(workers, options.parseWorkerFault ?? null);

    const landed = async () => {
      const pending = flight.writing;
      flight.writing = null;
      if (pending) await pending;
      if (flight.failure) throw flight.failure.error;
    };

    const flush = async (last: boolean) => {
      if (errors.length > 0) {
        await landed();
        throw new IngestFailed(errors);
      }
      // the batch's last facts are routed like the earlier ones (held companies' rows straight to the staging table)
      if (factColumns && (batch.facts.length > 0 || parts.length > 0)) await timed(options.onStage, 'stage', stageEarly);
      if (batch.size > 0 || staged || (factColumns?.rows ?? 0) > 0) {
        await landed();
        const manifest = commitBatch(engine, batch, {
          ...(staged ? { staged } : {}),
          ...(factColumns ? { factColumns } : {}),
          inputs: batchInputs,
          connection,
          ...(options.beforeJournal ? { beforeJournal: options.beforeJournal } : {}),
          ...(options.onStage ? { onStage: options.onStage } : {}),
        });
        flight.writing = manifest.then((m) => {
          report.manifests.push(m);
          for (const [k, v] of Object.entries(m.rows)) report.rows[k] = (report.rows[k] ?? 0) + v;
        }, (error: unknown) => {
          flight.failure = { error };
        });
        if (!last) {
          flight.second ??= await openStagingConnection(engine);
          connection = connection === engine.writerConnection ? flight.second : engine.writerConnection;
        }
      }
      batch = new Batch();
      batchInputs = [];
      batchBytes = 0;
      staged = null;
      factColumns = factsInColumns ? new FactColumns() : null;
      parts = [];
      partRows = 0;
    };

    const stageHeld = async (held: readonly FactRow[]) => {
      if (held.length === 0) return;
      if (!staged) {
        await clearStaging(connection);
        staged = {};
      }
      await appendRows(connection, facts, held);
      staged[facts.name] = (staged[facts.name] ?? 0) + held.length;
    };

    const stageEarly = async () => {
      if (factColumns) {
        // facts of companies the warehouse holds are staged now, as before; the others wait as typed columns
        if (parts.length > 0) {
          await stageHeld(await splitHeldParts(connection, parts, factColumns));
          parts = [];
          partRows = 0;
        }
        await stageHeld(await splitHeldFacts(connection, batch.facts, factColumns));
        batch.facts.length = 0;
        if (streamedRows(batch) === 0) return;
      }
      if (!staged) {
        await clearStaging(connection);
        staged = {};
      }
      await stageStreamed(connection, batch, staged);
    };

    let readStarted = performance.now();
    const units: AsyncIterable<ReadyUnit> = pool
      ? parseAhead(readInputs(paths, { rawMembers: true }), pool, { bytes: AHEAD_BYTES, units: AHEAD_UNITS })
      : mainThreadUnits(readAhead(readInputs(paths)));
    for await (const ready of units) {
      const parseStarted = performance.now();
      options.onStage?.('read', parseStarted - readStarted);
      const name = ready.kind === 'unit' ? unitName(ready.unit) : ready.name;
      const size = ready.kind === 'unit' ? unitSize(ready.unit) : ready.size;
      try {
        if (ready.kind === 'invalid') throw ready.error;
        let kinds: string[];
        if (ready.kind === 'parsed') {
          // a worker parsed it: its facts wait as columns, its other rows join the batch as a parser's would
          parts.push(ready.part);
          partRows += ready.part.length + ready.part.irregular.length;
          const lists = batch as unknown as Record<string, unknown[]>;
          for (const [dataset, rows] of Object.entries(ready.rows)) for (const row of rows) lists[dataset]?.push(row);
          kinds = [ready.parser];
        } else {
          const { unit } = ready;
          kinds = unit.kind === 'file' ? parseFile(unit.file, batch) : parseGroup(unit, batch);
        }
        options.onStage?.('parse', performance.now() - parseStarted);
        if (kinds.length === 0) {
          if (explicit.has(name)) throw new IngestError(name, 'unrecognised format (not companyfacts, submissions, tickers, XBRL, inline XBRL, SGML or an FS data set)');
          report.skipped.push({ name, reason: 'unrecognised format' });
        } else {
          report.parsed.push({ name, kind: kinds.join('+') });
          batchInputs.push(name);
        }
      } catch (err) {
        errors.push(err instanceof IngestError ? err : new IngestError(name, (err as Error).message, { cause: err }));
      }
      consumed += ready.diskBytes;
      batchBytes += size;
      options.onUnit?.(name, consumed);
      // a failed write ends the ingest now, not after parsing the rest of the input
      if (flight.failure) break;
      if (batchBytes >= limit) await flush(false);
      // a batch already rejected is not staged further: its rows are thrown away at flush
      else if (errors.length === 0 && streamedRows(batch) + partRows >= stageLimit) await timed(options.onStage, 'stage', stageEarly);
      readStarted = performance.now();
    }
    await landed();
    await flush(true);
    await landed();
    const added = Object.values(report.rows).some((n) => n > 0);
    if (added && options.afterCommit) await options.afterCommit(engine, report);
    return report;
  } finally {
    // nothing may still write into the warehouse once the lock is released
    await flight.writing?.catch(() => undefined);
    await pool?.close();
    flight.second?.closeSync();
    release();
  }
}

/** Documents read ahead of the main thread by the parse workers: at most this much source, and this many documents. */
const AHEAD_BYTES = 64 * 1024 * 1024;
const AHEAD_UNITS = 256;

type MainUnit = Exclude<SourceUnit, { kind: 'raw' }>;

async function* mainThreadUnits(source: AsyncIterable<SourceUnit & { diskBytes: number }>): AsyncGenerator<ReadyUnit> {
  for await (const unit of source) {
    if (unit.kind === 'raw') throw new Error('a raw zip member reached the main-thread parser');
    const { diskBytes, ...rest } = unit;
    yield { kind: 'unit', unit: rest, diskBytes };
  }
}

function unitName(unit: MainUnit): string {
  return unit.kind === 'file' ? unit.file.name : unit.group.name;
}

function unitSize(unit: MainUnit): number {
  return unit.kind === 'file' ? unit.file.bytes.length : [...unit.group.files.values()].reduce((s, f) => s + f.bytes.length, 0);
}

function parseGroup(unit: Extract<MainUnit, { kind: 'group' }>, batch: Batch): string[] {
  const parser = GROUP_PARSERS.find((p) => p.detect(unit.group));
  if (!parser) return [];
  parser.parse(unit.group, batch);
  return [parser.kind];
}
