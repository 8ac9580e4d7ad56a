// Benchmark (b): one company's facts from a warehouse of 5,000 synthetic companies (~20M facts). facts_of(cik)
// reads one bucket folder (hive pruning) and row groups whose cik range matches; the baseline is the same view
// with the same cik filter but no bucket predicate, so every file of every bucket is opened.
// Latency: wall time of the query with its result materialized in DuckDB chunks (no JSON conversion, equal for both).
// Bytes read: /proc/self/io rchar delta around each query (every read/pread the process makes). DuckDB's external
// file cache (on by default) serves repeated reads of file footers from memory, so the warm figure is what a running
// server reads; the cold columns repeat a few lookups on a freshly opened engine (empty DuckDB cache). "Files
// touched" is EXPLAIN ANALYZE's "Total Files Read"; their size bounds what a read without row-group pruning costs.
// Usage: npm run bench -- lookup [--companies 5000] [--first-year 2015] [--last-year 2024] [--lookups 300]
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { prng } from '../engine/demo/prng.ts';
import { ensureUniverse } from './universe.ts';
import { bytesReadSoFar, formatBytes, numberArg, percentile, printTable } from './measure.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 5000);
const lookups = numberArg(argv, 'lookups', 300);
const firstYear = numberArg(argv, 'first-year', 2015);
const lastYear = numberArg(argv, 'last-year', 2024);
const COLD_LOOKUPS = 5;

const VARIANTS = [
  { name: 'facts_of(cik)', sql: 'SELECT * FROM facts_of($cik)', pruned: true },
  { name: 'src_facts WHERE cik = ? (no bucket pruning)', sql: 'SELECT * FROM src_facts WHERE cik = $cik', pruned: false },
  // what facts_of costs without the view's union_by_name, which reads every file's schema when the query binds
  {
    name: 'reference: pruned read_parquet, no union_by_name',
    sql: `SELECT * FROM read_parquet(getvariable('warehouse') || '/facts/bucket=*/*.parquet', hive_partitioning = true,
            hive_types = {'bucket': INTEGER}) WHERE bucket = cik_bucket($cik) AND cik = $cik`,
    pruned: true,
  },
] as const;

interface Sample {
  ms: number;
  bytes: number;
  rows: number;
}

