// Benchmark of the period pipeline (dedupe, fiscal periods, reconstruction, TTM, lineage) over the synthetic universe:
// bulk materialization in facts per second against the floor of a plain DuckDB scan-and-group of the same facts in
// the same run, and against the per-output shape it replaced (each output recomputing the whole pipeline per bucket),
// with a per-step breakdown and the DuckDB profile of the shared step; then one company's as-reported latency
// (40 quarters) computed on the fly and read from the materialized periods, against the single-company facts read the
// serving path starts from. The companies are packed into full-scale buckets (~280 filers each, as the whole SEC
// universe has), so the rate extrapolates to all 64 buckets.
// The refresh itself is timed as an A/B in the same run (--rounds N, default 1): each round refreshes the whole
// universe once the way it ran before (sequential, on the caller's engine, threads = 2) and once the way it runs now
// (buckets in parallel on a refresh instance of one thread per query), each in a child process of its own (so each
// side's max RSS is its own), alternating which goes first, every output fingerprinted after each side (row count and
// an order-free hash of every row of every output: both sides must match). --rounds 0 runs the production default in
// this process instead, with the per-step breakdown.
// --sides A,B,... names the sides of the A/B (default sequential,parallel): `sequential` (concurrency 1) or
// `parallel` (parallelConcurrency, or --refresh-concurrency), each optionally `:whole` (every bucket computed whole, as
// before slicing) or `:N` (slices of N undimensioned facts); bare, the production default (REFRESH_SLICE_FACTS).
// Usage: npm run bench -- periods [--companies 1000] [--buckets N] [--first-year 2015] [--last-year 2024] [--samples 40]
//        [--skip-legacy] [--rounds 1] [--refresh-concurrency N] [--sides sequential,parallel,sequential:whole,...]
import { writerEnvironment } from '../engine/db/writerMalloc.ts';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { MATERIALIZED_OUTPUTS, materializePeriods, parallelConcurrency } from '../engine/financials/materializePeriods.ts';
import { execFileSync } from 'node:child_process';
import { jsonRowsSql } from '../engine/query/macroSql.ts';
import { quotePath } from '../engine/db/quote.ts';
import { BENCH_OUT, ensureUniverse, universeCik } from './universe.ts';
import { numberArg, percentile } from './measure.ts';
import { defined } from '../engine/query/defined.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 1000);
/** ~18,000 filers over 64 buckets. */
const FILERS_PER_BUCKET = 280;
const buckets = numberArg(argv, 'buckets', Math.min(64, Math.ceil(companies / FILERS_PER_BUCKET)));
const firstYear = numberArg(argv, 'first-year', 2015);
const lastYear = numberArg(argv, 'last-year', 2024);
const samples = numberArg(argv, 'samples', 40);
const skipLegacy = argv.includes('--skip-legacy');
const rounds = numberArg(argv, 'rounds', 1);
/** The parallel side's buckets at once (default: the production default, the engine's thread count). */
const refreshConcurrency = argv.includes('--refresh-concurrency') ? numberArg(argv, 'refresh-concurrency', 2) : undefined;
const childAt = argv.indexOf('--refresh-child');
const sidesAt = argv.indexOf('--sides');
const sides = sidesAt === -1 ? ['sequential', 'parallel'] : defined(argv[sidesAt + 1], '--sides A,B').split(',');
/** A side's refresh options: its mode (sequential or parallel) and its slicing (`:whole`, `:N`, or the default). */
function sideOptions(side: string): { mode: string; sliceFacts?: number } {
  const [mode = '', slicing] = side.split(':');
  if (mode !== 'sequential' && mode !== 'parallel') throw new Error(`--sides: ${side} is not sequential or parallel[:whole|:N]`);
  if (slicing === undefined) return { mode };
  const sliceFacts = slicing === 'whole' ? Infinity : Number(slicing);
  if (!(sliceFacts > 0)) throw new Error(`--sides: ${side}: the slicing is whole or a number of facts`);
  return { mode, sliceFacts };
}
// DuckDB's profile needs an engine whose configuration is not locked (Engine locks it): off by default
const profile = argv.includes('--profile');
const log = (line: string) => { console.log(line); };

