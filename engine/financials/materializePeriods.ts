// Computes the period pipeline for every company in bulk, one cik bucket at a time, and writes the results as the
// `periods` dataset (as-reported period rows) and the `statements` dataset (standardized statement lines,
// standard_values), one Parquet file per bucket each, sorted by cik, so that reads of "now" are lookups. Called after
// an ingest commit. The new generation is built aside and renamed over the live files; `periods/_state.json` records
// which ingest manifests both reflect, so a reader can tell a stale materialization and compute on the fly instead. The
// state is removed before the first live file is replaced: a refresh killed or failing mid-swap leaves no state, so the
// stored results read as stale (and the next ingest or `--refresh-periods` rebuilds them all) instead of a mix of
// generations passing for current.
import { defined } from '../query/defined.ts';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { Engine } from '../db/Engine.ts';
import { QueryAbortedError } from '../db/QueryAbortedError.ts';
import { BIGINT, LIST, listValue, type DuckDBConnection, type DuckDBType, type DuckDBValue } from '@duckdb/node-api';
import { quotePath } from '../db/quote.ts';
import { CIK_BUCKETS as BUCKETS } from '../db/cikBuckets.ts';
import { FILINGS_OUTPUTS } from './filingsOutputs.ts';
import { manifestNames, manifestsSince } from '../warehouse/manifests.ts';

export interface PeriodsState {
  generation: string;
  builtAt: string;
  /** Ingest manifests (file names under _manifest) the generation reflects. */
  manifests: string[];
  periods: number;
}

export interface MaterializeReport extends PeriodsState {
  buckets: number;
  /** Buckets computed at once (1: one after the other on the caller's engine; more: on a refresh instance). */
  concurrency: number;
  /** Of `buckets`, those where only the companies an ingest changed were computed (the others' rows copied). */
  partialBuckets: number;
  /** The companies computed in those buckets. */
  partialCompanies: number;
  ms: number;
}

const STATE = '_state.json';

/** One materialized dataset: its folder, the file each bucket holds, and the bulk query over one bucket. */
export interface MaterializedOutput {
  readonly folder: string;
  readonly file: string;
  readonly select: string;
  /** The select names the bucket as the parameter $b (true), or reads only the bucket's values table (false). */
  readonly bindsBucket: boolean;
  /**
   * An output computed slice by slice (it reads only the values table): its rows without the order (`rows`), appended
   * for each slice of the bucket, then written in `orderBy` order; `select` is `rows ORDER BY orderBy`.
   */
  readonly slice?: { readonly rows: string; readonly orderBy: string };
}

/** An output of the values table: computed per slice of a bucket, written sorted. */
function valuesOutput(folder: string, file: string, rows: string, orderBy: string): MaterializedOutput {
  return { folder, file, bindsBucket: false, select: `${rows} ORDER BY ${orderBy}`, slice: { rows, orderBy } };
}

/**
 * The period engine's values of one bucket (derived_values), computed once per bucket into a temporary table of the
 * worker's connection before the outputs run: every output reads it instead of recomputing the whole pipeline. The
 * table is filled in place, layer by layer: the quarter and annual rows (quarter_rows: quarter_values with a row id
 * and an empty formula), then the trailing rows computed from them (ttm_of), then the derived rows from all of them (derived_of).
 * In one statement, ttm_values and derived_values each copied every row with its lineage into a CTE once more:
 * 280-company bucket, best of 2, 13.85 -> 12.70 CPU-s for the same rows.
 */
export const BUCKET_VALUES = {
  table: 'bucket_values',
  // unsorted: every output groups and sorts for itself, and sorting here moved every row's lineage list once more
  select: 'SELECT * FROM quarter_rows($b::INTEGER, NULL, NULL)',
  /** The same over the bucket's companies with $lo <= cik <= $hi (a slice; a NULL bound is open). */
  sliceSelect: 'SELECT * FROM quarter_rows($b::INTEGER, NULL, NULL, cik_lo := $lo::BIGINT, cik_hi := $hi::BIGINT)',
  /** The same over the companies $ciks of the bucket (those an ingest changed). */
  companiesSelect: 'SELECT * FROM quarter_rows($b::INTEGER, NULL, NULL, ciks := $ciks)',
  /** Run after any of the selects, in this order: the trailing rows, then the derived ones, appended in place. */
  then: [
    "INSERT INTO bucket_values BY NAME SELECT * FROM ttm_of('bucket_values')",
    "INSERT INTO bucket_values BY NAME SELECT * FROM derived_of('bucket_values')",
  ],
} as const;

