// Benchmark of the period pipeline (dedupe, fiscal periods, reconstruction, TTM, lineage) over the synthetic universe:
// bulk materialization in facts per second against the floor of a plain DuckDB scan-and-group of the same facts in
// the same run, and one company's as-reported latency (40 quarters) computed on the fly and read from the
// materialized periods, against the single-company facts read the serving path starts from.
// Usage: npm run bench -- periods [--companies 5000] [--first-year 2015] [--last-year 2024] [--samples 40]
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { materializePeriods } from '../engine/financials/materializePeriods.ts';
import { jsonRowsSql } from '../engine/query/macroSql.ts';
import { BENCH_OUT, ensureUniverse } from './universe.ts';
import { numberArg, percentile } from './measure.ts';
import { defined } from '../engine/query/defined.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 5000);
const firstYear = numberArg(argv, 'first-year', 2015);
const lastYear = numberArg(argv, 'last-year', 2024);
const samples = numberArg(argv, 'samples', 40);
const log = (line: string) => { console.log(line); };

const universe = await ensureUniverse({ companies, firstYear, lastYear, log });
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
  const [report, pipelineSeconds] = await timed(() => materializePeriods(engine));
  log(`period pipeline (materialize ${String(report.buckets)} buckets, ${report.periods.toLocaleString('en-US')} periods): ${pipelineSeconds.toFixed(1)} s`);

  const ciks = Array.from({ length: samples }, (_, i) => universe.firstCik + Math.floor(((i * 7919) % companies)));
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
  log(`| universe | ${universe.companies.toLocaleString('en-US')} companies, ${universe.facts.toLocaleString('en-US')} facts |`);
  log(`| floor: scan-and-group of all facts | ${f(floorSeconds)} s (${Math.round(result.floorFactsPerSecond).toLocaleString('en-US')} facts/s) |`);
  log(`| period pipeline, materialized | ${f(pipelineSeconds)} s (${Math.round(result.factsPerSecond).toLocaleString('en-US')} facts/s), ${f(result.pipelineOverFloor)}x the floor |`);
  log(`| one company's facts read (facts_of) | p50 ${f(read.p50)} ms, p99 ${f(read.p99)} ms |`);
  log(`| as-reported, 40 quarters, on the fly | p50 ${f(onTheFly.p50)} ms, p99 ${f(onTheFly.p99)} ms (${f(onTheFly.p50 / read.p50)}x the read) |`);
  log(`| as-reported, 40 quarters, materialized | p50 ${f(stored.p50)} ms, p99 ${f(stored.p99)} ms (${f(stored.p50 / read.p50)}x the read) |`);
} finally {
  engine.close();
}
