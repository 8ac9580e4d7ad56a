// The periods refresh after a small daily-sized ingest: the synthetic universe (full-density buckets) refreshed whole,
// then companyfacts of a few synthetic filers (the demo generator's, in SEC's format) ingested through the real
// pipeline; the same warehouse copied twice and refreshed incrementally on each copy, alternately: once computing only
// the companies the new files name in the buckets that hold others (the default), once every changed bucket whole
// (`wholeBuckets`, the rule before), each in the same run, outputs compared (EXCEPT ALL both ways, every output).
// --filers N generates N filers and ingests those whose cik falls in the universe's buckets (companies the universe
// holds, gaining filings: N / 64 per bucket); --all-filers ingests every one (the others are new companies, each alone
// in its bucket, computed whole on both sides).
// Usage: npm run bench -- incrementalRefresh [--companies 1120] [--buckets 4] [--filers 256] [--all-filers] [--rounds 2]
// first: a writer's jemalloc options, read when DuckDB loads (engine/db/writerMalloc.ts)
import '../engine/db/writerProcess.ts';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { MATERIALIZED_OUTPUTS, materializePeriods, type MaterializeReport } from '../engine/financials/materializePeriods.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { quotePath } from '../engine/db/quote.ts';
import { CIK_BUCKETS } from '../engine/db/cikBuckets.ts';
import { writeDemoSources } from '../demo/writeDemoSources.ts';
import { syntheticCompanies } from '../demo/demoCompanies.ts';
import { BENCH_OUT, ensureUniverse } from './universe.ts';
import { numberArg } from './measure.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 1120);
const buckets = numberArg(argv, 'buckets', 4);
const filers = numberArg(argv, 'filers', 256);
const allFilers = argv.includes('--all-filers');
const rounds = numberArg(argv, 'rounds', 2);
const log = (line: string) => { console.log(line); };

const universe = await ensureUniverse({ companies, firstYear: 2015, lastYear: 2024, dimensional: true, buckets, log });
// the demo generator's synthetic filers take the universe's first ciks: a held company gaining filings where they
// fall in the universe's buckets, a new company in a bucket of its own elsewhere
const sources = path.join(BENCH_OUT, `incremental-src-v1-${String(filers)}`);
if (!fs.existsSync(path.join(sources, 'READY'))) {
  fs.rmSync(sources, { recursive: true, force: true });
  writeDemoSources(sources, syntheticCompanies(filers, 11), { first: 2020, last: 2024 });
  fs.writeFileSync(path.join(sources, 'READY'), '');
}
const held = new Set(fs.readdirSync(path.join(universe.dir, 'facts')).map((d) => Number(/^bucket=(\d+)$/.exec(d)?.[1] ?? NaN)));
const inputs = fs.readdirSync(path.join(sources, 'companyfacts')).sort()
  .filter((f) => allFilers || held.has(Number(/(\d+)\.json$/.exec(f)?.[1] ?? NaN) % CIK_BUCKETS))
  .map((f) => path.join(sources, 'companyfacts', f));

const work = path.join(path.dirname(universe.dir), `_incremental-${String(process.pid)}`);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
try {
  const base = path.join(work, 'base');
  fs.mkdirSync(work, { recursive: true });
  fs.cpSync(universe.dir, base, { recursive: true });
  {
    const e = await Engine.open({ warehouseDir: base, mode: 'write', threads: 2, memoryLimit: '6GB' });
    const t = performance.now();
    await materializePeriods(e, { full: true });
    log(`full refresh of the universe: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const t2 = performance.now();
    await ingestPaths(e, inputs);
    log(`ingest of ${String(inputs.length)} companyfacts files: ${((performance.now() - t2) / 1000).toFixed(1)} s`);
    e.close();
  }
  const runs: { side: string; wall: number; cpu: number; report: MaterializeReport }[] = [];
  const [partial, whole] = ['changed companies', 'whole buckets'] as const;
  const sides = [partial, whole];
  const dirOf = (side: string) => path.join(work, side.replace(' ', '-'));
  for (let r = 0; r < rounds; r++) {
    for (const side of r % 2 === 0 ? sides : [...sides].reverse()) {
      const dir = dirOf(side);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.cpSync(base, dir, { recursive: true });
      const e = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 2, memoryLimit: '6GB' });
      const c0 = cpu();
      const t = performance.now();
      const report = await materializePeriods(e, { wholeBuckets: side === whole });
      runs.push({ side, wall: (performance.now() - t) / 1000, cpu: cpu() - c0, report });
      e.close();
      log(`  ${side}: ${runs.at(-1)?.wall.toFixed(1) ?? ''} s wall, ${runs.at(-1)?.cpu.toFixed(1) ?? ''} CPU s; ${String(report.buckets)} buckets (${String(report.partialBuckets)} for ${String(report.partialCompanies)} companies only), concurrency ${String(report.concurrency)}`);
    }
  }
  // both sides wrote the same rows (the other side's outputs copied into the first side's warehouse, where DuckDB may read)
  const first = dirOf(partial);
  for (const o of MATERIALIZED_OUTPUTS) fs.cpSync(path.join(dirOf(whole), o.folder), path.join(first, '_other', o.folder), { recursive: true });
  const e = await Engine.open({ warehouseDir: first, mode: 'read' });
  for (const o of MATERIALIZED_OUTPUTS) {
    const glob = (side: string) => quotePath(path.join(first, side === partial ? '' : '_other', o.folder, 'bucket=*', o.file));
    const [row] = await e.query<{ a: number; b: number; n: number }>(
      `SELECT (SELECT count(*) FROM (FROM read_parquet(${glob(partial)}) EXCEPT ALL FROM read_parquet(${glob(whole)})))::INTEGER AS a,
              (SELECT count(*) FROM (FROM read_parquet(${glob(whole)}) EXCEPT ALL FROM read_parquet(${glob(partial)})))::INTEGER AS b,
              (SELECT count(*) FROM read_parquet(${glob(partial)}))::INTEGER AS n`);
    if (row?.a !== 0 || row.b !== 0) throw new Error(`${o.folder}: the two refreshes differ (${JSON.stringify(row)})`);
    log(`  ${o.folder}: identical (${String(row.n)} rows)`);
  }
  e.close();
  const sum = (side: string, k: 'wall' | 'cpu') => runs.filter((x) => x.side === side).reduce((s, x) => s + x[k], 0);
  log('');
  log('| side | runs (wall s / CPU s) |');
  log('|---|---|');
  for (const side of sides) log(`| ${side} | ${runs.filter((x) => x.side === side).map((x) => `${x.wall.toFixed(1)} / ${x.cpu.toFixed(1)}`).join(', ')} |`);
  log(`| changed companies / whole buckets, summed | wall ${(sum(partial, 'wall') / sum(whole, 'wall')).toFixed(2)}x, CPU ${(sum(partial, 'cpu') / sum(whole, 'cpu')).toFixed(2)}x |`);
  log(`(${String(universe.companies)} companies in ${String(buckets)} of ${String(CIK_BUCKETS)} buckets, ${universe.facts.toLocaleString('en-US')} facts; ${String(inputs.length)} of ${String(filers)} generated filers ingested)`);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