/** (Re)create the connection's bucket table from one of BUCKET_VALUES' selects and complete it. */
export async function fillBucketValues(c: DuckDBConnection, select: string, params: Record<string, DuckDBValue>, types?: Record<string, DuckDBType>): Promise<void> {
  await c.run(`CREATE OR REPLACE TEMP TABLE ${BUCKET_VALUES.table} AS ${select}`, params, types);
  for (const statement of BUCKET_VALUES.then) await c.run(statement);
}

export const MATERIALIZED_OUTPUTS: readonly MaterializedOutput[] = [
  valuesOutput('periods', 'periods.parquet',
    `SELECT * EXCLUDE (series), series FROM period_rows_of('${BUCKET_VALUES.table}')`, 'cik, series, period DESC'),
  valuesOutput('statements', 'statements.parquet',
    `SELECT * FROM standard_values_of('${BUCKET_VALUES.table}')`, 'cik, series, period_end DESC, line'),
  ...FILINGS_OUTPUTS,
];

/**
 * Undimensioned facts per slice of a bucket: a bucket's companies are computed a slice at a time (each output's rows
 * appended, then written sorted), so one statement holds a bounded number of rows whatever the bucket's size. On an
 * idle 2-core box, 4 full-density buckets (280 synthetic companies, ~1.15M such facts each) two at once: peak RSS
 * 2.1-2.5 GB in slices of 200,000 against 6.3-6.7 GB whole, wall 0.81x of the sequential whole refresh (whole buckets
 * two at once 0.88x); 400,000 measured the same speed at 2.8-3.5 GB, 100,000 no faster. Every company is computed
 * with all its own facts (a slice never splits one), and nothing in the pipeline compares two companies, so the rows
 * are the same as the whole bucket's (test/periods/parallelRefresh.test.ts).
 */
export const REFRESH_SLICE_FACTS = 200_000;

/** A slice of a bucket: the companies with lo <= cik <= hi (null: open on that side). */
export interface BucketSlice { lo: number | null; hi: number | null }

/**
 * The bucket's companies cut into consecutive cik ranges of about `sliceFacts` undimensioned facts each (a company
 * larger than that is a slice of its own). The first slice is open below and the last above, so every company of the
 * bucket is in exactly one slice whatever the counts say.
 */
export async function bucketSlices(c: DuckDBConnection, b: number, sliceFacts: number): Promise<BucketSlice[]> {
  const reader = await c.runAndReadAll('SELECT cik, facts FROM bucket_company_facts($b::INTEGER)', { b });
  const starts: number[] = [];
  let held = 0;
  for (const [cik, facts] of reader.getRows()) {
    const n = Number(facts);
    if (starts.length === 0 || (held > 0 && held + n > sliceFacts)) {
      starts.push(Number(cik));
      held = 0;
    }
    held += n;
  }
  if (starts.length <= 1) return [{ lo: null, hi: null }];
  return starts.map((lo, i) => ({ lo: i === 0 ? null : lo, hi: i === starts.length - 1 ? null : defined(starts[i + 1], 'next slice') - 1 }));
}

const bucketParams = (o: MaterializedOutput, b: number) => (o.bindsBucket ? { b } : undefined);

/** Fill the connection's bucket table for bucket b (replacing the previous bucket's), or for one slice of it. */
async function prepareBucket(c: DuckDBConnection, b: number, slice?: BucketSlice): Promise<void> {
  if (slice === undefined || (slice.lo === null && slice.hi === null)) {
    await fillBucketValues(c, BUCKET_VALUES.select, { b });
  } else {
    await fillBucketValues(c, BUCKET_VALUES.sliceSelect, { b, lo: slice.lo, hi: slice.hi });
  }
}

/** The temporary table a sliced output's rows are appended to. */
const sliceTable = (o: MaterializedOutput) => `slice_rows_${o.folder}`;