/** One side of the refresh A/B (a child process): refresh the whole warehouse, print one JSON line, exit. */
interface RefreshRun { side: string; wall: number; cpu: number; maxRssMB: number; periods: number; steps: Record<string, number> }
if (childAt !== -1) {
  const side = defined(argv[childAt + 1], '--refresh-child SIDE');
  const dir = defined(argv[childAt + 2], '--refresh-child SIDE DIR');
  // both sides open the engine the production writers open (the default config: threads = cores = 2)
  const e = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 2, memoryLimit: '6GB' });
  const steps: Record<string, number> = {};
  const t = performance.now();
  const c0 = process.cpuUsage();
  const { mode, sliceFacts } = sideOptions(side);
  const report = await materializePeriods(e, {
    full: true,
    concurrency: mode === 'sequential' ? 1 : refreshConcurrency ?? await parallelConcurrency(e),
    ...(sliceFacts === undefined ? {} : { sliceFacts }),
    onStep: (_b, step, ms) => { steps[step] = (steps[step] ?? 0) + ms / 1000; },
  });
  const cpu = process.cpuUsage(c0);
  const run: RefreshRun = { side, wall: (performance.now() - t) / 1000, cpu: (cpu.user + cpu.system) / 1e6, maxRssMB: process.resourceUsage().maxRSS / 1024, periods: report.periods, steps };
  e.close();
  process.stdout.write(`${JSON.stringify(run)}\n`);
  process.exit(0);
}

const universe = await ensureUniverse({ companies, firstYear, lastYear, dimensional: true, buckets, log });
log(`universe: ${String(universe.companies)} companies, ${universe.facts.toLocaleString('en-US')} facts (${(universe.bytes / 1e6).toFixed(0)} MB)`);
const engine = await Engine.open({ warehouseDir: universe.dir, mode: 'write', threads: 2, memoryLimit: '6GB' });

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, (performance.now() - t) / 1000];
}

