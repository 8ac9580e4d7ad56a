// Writes one ingest batch atomically: rows are staged in DuckDB, written as Parquet into _staging/<batch>,
// then a COMMIT journal is written and the files are moved into place. A crash before the journal leaves the
// warehouse as it was (the staging folder is discarded); a crash after it is rolled forward by the next writer.
import { defined } from '../query/defined.ts';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBDataChunk, DuckDBTypeId, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import type { Engine } from '../db/Engine.ts';
import { DATASETS, type DatasetRows, type DatasetSpec } from './datasets.ts';
import type { StageType } from './DatasetDescriptor.ts';
import { quoteIdentifier } from '../db/quote.ts';
import { timed, type OnStage } from '../ingest/IngestStages.ts';
import { ColumnBuffers, ColumnValueError, fillChunkColumn, RAW_COLUMNS, shown } from './fillChunkColumn.ts';
import { copyNewRows } from './copyNewRows.ts';
import { commitFacts } from './commitFacts.ts';
import { newBatchId } from './manifests.ts';
import type { FactColumns } from './FactColumns.ts';
import type { FactRow } from '../ingest/rows.ts';

export interface Manifest {
  batchId: string;
  committedAt: string;
  inputs: string[];
  rows: Record<string, number>;
  files: string[];
}

interface Journal {
  batchId: string;
  moves: { from: string; to: string }[];
  manifest: Manifest;
}

const CHUNK = 2048;

function toDuck(value: unknown, type: DuckDBType, row: number): DuckDBValue {
  if (value === null) return null;
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR:
      return typeof value === 'string' ? value : JSON.stringify(value);
    case DuckDBTypeId.BIGINT:
      return BigInt(Math.trunc(Number(value)));
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.DOUBLE: {
      const n = Number(value);
      if (!Number.isFinite(n)) throw new ColumnValueError(row, `${shown(value)} is not a finite number`);
      return n;
    }
    case DuckDBTypeId.BOOLEAN:
      return Boolean(value);
    default:
      throw new Error(`staging column type ${type.toString()} is not supported`);
  }
}

/** The staging type DuckDB reports for a descriptor's column type (JSON is staged as text). */
function stagedAs(type: StageType): string {
  return type === 'JSON' ? 'VARCHAR' : type;
}

/**
 * The staging table must have the descriptor's columns, in order, with its types; a mismatch means a dataset's SQL and
 * descriptor disagree, and loading anyway would shift or drop values.
 */
export async function checkStagingTable(c: DuckDBConnection, dataset: DatasetSpec): Promise<DuckDBType[]> {
  const table = `stage_${dataset.name}`;
  const probe = await c.run(`SELECT * FROM ${quoteIdentifier(table)} LIMIT 0`);
  const actual = probe.columnNames().map((name, i) => `${name} ${defined(probe.columnTypes()[i], 'probe.columnTypes()[i]').toString()}`);
  const expected = dataset.fields.map((field, i) => `${defined(dataset.columnNames[i], 'dataset.columnNames[i]')} ${stagedAs(defined((dataset.columns as Record<string, StageType>)[field], '(dataset.columns as Record<string, StageType>)[field]'))}`);
  if (actual.join(', ') !== expected.join(', ')) {
    throw new Error(`${table} does not match the ${dataset.name} descriptor:\n  table:      ${actual.join(', ')}\n  descriptor: ${expected.join(', ')}`);
  }
  return probe.columnTypes();
}

function missingField(dataset: DatasetSpec, index: number, field: string): Error {
  return new Error(`${dataset.name} row ${String(index)}: field "${field}" is missing (use null for an absent value)`);
}

/**
 * Keys a row carries that the descriptor does not know (a misspelt field whose correct name is also present, or a
 * field added outside the row type): checked on the first row of each chunk, since rows of one parser share a shape
 * and a per-row Object.keys costs more than the append itself.
 */
function checkUnknownFields(dataset: DatasetSpec, row: object, index: number): void {
  const keys = Object.keys(row);
  if (keys.length === dataset.fields.length && keys.every((k) => k in dataset.columns)) return;
  const unknown = keys.filter((k) => !(k in dataset.columns));
  if (unknown.length > 0) {
    throw new Error(`${dataset.name} row ${String(index)}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} (not in the ${dataset.name} descriptor)`);
  }
}

/**
 * Append plain row objects into the dataset's staging table, column by column, a data chunk at a time. A field that is
 * missing (undefined) or unknown fails the batch, naming dataset, row and field, instead of loading NULL.
 */