/**
 * What changed in a bucket since its last generation: the warehouse files committed into its facts, filings or filing
 * documents, and the companies whose stated fiscal year end an entity file committed (entityChanges).
 */
interface BucketChanges { files: string[]; ciks: number[] }

/**
 * A bucket whose live files hold its last generation, and what changed in it since: only the companies those files
 * and entities name need computing, the others' rows are copied from the live files.
 */
interface ChangedFiles extends BucketChanges { live: (o: MaterializedOutput) => string }

/**
 * The companies of bucket b to compute when only `changed`'s files and companies are new, or null to compute the whole
 * bucket: when a file is gone (nothing to read the companies from), when none is named, or when they are more than
 * half the bucket's companies (copying the others' rows would save little).
 */
async function changedCompanies(c: DuckDBConnection, b: number, wh: string, changed: ChangedFiles): Promise<number[] | null> {
  const files = changed.files.map((f) => path.join(wh, f));
  if (!files.every((f) => fs.existsSync(f)) || !MATERIALIZED_OUTPUTS.every((o) => fs.existsSync(changed.live(o)))) return null;
  const named = files.length === 0 ? [] : (await c.runAndReadAll(
    `SELECT DISTINCT cik::BIGINT FROM read_parquet([${files.map(quotePath).join(', ')}], union_by_name = true, hive_partitioning = false)`))
    .getRows().map((r) => Number(r[0]));
  const ciks = [...new Set([...named, ...changed.ciks])].sort((x, y) => x - y);
  const all = await c.runAndReadAll('SELECT count(*)::INTEGER FROM bucket_company_facts($b::INTEGER)', { b });
  const companies = Number(all.getRows()[0]?.[0] ?? 0);
  return ciks.length === 0 || ciks.length * 2 > companies ? null : ciks;
}

/**
 * Compute bucket b's outputs into the build folder (`target(o)`): the values table once for the whole bucket, or once
 * per slice with each sliced output's rows appended to a temporary table and written sorted at the end, or (`changed`,
 * see changedCompanies) once for the changed companies, each sliced output then written in one sorted COPY of their
 * rows and every other company's rows from the live files; the outputs that bind the bucket (the filings ones) once.
 * Returns the periods rows written, and how many companies were computed when only the changed ones were (else null).
 */
async function computeBucket(c: DuckDBConnection, b: number, sliceFacts: number, target: (o: MaterializedOutput) => string,
  step: (name: string) => void, changed?: { wh: string; files: ChangedFiles }): Promise<{ periods: number; companies: number | null }> {
  let periods = 0;
  const copy = async (o: MaterializedOutput, query: string, params?: Record<string, DuckDBValue>, types?: Record<string, DuckDBType>) => {
    const reader = await c.runAndReadAll(`COPY (${query}) TO ${quotePath(target(o))} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 4096)`, params, types);
    if (o.folder === 'periods') periods += Number(reader.getRows()[0]?.[0] ?? 0);
    step(o.folder);
  };
  const sliced = MATERIALIZED_OUTPUTS.filter((o) => o.slice !== undefined);
  /**
   * Write every output: a sliced one from `rowsOf(o)` (its rows in any order), sorted by the output's order; the others
   * (the filings outputs) from their own select over the bucket.
   */
  const writeOutputs = async (rowsOf: (o: MaterializedOutput, rows: string) => string, params?: Record<string, DuckDBValue>,
    types?: Record<string, DuckDBType>) => {
    for (const o of MATERIALIZED_OUTPUTS) {
      await (o.slice === undefined ? copy(o, o.select, bucketParams(o, b))
        : copy(o, `SELECT * FROM (${rowsOf(o, o.slice.rows)}) ORDER BY ${o.slice.orderBy}`, params, types));
    }
  };
  const ciks = changed === undefined ? null : await changedCompanies(c, b, changed.wh, changed.files);
  if (ciks !== null && changed !== undefined) {
    // only the changed companies are computed; every other company's rows are the live generation's
    const list = { ciks: listValue(ciks) };
    const types = { ciks: LIST(BIGINT) };
    await fillBucketValues(c, BUCKET_VALUES.companiesSelect, { b, ...list }, types);
    step('values');
    // one sorted COPY of the changed companies' rows and the others' live ones (positionally, as the live file was
    // written from the same select), no table between: statements 0.73-0.97 CPU-s against 1.04-1.18 through a table
    // (280-company bucket, 16 changed, 4 rounds alternating; the same rows)
    await writeOutputs((o, rows) => `${rows}
      UNION ALL SELECT * FROM read_parquet(${quotePath(changed.files.live(o))}, hive_partitioning = false) WHERE NOT list_contains($ciks, cik)`,
    list, types);
    return { periods, companies: ciks.length };
  }
  const slices = await bucketSlices(c, b, sliceFacts);
  if (slices.length === 1) {
    await prepareBucket(c, b);
    step('values');
    for (const o of MATERIALIZED_OUTPUTS) await copy(o, o.select, bucketParams(o, b));
    return { periods, companies: null };
  }
  // each slice's rows appended to a table per sliced output, written sorted once the bucket's slices are done
  try {
    for (const [i, slice] of slices.entries()) {
      await prepareBucket(c, b, slice);
      step('values');
      for (const o of sliced) {
        const rows = defined(o.slice, 'slice').rows;
        await c.run(i === 0 ? `CREATE OR REPLACE TEMP TABLE ${sliceTable(o)} AS ${rows}` : `INSERT INTO ${sliceTable(o)} ${rows}`);
        step(o.folder);
      }
    }
    await writeOutputs((o) => `SELECT * FROM ${sliceTable(o)}`);
  } finally {
    for (const o of sliced) await c.run(`DROP TABLE IF EXISTS ${sliceTable(o)}`);
  }
  return { periods, companies: null };
}

