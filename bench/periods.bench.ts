// Benchmark of the period pipeline (dedupe, fiscal periods, reconstruction, TTM, lineage) over the synthetic universe:
// bulk materialization in facts per second against the floor of a plain DuckDB scan-and-group of the same facts in
// the same run, and against the per-output shape it replaced (each output recomputing the whole pipeline per bucket),
// with a per-step breakdown and the DuckDB profile of the shared step; then one company's as-reported latency
// (40 quarters) computed on the fly and read from the materialized periods, against the single-company facts read the
// serving path starts from. The companies are packed into full-scale buckets (~280 filers each, as the whole SEC
// universe has), so the rate extrapolates to all 64 buckets.
// Usage: npm run bench -- periods [--companies 1000] [--buckets N] [--first-year 2015] [--last-year 2024] [--samples 40]
//        [--skip-legacy]
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { BUCKET_VALUES, materializePeriods } from '../engine/financials/materializePeriods.ts';
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
// DuckDB's profile needs an engine whose configuration is not locked (Engine locks it): off by default
const profile = argv.includes('--profile');
const log = (line: string) => { console.log(line); };

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
  const [report, pipelineSeconds] = await timed(() => materializePeriods(engine, {
    full: true,
    onStep: (b, step, ms) => { steps.set(step, (steps.get(step) ?? 0) + ms); },
  }));
  log(`period pipeline (materialize ${String(report.buckets)} buckets, ${report.periods.toLocaleString('en-US')} periods): ${pipelineSeconds.toFixed(1)} s`);
  for (const [step, ms] of steps) log(`  step ${step}: ${(ms / 1000).toFixed(1)} s`);

  // where the shared step spends its time: DuckDB's own profile of one bucket, operators by total time
  const profileFile = path.join(universe.dir, '_bench_profile.json');
  const operators = new Map<string, number>();
  if (profile) await engine.withConnection(async (c) => {
    await c.run(`SET enable_profiling = 'json'`);
    await c.run(`SET profiling_output = ${quotePath(profileFile)}`);
    try {
      await c.run(`CREATE OR REPLACE TEMP TABLE bench_profile AS ${BUCKET_VALUES.select}`, { b: defined(bucketList[0], 'bucketList[0]') });
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
    periods: report.periods,
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
  log(`| peak RSS of the process (DuckDB included) | ${Math.round(result.peakRssMB).toLocaleString('en-US')} MB |`);
  log(`| one company's facts read (facts_of) | p50 ${f(read.p50)} ms, p99 ${f(read.p99)} ms |`);
  log(`| as-reported, 40 quarters, on the fly | p50 ${f(onTheFly.p50)} ms, p99 ${f(onTheFly.p99)} ms (${f(onTheFly.p50 / read.p50)}x the read) |`);
  log(`| as-reported, 40 quarters, materialized | p50 ${f(stored.p50)} ms, p99 ${f(stored.p99)} ms (${f(stored.p50 / read.p50)}x the read) |`);
} finally {
  engine.close();
}