try {
  // the floor: one pass that reads every fact and keeps the newest value per key, as dedupe alone would
  const [, floorSeconds] = await timed(() => engine.query(
    `SELECT count(*)::INTEGER AS n FROM (SELECT cik, concept, unit, period_start, period_end, arg_max(value, filed) AS v
     FROM src_facts WHERE dim_key = '' GROUP BY ALL)`));
  log(`floor scan-and-group: ${floorSeconds.toFixed(1)} s`);
  const bucketList = fs.readdirSync(path.join(universe.dir, 'facts')).map((d) => Number(/^bucket=(\d+)$/.exec(d)?.[1] ?? NaN))
    .filter((b) => Number.isInteger(b));

  // the shape before issue 18: every output ran the whole pipeline for its bucket (same SQL, computed twice)
  let legacySeconds: number | null = null;
  if (!skipLegacy) {
    const out = path.join(universe.dir, '_bench_legacy');
    fs.mkdirSync(out, { recursive: true });
    const legacy = [
      'SELECT * EXCLUDE (series), series FROM period_rows($b::INTEGER, NULL, NULL) ORDER BY cik, series, period DESC',
      'SELECT * FROM standard_values($b::INTEGER, NULL, NULL) ORDER BY cik, series, period_end DESC, line',
    ];
    [, legacySeconds] = await timed(() => engine.withConnection(async (c) => {
      for (const b of bucketList) {
        for (const [i, select] of legacy.entries()) {
          await c.run(`COPY (${select}) TO ${quotePath(path.join(out, `${String(b)}-${String(i)}.parquet`))} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 4096)`, { b });
        }
      }
    }));
    fs.rmSync(out, { recursive: true, force: true });
    log(`per-output pipeline (before): ${legacySeconds.toFixed(1)} s`);
  }

  const steps = new Map<string, number>();
  const runs: RefreshRun[] = [];
  const fingerprints = new Map<string, string>();
  let pipelineSeconds: number;
  let periodsCount: number;
  if (rounds > 0) {
    // every output's row count and an order-free hash of its rows, as the live files hold them after a side ran
    const fingerprint = () => engine.withConnection(async (c) => {
      const parts: string[] = [];
      for (const o of MATERIALIZED_OUTPUTS) {
        const glob = quotePath(path.join(universe.dir, o.folder, 'bucket=*', o.file));
        const reader = await c.runAndReadAll(`SELECT count(*)::VARCHAR || ':' || coalesce(sum(hash(to_json(t)::VARCHAR)::HUGEINT), 0)::VARCHAR FROM read_parquet(${glob}) t`);
        parts.push(`${o.folder}=${String(reader.getRows()[0]?.[0])}`);
      }
      return parts.join(' ');
    });
    const child = (side: string): RefreshRun => {
      const out = execFileSync(process.execPath, ['--import', 'tsx', new URL(import.meta.url).pathname, '--refresh-child', side, universe.dir, ...argv],
        { cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), '..'), encoding: 'utf8', maxBuffer: 1 << 24, env: writerEnvironment() });
      const run = JSON.parse(defined(out.trim().split('\n').pop(), 'child output')) as RefreshRun;
      log(`  ${side}: ${run.wall.toFixed(1)} s wall, ${run.cpu.toFixed(1)} CPU s, max RSS ${Math.round(run.maxRssMB).toLocaleString('en-US')} MB (load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')})`);
      return run;
    };
    for (const side of sides) sideOptions(side);
    for (let r = 0; r < rounds; r++) {
      for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
        runs.push(child(side));
        const f = await fingerprint();
        const seen = fingerprints.get('any');
        if (seen !== undefined && seen !== f) throw new Error(`the ${side} refresh wrote different outputs: ${f} against ${seen}`);
        fingerprints.set('any', f);
      }
    }
    const best = (side: string) => runs.filter((r) => r.side === side).sort((a, b) => a.wall - b.wall)[0];
    const par = defined(best(defined(sides[1] ?? sides[0], 'a side')), 'the second side\'s run');
    pipelineSeconds = par.wall;
    periodsCount = par.periods;
    for (const [k, v] of Object.entries(par.steps)) steps.set(k, v * 1000);
    log(`period pipeline (materialize ${String(bucketList.length)} buckets, ${periodsCount.toLocaleString('en-US')} periods), best of ${String(rounds)}: ${pipelineSeconds.toFixed(1)} s; outputs identical on both sides (${String(fingerprints.get('any'))})`);
  } else {
    const [report, seconds] = await timed(() => materializePeriods(engine, {
      full: true,
      ...(refreshConcurrency === undefined ? {} : { concurrency: refreshConcurrency }),
      onStep: (b, step, ms) => { steps.set(step, (steps.get(step) ?? 0) + ms); },
    }));
    pipelineSeconds = seconds;
    periodsCount = report.periods;
    log(`period pipeline (materialize ${String(report.buckets)} buckets, ${report.periods.toLocaleString('en-US')} periods): ${pipelineSeconds.toFixed(1)} s`);
  }
  // buckets computed at once overlap: the steps sum each bucket's own time
  for (const [step, ms] of steps) log(`  step ${step} (summed over buckets): ${(ms / 1000).toFixed(1)} s`);

  // where the shared step spends its time: DuckDB's own profile of one bucket, operators by total time
  const profileFile = path.join(universe.dir, '_bench_profile.json');
  const operators = new Map<string, number>();
  if (profile) await engine.withConnection(async (c) => {
    await c.run(`SET enable_profiling = 'json'`);
    await c.run(`SET profiling_output = ${quotePath(profileFile)}`);
    try {
      // the whole values step as one statement (DuckDB profiles one statement; the refresh fills the table in three)
      await c.run('CREATE OR REPLACE TEMP TABLE bench_profile AS SELECT * FROM derived_values($b::INTEGER, NULL, NULL)', { b: defined(bucketList[0], 'bucketList[0]') });
    } finally {
      await c.run('RESET enable_profiling');
      await c.run('DROP TABLE IF EXISTS bench_profile');
    }
  });
  interface ProfileNode { operator_name?: string; operator_timing?: number; children?: ProfileNode[] }
  const walk = (n: ProfileNode) => {
    if (n.operator_name !== undefined) operators.set(n.operator_name, (operators.get(n.operator_name) ?? 0) + (n.operator_timing ?? 0));
    for (const child of n.children ?? []) walk(child);
  };
  if (fs.existsSync(profileFile)) {
    walk(JSON.parse(fs.readFileSync(profileFile, 'utf8')) as ProfileNode);
    fs.rmSync(profileFile, { force: true });
  }
  const topOperators = [...operators].sort((a, b) => b[1] - a[1]).slice(0, 8);
  log(`  profile of the values step, bucket ${String(bucketList[0])}: ${topOperators.map(([op, sec]) => `${op} ${sec.toFixed(2)} s`).join(', ')}`);

  const ciks = Array.from({ length: samples }, (_, i) => universeCik(universe, (i * 7919) % companies));
  const latency = async (sql: string, bind: (cik: number) => Record<string, string | number | null> | (string | number | null)[]) => {
    const ms: number[] = [];
    await engine.withConnection(async (c) => {
      await c.runAndReadAll(sql, bind(defined(ciks[0], 'ciks[0]'))); // warm the file cache and the plan
      for (const cik of ciks) {
        const t = performance.now();
        await c.runAndReadAll(sql, bind(cik));
        ms.push(performance.now() - t);
      }
    });
    const sorted = [...ms].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const read = await latency('SELECT * FROM facts_of($cik::INTEGER)', (cik) => ({ cik }));
  const onTheFly = await latency(jsonRowsSql('as_reported', 4, false), (cik) => [cik, 'quarter', 40, null]);
  const stored = await latency(jsonRowsSql('as_reported_stored', 3, false), (cik) => [cik, 'quarter', 40]);

  const result = {
    companies: universe.companies,
    facts: universe.facts,
    floorSeconds,
    pipelineSeconds,
    factsPerSecond: universe.facts / pipelineSeconds,
    floorFactsPerSecond: universe.facts / floorSeconds,
    pipelineOverFloor: pipelineSeconds / floorSeconds,
    legacySeconds,
    speedupOverLegacy: legacySeconds === null ? null : legacySeconds / pipelineSeconds,
    steps: Object.fromEntries([...steps].map(([k, ms]) => [k, ms / 1000])),
    topOperators: Object.fromEntries(topOperators),
    buckets: bucketList.length,
    extrapolatedFullScaleSeconds: (pipelineSeconds / universe.facts) * 75e6,
    // DuckDB runs in this process: its peak memory is in here (a bucket at a time, so it does not grow with buckets)
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    periods: periodsCount,
    refreshRuns: runs,
    singleCompanyMs: { factsRead: read, asReportedOnTheFly: onTheFly, asReportedStored: stored },
    measuredAt: new Date().toISOString(),
  };
  fs.mkdirSync(BENCH_OUT, { recursive: true });
  fs.writeFileSync(path.join(BENCH_OUT, 'periods.json'), JSON.stringify(result, null, 2));
  const f = (x: number) => x.toFixed(1);
  log('');
  log('| figure | value |');
  log('|---|---|');
  log(`| universe | ${universe.companies.toLocaleString('en-US')} companies in ${String(bucketList.length)} buckets, ${universe.facts.toLocaleString('en-US')} facts |`);
  log(`| floor: scan-and-group of all facts | ${f(floorSeconds)} s (${Math.round(result.floorFactsPerSecond).toLocaleString('en-US')} facts/s) |`);
  if (legacySeconds !== null) log(`| before: each output recomputes the pipeline | ${f(legacySeconds)} s (${Math.round(universe.facts / legacySeconds).toLocaleString('en-US')} facts/s), ${f(legacySeconds / floorSeconds)}x the floor |`);
  log(`| period pipeline, materialized | ${f(pipelineSeconds)} s (${Math.round(result.factsPerSecond).toLocaleString('en-US')} facts/s), ${f(result.pipelineOverFloor)}x the floor |`);
  log(`| extrapolated to 75M facts (linear per bucket) | ${f(result.extrapolatedFullScaleSeconds / 60)} min |`);
  if (runs.length > 0) {
    for (const r of runs) {
      log(`| refresh, ${r.side} | ${f(r.wall)} s (${Math.round(universe.facts / r.wall).toLocaleString('en-US')} facts/s, ${f(r.wall / floorSeconds)}x the floor), ${f(r.cpu)} CPU s (${Math.round(universe.facts / r.cpu).toLocaleString('en-US')} facts per CPU s), max RSS ${Math.round(r.maxRssMB).toLocaleString('en-US')} MB |`);
    }
    const sum = (side: string, k: 'wall' | 'cpu') => runs.filter((r) => r.side === side).reduce((s, r) => s + r[k], 0);
    const base = defined(sides[0], 'a side');
    for (const side of sides.slice(1)) {
      log(`| ${side} / ${base}, summed over rounds | wall ${(sum(side, 'wall') / sum(base, 'wall')).toFixed(2)}x, CPU ${(sum(side, 'cpu') / sum(base, 'cpu')).toFixed(2)}x |`);
    }
  } else {
    log(`| peak RSS of the process (DuckDB included) | ${Math.round(result.peakRssMB).toLocaleString('en-US')} MB |`);
  }
  log(`| one company's facts read (facts_of) | p50 ${f(read.p50)} ms, p99 ${f(read.p99)} ms |`);
  log(`| as-reported, 40 quarters, on the fly | p50 ${f(onTheFly.p50)} ms, p99 ${f(onTheFly.p99)} ms (${f(onTheFly.p50 / read.p50)}x the read) |`);
  log(`| as-reported, 40 quarters, materialized | p50 ${f(stored.p50)} ms, p99 ${f(stored.p99)} ms (${f(stored.p50 / read.p50)}x the read) |`);
} finally {
  engine.close();
}