function bucketsOf(warehouseDir: string, dataset: string): number[] {
  const dir = path.join(warehouseDir, dataset);
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((d) => /^bucket=(\d+)$/.exec(d)?.[1]).filter((b): b is string => b !== undefined).map(Number);
}

/** Buckets holding facts or filings: a company known from its filings alone has a filings index and no periods. */
function factBuckets(warehouseDir: string): number[] {
  return [...new Set([...bucketsOf(warehouseDir, 'facts'), ...bucketsOf(warehouseDir, 'filings')])].sort((a, b) => a - b);
}

/** The state of the materialized periods, or null when there is none. */
export function readPeriodsState(warehouseDir: string): PeriodsState | null {
  const file = path.join(warehouseDir, 'periods', STATE);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, 'utf8')) as PeriodsState;
}

/** True when the materialized periods reflect every ingest committed so far. */
export function periodsAreCurrent(warehouseDir: string): boolean {
  const state = readPeriodsState(warehouseDir);
  if (!state) return false;
  // a generation built before an output existed has no folder for it: not current until a refresh writes it
  if (!MATERIALIZED_OUTPUTS.every((o) => fs.existsSync(path.join(warehouseDir, o.folder)))) return false;
  const now = manifestNames(warehouseDir);
  return now.length === state.manifests.length && now.every((m, i) => m === state.manifests[i]);
}

export interface MaterializeOptions {
  /**
   * Buckets computed at once (default `parallelConcurrency(engine)`: one per DuckDB thread of the caller). Above 1
   * they run on a DuckDB instance of the refresh's own (refreshInstance): one thread per query, one connection per
   * bucket at once, closed when the buckets are done. 1 computes them one after the other on the caller's engine, with
   * its threads. On an idle 2-core box, 4 full-density buckets: two at once in slices took 0.81x the wall time and
   * 0.86x the CPU of one at a time whole, at half the peak memory (README, "Period pipeline"); on a box whose cores
   * other work holds (load 15-24) two at once measured 1.33x the wall time (docs/periods-profile.md), so 1 is the
   * setting there (PERIODS_REFRESH_CONCURRENCY for npm run ingest). Unset, the default applies only to a refresh
   * whose buckets hold `parallelMinFacts` or more; a smaller one runs one bucket at a time.
   */
  concurrency?: number;
  /**
   * Undimensioned facts the buckets to compute must hold for the default concurrency to go parallel (default
   * REFRESH_PARALLEL_MIN_FACTS; ignored when `concurrency` is given).
   */
  parallelMinFacts?: number;
  /** memory_limit of the refresh instance, shared by the buckets it computes at once (default REFRESH_MEMORY_LIMIT). */
  memoryLimit?: string;
  /** Recompute every bucket even when only some changed since the last generation. */
  full?: boolean;
  /** Undimensioned facts per slice of a bucket (default REFRESH_SLICE_FACTS; Infinity: every bucket whole). */
  sliceFacts?: number;
  /**
   * Compute every changed bucket whole, even where only a few of its companies changed (by default those alone are
   * computed and the others' rows copied from the live files).
   */
  wholeBuckets?: boolean;
  /** Told how long each step of each bucket took ('values' = the shared bucket table, then each output's folder). */
  onStep?: (bucket: number, step: string, ms: number) => void;
}