function parquetSizes(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.parquet'))
    .reduce((sum, e) => sum + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const universe = await ensureUniverse({ companies, firstYear, lastYear, log: (l) => console.log(l) });
  console.log(universe.buildSeconds === null
    ? `universe: cached in ${universe.dir}`
    : `universe: built in ${universe.buildSeconds.toFixed(1)} s`);
  console.log(`universe: ${universe.companies.toLocaleString('en-US')} companies, ${universe.facts.toLocaleString('en-US')} facts, ` +
    `${universe.files} Parquet files, ${formatBytes(universe.bytes)} (FY${firstYear}-FY${lastYear})`);

  const engine = await Engine.open({ warehouseDir: universe.dir, mode: 'read', threads: 2, poolSize: 1 });
  try {
    const random = prng(42);
    const ciks = Array.from({ length: lookups }, () => universe.firstCik + Math.floor(random() * universe.companies));
    const samples: Sample[][] = VARIANTS.map(() => []);
    const run = async (v: number, cik: number): Promise<Sample> =>
      engine.withConnection(async (c) => {
        const before = bytesReadSoFar() ?? 0;
        const started = performance.now();
        const reader = await c.runAndReadAll(VARIANTS[v]!.sql, { cik });
        const ms = performance.now() - started;
        return { ms, bytes: (bytesReadSoFar() ?? 0) - before, rows: reader.currentRowCount };
      });
    for (let i = 0; i < 5; i++) for (let v = 0; v < VARIANTS.length; v++) await run(v, ciks[i]!);
    // rotate which variant goes first so none always inherits another's warm cache
    for (let i = 0; i < ciks.length; i++) {
      const got: Sample[] = [];
      for (let k = 0; k < VARIANTS.length; k++) {
        const v = (i + k) % VARIANTS.length;
        got[v] = await run(v, ciks[i]!);
      }
      if (got.some((g) => g.rows !== got[0]!.rows)) throw new Error(`cik ${ciks[i]}: variants disagree on row counts ${got.map((g) => g.rows).join('/')}`);
      got.forEach((s, v) => samples[v]!.push(s));
    }
    const touched = VARIANTS.map((v) => v.pruned
      ? ciks.reduce((sum, cik) => sum + parquetSizes(path.join(universe.dir, 'facts', `bucket=${cik % 64}`)), 0) / ciks.length
      : parquetSizes(path.join(universe.dir, 'facts')));
    // a fresh DuckDB instance has an empty file cache: what the first lookup after start-up reads
    const cold: Sample[][] = VARIANTS.map(() => []);
    for (let i = 0; i < COLD_LOOKUPS; i++) {
      for (let v = 0; v < VARIANTS.length; v++) {
        const fresh = await Engine.open({ warehouseDir: universe.dir, mode: 'read', threads: 2, poolSize: 1 });
        try {
          cold[v]!.push(await fresh.withConnection(async (c) => {
            const before = bytesReadSoFar() ?? 0;
            const started = performance.now();
            const reader = await c.runAndReadAll(VARIANTS[v]!.sql, { cik: ciks[i]! });
            return { ms: performance.now() - started, bytes: (bytesReadSoFar() ?? 0) - before, rows: reader.currentRowCount };
          }));
        } finally {
          fresh.close();
        }
      }
    }
    const files = await Promise.all(VARIANTS.map(async (v) => {
      const [plan] = await engine.query<{ explain_value: string }>(`EXPLAIN ANALYZE ${v.sql}`, { cik: ciks[0]! });
      return /Total Files Read:\s*([\d,]+)/.exec(plan?.explain_value ?? '')?.[1] ?? '?';
    }));

    const summarize = (list: Sample[]) => {
      const ms = list.map((s) => s.ms).sort((a, b) => a - b);
      return {
        p50: percentile(ms, 50), p99: percentile(ms, 99),
        bytes: list.reduce((s, x) => s + x.bytes, 0) / list.length,
        rows: list.reduce((s, x) => s + x.rows, 0) / list.length,
      };
    };
    const stats = samples.map(summarize);
    const coldStats = cold.map(summarize);
    const [pruned, scan] = stats as [typeof stats[0], typeof stats[0]];
    console.log(`\n${lookups} lookups of random companies per variant, 2 DuckDB threads, after 5 warm-up lookups:`);
    printTable([
      ['variant', 'p50 ms', 'p99 ms', 'rows/lookup', 'OS bytes read/lookup', 'cold p50 ms', 'cold OS bytes read', 'files touched', 'size of files touched'],
      ...VARIANTS.map((v, i) => [v.name, stats[i]!.p50.toFixed(1), stats[i]!.p99.toFixed(1), stats[i]!.rows.toFixed(0),
        formatBytes(stats[i]!.bytes), coldStats[i]!.p50.toFixed(1), formatBytes(coldStats[i]!.bytes), files[i]!, formatBytes(touched[i]!)]),
      ['ratio scan / facts_of', `${(scan.p50 / pruned.p50).toFixed(1)}x`, `${(scan.p99 / pruned.p99).toFixed(1)}x`, '',
        `${(scan.bytes / Math.max(1, pruned.bytes)).toFixed(1)}x`, `${(coldStats[1]!.p50 / coldStats[0]!.p50).toFixed(1)}x`,
        `${(coldStats[1]!.bytes / Math.max(1, coldStats[0]!.bytes)).toFixed(1)}x`, '', `${(touched[1]! / touched[0]!).toFixed(0)}x`],
    ]);
    console.log(`cold: median of ${COLD_LOOKUPS} first lookups on a freshly opened engine (empty DuckDB file cache; OS page cache warm)`);
    console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    engine.close();
  }
}

await main();