export async function appendRows(c: DuckDBConnection, dataset: DatasetSpec, rows: readonly object[]): Promise<void> {
  if (rows.length === 0) return;
  const types = await checkStagingTable(c, dataset);
  const table = `stage_${dataset.name}`;
  const fields = dataset.fields;
  const appender = await c.createAppender(table, 'main', 'temp');
  const buffers = RAW_COLUMNS ? types.map((type) => new ColumnBuffers(type, CHUNK)) : [];
  try {
    for (let start = 0; start < rows.length; start += CHUNK) {
      const slice = rows.slice(start, start + CHUNK) as Record<string, unknown>[];
      checkUnknownFields(dataset, defined(slice[0], 'slice[0]'), start);
      const chunk = DuckDBDataChunk.create(types, slice.length);
      for (let col = 0; col < fields.length; col++) {
        const field = defined(fields[col], 'fields[col]');
        const type = defined(types[col], 'types[col]');
        const valueAt = (r: number): unknown => {
          const value = defined(slice[r], 'slice[r]')[field];
          if (value === undefined) throw missingField(dataset, start + r, field);
          return value;
        };
        try {
          if (RAW_COLUMNS) fillChunkColumn(chunk, col, slice.length, defined(buffers[col], 'buffers[col]'), valueAt);
          else chunk.setColumnValues(col, slice.map((_, r) => toDuck(valueAt(r), type, r)));
        } catch (err) {
          if (!(err instanceof ColumnValueError)) throw err;
          throw new Error(`${dataset.name} row ${String(start + err.row)}: field "${field}": ${err.message}`, { cause: err });
        }
      }
      appender.appendDataChunk(chunk);
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}

function lockPath(warehouseDir: string): string {
  return path.join(warehouseDir, '_staging', '.lock');
}

/** Only ESRCH proves the holder is gone: EPERM means a live process we may not signal (another user's writer). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * An exclusive lock file holding this process's pid; a lock left by a dead process is taken over, one held by a live
 * process throws `busy(holder)`. Returns the release.
 */
export function acquirePidLock(file: string, busy: (holder: number) => string): () => void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => { fs.rmSync(file, { force: true }); };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(file, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && pidAlive(holder)) {
        throw new Error(busy(holder), { cause: err });
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock ${file}`);
}

/** One writer at a time: an exclusive lock file holding the writer's pid; a dead writer's lock is taken over. */
export function acquireWriterLock(warehouseDir: string): () => void {
  return acquirePidLock(lockPath(warehouseDir), (holder) => `another ingest (pid ${String(holder)}) is writing to ${warehouseDir}`);
}

/** Finish or discard whatever a previous writer left in _staging. Call with the writer lock held. */
export function recoverStaging(warehouseDir: string): { rolledForward: string[]; discarded: string[] } {
  const staging = path.join(warehouseDir, '_staging');
  const rolledForward: string[] = [];
  const discarded: string[] = [];
  if (!fs.existsSync(staging)) return { rolledForward, discarded };
  for (const entry of fs.readdirSync(staging, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const dir = path.join(staging, entry.name);
    const journalFile = path.join(dir, 'COMMIT.json');
    if (fs.existsSync(journalFile)) {
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
      applyJournal(warehouseDir, journal);
      rolledForward.push(journal.batchId);
    } else {
      discarded.push(entry.name);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return { rolledForward, discarded };
}

function applyJournal(warehouseDir: string, journal: Journal): void {
  for (const move of journal.moves) {
    const from = path.join(warehouseDir, move.from);
    const to = path.join(warehouseDir, move.to);
    if (fs.existsSync(from)) {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(from, to);
    }
  }
  const manifestFile = path.join(warehouseDir, '_manifest', `${journal.batchId}.json`);
  const tmp = `${manifestFile}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(journal.manifest, null, 2));
  fs.renameSync(tmp, manifestFile);
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.parquet'))
    .map((e) => path.join(e.parentPath, e.name));
}

export interface CommitOptions {
  inputs: string[];
  /** Test hook: called after staging files are written and before the journal; throwing simulates a crash. */
  beforeJournal?: () => void;
  /** Told the elapsed time of each stage (stage, write, commit) as it ends. */
  onStage?: OnStage;
  /**
   * Rows of this batch already appended to the staging tables by stageStreamed (per dataset): the tables are then
   * kept, not emptied, and committed with the rows given here.
   */
  staged?: StagedCounts;
  /** The writer connection whose staging tables hold the batch (default: the engine's writer connection). */
  connection?: DuckDBConnection;
  /**
   * The batch's facts held as columns (with any rows still in the batch's facts list): each company's facts are then
   * written by commitFacts, from JavaScript for companies new to the warehouse.
   */
  factColumns?: FactColumns;
}

/** Rows of the batch being built that sit in the staging tables already, per dataset name. */
export type StagedCounts = Record<string, number>;

/**
 * Empties one staging table by replacing it with an empty copy of itself (same columns and types). DELETE would keep
 * the memory: DuckDB frees a temp table's deleted rows only at a checkpoint, which an in-memory database never runs,
 * so every batch's rows stayed resident and the ingest's memory grew with its whole input (measured: six deletes of
 * 1M staged rows, 100 -> 600 MB held by DuckDB; replaced, 0 MB after each).
 */
export async function emptyStagingTable(c: DuckDBConnection, dataset: DatasetSpec): Promise<void> {
  const table = quoteIdentifier(`stage_${dataset.name}`);
  await c.run(`CREATE OR REPLACE TEMP TABLE ${table} AS FROM ${table} LIMIT 0`);
}

/** Empties every staging table: a new batch starts from nothing, whatever a failed one left. */
export async function clearStaging(c: DuckDBConnection): Promise<void> {
  for (const spec of DATASETS) await emptyStagingTable(c, spec);
}

/** Rows of streamed datasets the batch holds in memory. */
export function streamedRows(rows: Partial<DatasetRows>): number {
  let n = 0;
  for (const spec of DATASETS) if (spec.streamed === true) n += (rows as Record<string, object[] | undefined>)[spec.name]?.length ?? 0;
  return n;
}

/**
 * Moves the rows of streamed datasets from the batch into their staging tables and empties those lists, so a batch's
 * row objects never pile up in memory; counts what was moved into staged. The first call of a batch must find the
 * staging tables empty (clearStaging).
 */
export async function stageStreamed(c: DuckDBConnection, rows: Partial<DatasetRows>, staged: StagedCounts): Promise<void> {
  for (const spec of DATASETS) {
    if (spec.streamed !== true) continue;
    const list = (rows as Record<string, object[] | undefined>)[spec.name];
    if (!list || list.length === 0) continue;
    await appendRows(c, spec, list);
    staged[spec.name] = (staged[spec.name] ?? 0) + list.length;
    list.length = 0;
  }
}

/**
 * Stage, dedupe against the warehouse and commit one batch. Returns the manifest (rows counts only the new rows);
 * a batch whose rows are all present already commits nothing and returns counts of zero.
 */
export async function commitBatch(engine: Engine, rows: Partial<DatasetRows>, options: CommitOptions): Promise<Manifest> {
  const warehouseDir = engine.warehouseDir;
  const batchId = newBatchId(warehouseDir);
  const stagingDir = path.join(warehouseDir, '_staging', batchId);
  const c = options.connection ?? engine.writerConnection;
  const counts: Record<string, number> = {};
  fs.mkdirSync(stagingDir, { recursive: true });
  try {
    for (const spec of DATASETS) {
      if (!options.staged) await emptyStagingTable(c, spec);
      const list = (rows as Record<string, object[] | undefined>)[spec.name] ?? [];
      if (spec.name === 'facts' && options.factColumns) {
        const columns = options.factColumns;
        await timed(options.onStage, 'stage', () => { columns.push(list as FactRow[]); return Promise.resolve(); });
        list.length = 0;
        const stagedRows = options.staged?.[spec.name] ?? 0;
        counts[spec.name] = columns.rows === 0 && stagedRows === 0 ? 0 : await commitFacts(c, columns, stagedRows, stagingDir, batchId, options.onStage);
        await emptyStagingTable(c, spec);
        continue;
      }
      if (list.length === 0 && (options.staged?.[spec.name] ?? 0) === 0) {
        counts[spec.name] = 0;
        continue;
      }
      await timed(options.onStage, 'stage', () => appendRows(c, spec, list));
      counts[spec.name] = await timed(options.onStage, 'write', () => copyNewRows(c, spec, stagingDir, batchId));
      await emptyStagingTable(c, spec);
    }
    options.beforeJournal?.();
    const commitStarted = performance.now();
    const moves = listFiles(stagingDir).map((file) => {
      const rel = path.relative(stagingDir, file);
      return { from: path.relative(warehouseDir, file), to: rel };
    });
    const manifest: Manifest = {
      batchId,
      committedAt: new Date().toISOString(),
      inputs: options.inputs,
      rows: counts,
      files: moves.map((m) => m.to),
    };
    if (moves.length === 0) {
      fs.rmSync(stagingDir, { recursive: true, force: true });
      options.onStage?.('commit', performance.now() - commitStarted);
      return manifest;
    }
    const journal: Journal = { batchId, moves, manifest };
    const journalFile = path.join(stagingDir, 'COMMIT.json');
    const fd = fs.openSync(`${journalFile}.tmp`, 'w');
    fs.writeSync(fd, JSON.stringify(journal));
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(`${journalFile}.tmp`, journalFile);
    applyJournal(warehouseDir, journal);
    fs.rmSync(stagingDir, { recursive: true, force: true });
    options.onStage?.('commit', performance.now() - commitStarted);
    return manifest;
  } catch (err) {
    if (!fs.existsSync(path.join(stagingDir, 'COMMIT.json'))) fs.rmSync(stagingDir, { recursive: true, force: true });
    throw err;
  }
}