/**
 * The refresh instance's memory_limit: a full-density bucket (~280 companies, 1.4M facts) peaks at ~3 GB of DuckDB
 * memory, so two at once fit, and the process (this instance, the caller's idle one, Node) stays under the 8 GB
 * that issue 18 allows at the whole universe's scale (docs/periods-profile.md, "Buckets in parallel").
 */
export const REFRESH_MEMORY_LIMIT = '6GB';

/** Buckets at once for `concurrency` on a machine with a core per bucket: one per DuckDB thread the caller was given. */
export async function parallelConcurrency(engine: Engine): Promise<number> {
  return concurrencyFor(await threadsOf(engine));
}

/**
 * Undimensioned facts below which a refresh computes its buckets one at a time by default: the refresh instance costs
 * ~1 s to open (the macros, the entity index), and a second core saves ~19% of ~11 us of wall time per fact (the
 * sequential refresh of 4.5M such facts took 46-54 s on an idle 2-core box), so parallel pays from ~500k facts.
 */
export const REFRESH_PARALLEL_MIN_FACTS = 1_000_000;

/** parallelConcurrency when the buckets to compute hold at least `minFacts` undimensioned facts, else 1. */
async function defaultConcurrency(engine: Engine, buckets: number[], minFacts: number): Promise<number> {
  const n = await parallelConcurrency(engine);
  if (n <= 1 || buckets.length <= 1) return 1;
  const [row] = await engine.query<{ facts: number }>('SELECT facts FROM buckets_undimensioned_facts($bs::INTEGER[])', { bs: listValue(buckets) });
  return (row?.facts ?? 0) >= minFacts ? n : 1;
}

/** The caller's DuckDB thread count (its configuration, locked at open). */
async function threadsOf(engine: Engine): Promise<number> {
  const [row] = await engine.query<{ threads: number }>("SELECT current_setting('threads')::INTEGER AS threads");
  return row?.threads ?? 1;
}

/**
 * One bucket per thread the caller was given, at most the libuv threads the DuckDB calls run on (Node's pool: a
 * statement holds one of them while it runs, and Node's own file work needs the others).
 */
function concurrencyFor(threads: number): number {
  const pool = Number(process.env['UV_THREADPOOL_SIZE'] ?? 4);
  return Math.max(1, Math.min(threads, Number.isInteger(pool) && pool > 1 ? pool - 1 : 1, os.availableParallelism()));
}

/**
 * The instance that computes `n` buckets at once: DuckDB with threads = 1, so each bucket's statements run on the
 * thread that calls them (DuckDB's intra-query parallelism on this pipeline mostly burns CPU: threads=1 measured 0.69x
 * the CPU of 2 for the same refresh), one connection per bucket, its own memory_limit. Opened per refresh and closed
 * after it: the caller's engine, whose thread count and memory limit serving shares and which locks its
 * configuration at open, is never reconfigured. Locked down and loaded like any engine (the same macros).
 */
async function refreshInstance(warehouseDir: string, n: number, memoryLimit: string): Promise<Engine> {
  return Engine.open({ warehouseDir, mode: 'write', threads: 1, memoryLimit, poolSize: n });
}

/**
 * Buckets whose inputs changed since `state`, each with what changed (BucketChanges): the facts, filings and filing
 * documents files named by manifests committed after it, and the companies with facts whose entity files committed
 * after it state a fiscal year end (fiscal_calendar reads it; an ingest of a description alone changes no bucket's
 * files). Null when there is no state or a manifest it reflects is gone (history rewritten): then everything is
 * recomputed.
 */
async function changedBuckets(engine: Engine, state: PeriodsState | null, manifests: string[]): Promise<Map<number, BucketChanges> | null> {
  const wh = engine.warehouseDir;
  const since = state ? manifestsSince(state.manifests, manifests) : null;
  if (!since) return null;
  const changed = new Map<number, BucketChanges>();
  const of = (b: number): BucketChanges => {
    const known = changed.get(b);
    if (known) return known;
    const fresh = { files: [], ciks: [] };
    changed.set(b, fresh);
    return fresh;
  };
  const entityFiles: string[] = [];
  for (const name of since) {
    const manifest = JSON.parse(fs.readFileSync(path.join(wh, '_manifest', name), 'utf8')) as { files?: string[] };
    for (const file of manifest.files ?? []) {
      const m = /^(facts|filings|filing_documents)[\\/]bucket=(\d+)[\\/]/.exec(file);
      if (m) of(Number(m[2])).files.push(file);
      else if (/^entities[\\/][^\\/]+\.parquet$/.test(file)) entityFiles.push(path.join(wh, file));
    }
  }
  for (const { cik, bucket } of await entityChanges(engine, entityFiles)) of(bucket).ciks.push(cik);
  return changed;
}

/** The companies with facts that the entity files `files` state a fiscal year end for, with their buckets. */
async function entityChanges(engine: Engine, files: string[]): Promise<{ cik: number; bucket: number }[]> {
  const present = files.filter((f) => fs.existsSync(f));
  if (present.length === 0 || !fs.existsSync(path.join(engine.warehouseDir, 'facts'))) return [];
  return engine.withConnection(async (c) => {
    // the paths are the warehouse's own, named by its manifests (never request input)
    await c.run(`CREATE OR REPLACE TEMP VIEW refresh_new_entities AS
      SELECT * FROM read_parquet([${present.map(quotePath).join(', ')}], union_by_name = true, hive_partitioning = false)`);
    try {
      const rows = await c.runAndReadAll("SELECT cik, bucket FROM companies_stating_year_end('refresh_new_entities')");
      return rows.getRows().map((r) => ({ cik: Number(r[0]), bucket: Number(r[1]) }));
    } finally {
      await c.run('DROP VIEW IF EXISTS refresh_new_entities');
    }
  });
}

/** Call with the writer lock held (an ingest's afterCommit, or refreshPeriods). */
export async function materializePeriods(engine: Engine, options: MaterializeOptions = {}): Promise<MaterializeReport> {
  const started = performance.now();
  const wh = engine.warehouseDir;
  const manifests = manifestNames(wh);
  const generation = new Date().toISOString().replace(/[-:.]/g, '');
  // a build folder left by a killed refresh: the lock says no other refresh runs
  fs.rmSync(path.join(wh, '_periods_build'), { recursive: true, force: true });
  const build = path.join(wh, '_periods_build', generation);
  fs.mkdirSync(build, { recursive: true });
  let periods = 0;
  let partialBuckets = 0;
  let companies = 0;
  const live = path.join(wh, 'periods');
  const previous = readPeriodsState(wh);
  const changed = options.full ? null : await changedBuckets(engine, previous, manifests);
  const liveFile = (o: MaterializedOutput, b: number) => path.join(wh, o.folder, `bucket=${String(b)}`, o.file);
  const hasLive = (b: number) => MATERIALIZED_OUTPUTS.every((o) => fs.existsSync(liveFile(o, b)));
  // an unchanged bucket keeps its live files; periods counts only what this generation computed
  const buckets = factBuckets(wh).filter((b) => changed === null || changed.has(b) || !hasLive(b));
  const built = (o: MaterializedOutput, b: number) => path.join(build, o.folder, `bucket=${String(b)}.parquet`);
  for (const o of MATERIALIZED_OUTPUTS) fs.mkdirSync(path.join(build, o.folder), { recursive: true });
  const workers = Math.min(buckets.length, options.concurrency ?? await defaultConcurrency(engine, buckets, options.parallelMinFacts ?? REFRESH_PARALLEL_MIN_FACTS));
  try {
    const queue = [...buckets];
    // more than one bucket at once: an instance of the refresh's own, one thread per query (see refreshInstance)
    const computing = workers > 1 ? await refreshInstance(wh, workers, options.memoryLimit ?? REFRESH_MEMORY_LIMIT) : engine;
    // the first failure stops the queue and interrupts the other buckets' statements: nothing runs on the refresh
    // instance once it is closed, and no bucket is computed for a generation that will not be swapped in
    const stop = new AbortController();
    const worker = () => computing.withConnection(async (c) => {
      try {
        for (let b = queue.shift(); b !== undefined && !stop.signal.aborted; b = queue.shift()) {
          let t = performance.now();
          const step = (name: string) => {
            const now = performance.now();
            options.onStep?.(defined(b, 'b'), name, now - t);
            t = now;
          };
          const bucket = b;
          // not `periods += await ...`: that reads periods before the await, losing another worker's rows
          const inputs = changed?.get(bucket);
          const written = await computeBucket(c, bucket, options.sliceFacts ?? REFRESH_SLICE_FACTS, (o) => built(o, bucket), step,
            inputs === undefined || options.wholeBuckets === true ? undefined : { wh, files: { ...inputs, live: (o) => liveFile(o, bucket) } });
          periods += written.periods;
          if (written.companies !== null) {
            partialBuckets += 1;
            companies += written.companies;
          }
        }
      } finally {
        // the pool hands this connection to other work next: leave no bucket's table behind
        await c.run(`DROP TABLE IF EXISTS ${BUCKET_VALUES.table}`);
      }
    }, { signal: stop.signal }).catch((err: unknown) => {
      stop.abort();
      throw err;
    });
    try {
      const settled = await Promise.allSettled(Array.from({ length: Math.max(1, workers) }, worker));
      // the failure that stopped the others, not the interruptions it caused
      const failures = settled.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
      const first = failures.find((e) => !(e instanceof QueryAbortedError)) ?? failures[0];
      if (first !== undefined) throw first instanceof Error ? first : new Error('a periods refresh worker failed', { cause: first });
    } finally {
      if (computing !== engine) computing.close();
    }
    await engine.withConnection(async (c) => {
      // every bucket gets a file (zero rows where no company lives), so a read of any cik binds
      try {
        if (buckets.length === 0) await prepareBucket(c, 0);
        for (const o of MATERIALIZED_OUTPUTS) {
          const template = buckets.length > 0 ? built(o, defined(buckets[0], 'buckets[0]')) : null;
          for (let b = 0; b < BUCKETS; b++) {
            if (buckets.includes(b) || (changed !== null && hasLive(b))) continue;
            const target = quotePath(built(o, b));
            if (template) await c.run(`COPY (SELECT * FROM read_parquet(${quotePath(template)}) LIMIT 0) TO ${target} (FORMAT parquet)`);
            else await c.run(`COPY (SELECT * FROM (${o.select}) LIMIT 0) TO ${target} (FORMAT parquet)`, bucketParams(o, 0));
          }
        }
      } finally {
        await c.run(`DROP TABLE IF EXISTS ${BUCKET_VALUES.table}`);
      }
    });
    // swap bucket by bucket: a rename over the same file name is atomic, so a concurrent read sees the old file or
    // the new one, never none and never both; the state is written last, the same way
    fs.rmSync(path.join(live, STATE), { force: true });
    for (const o of MATERIALIZED_OUTPUTS) {
      for (let b = 0; b < BUCKETS; b++) {
        if (!fs.existsSync(built(o, b))) continue;
        const dir = path.join(wh, o.folder, `bucket=${String(b)}`);
        fs.mkdirSync(dir, { recursive: true });
        fs.renameSync(built(o, b), path.join(dir, o.file));
        for (const other of fs.readdirSync(dir)) if (other !== o.file) fs.rmSync(path.join(dir, other), { force: true });
      }
    }
    const state: PeriodsState = { generation, builtAt: new Date().toISOString(), manifests, periods };
    fs.writeFileSync(path.join(build, STATE), JSON.stringify(state, null, 2));
    fs.renameSync(path.join(build, STATE), path.join(live, STATE));
    return { ...state, buckets: buckets.length, concurrency: Math.max(1, workers), partialBuckets, partialCompanies: companies, ms: performance.now() - started };
  } finally {
    fs.rmSync(path.join(wh, '_periods_build'), { recursive: true, force: true });
  }
}
