// Benchmark (b): one company's facts from a warehouse of 5,000 synthetic companies (~20M facts). facts_of(cik)
// reads one bucket folder (hive pruning) and row groups whose cik range matches; the baseline is the same view
// with the same cik filter but no bucket predicate, so every file of every bucket is opened.
// Latency: wall time of the query with its result materialized in DuckDB chunks (no JSON conversion, equal for both).
// Bytes: "Parquet bytes needed" is computed from the files' own metadata (parquet_metadata): the footers of the files
// a variant opens (EXPLAIN ANALYZE "Total Files Read"), the cik column of row groups whose cik min/max covers the
// cik, and all columns of the row groups that hold the company.
// "OS bytes read" is the /proc/self/io rchar delta around each query; it stays small for every variant because
// DuckDB's external file cache (on by default) already holds every footer: creating src_facts with union_by_name
// reads them all when the engine opens. Binding the view with union_by_name consults every file's schema on each
// query (CPU, not I/O; much cheaper since the engine turned parquet_metadata_cache on): the reference variant, the
// same pruned read without union_by_name, isolates that cost.
// Usage: npm run bench -- lookup [--companies 5000] [--first-year 2015] [--last-year 2024] [--lookups 300]
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { prng } from '../demo/prng.ts';
import { BENCH_OUT, ensureUniverse } from './universe.ts';
import { bytesReadSoFar, formatBytes, numberArg, percentile, printTable } from './measure.ts';
import { defined } from '../engine/query/defined.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 5000);
const lookups = numberArg(argv, 'lookups', 300);
const firstYear = numberArg(argv, 'first-year', 2015);
const lastYear = numberArg(argv, 'last-year', 2024);

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

interface RowGroup {
  file: string;
  lo: number;
  hi: number;
  bytes: number;
  cikBytes: number;
}

interface Layout {
  rowGroups: RowGroup[];
  footers: Map<string, number>;
}

/** Row groups (cik range, compressed size) and footer sizes of every facts file, from DuckDB's Parquet metadata. */
async function parquetLayout(engine: Engine, dir: string): Promise<Layout> {
  const glob = path.join(dir, 'facts', 'bucket=*', '*.parquet');
  const rowGroups = await engine.query<RowGroup>(
    `SELECT file_name AS file, min(stats_min) FILTER (WHERE path_in_schema = 'cik')::INTEGER AS lo,
            max(stats_max) FILTER (WHERE path_in_schema = 'cik')::INTEGER AS hi, sum(total_compressed_size)::DOUBLE AS bytes,
            sum(total_compressed_size) FILTER (WHERE path_in_schema = 'cik')::DOUBLE AS "cikBytes"
     FROM parquet_metadata($glob) GROUP BY file_name, row_group_id`, { glob });
  const footers = await engine.query<{ file: string; footer: number }>(
    'SELECT file_name AS file, footer_size::DOUBLE AS footer FROM parquet_file_metadata($glob)', { glob });
  return { rowGroups, footers: new Map(footers.map((f) => [f.file, f.footer])) };
}

/**
 * The least a lookup must read: the footers of the files it opens; in row groups whose cik min/max covers the cik,
 * the cik column (to filter), and every column where the company's rows are (its own bucket). Buckets interleave
 * CIKs (cik % 64), so other buckets' row groups cover the cik's range without holding it.
 */
function bytesNeeded(layout: Layout, cik: number, pruned: boolean): number {
  const own = `${path.sep}bucket=${String(cik % 64)}${path.sep}`;
  const opened = [...layout.footers.keys()].filter((f) => !pruned || f.includes(own));
  const footers = opened.reduce((s, f) => s + defined(layout.footers.get(f), 'layout.footers.get(f)'), 0);
  const open = new Set(opened);
  const groups = layout.rowGroups.filter((g) => open.has(g.file) && g.lo <= cik && cik <= g.hi);
  return footers + groups.reduce((s, g) => s + (g.file.includes(own) ? g.bytes : g.cikBytes), 0);
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const universe = await ensureUniverse({ companies, firstYear, lastYear, log: (l) => { console.log(l); } });
  console.log(universe.buildSeconds === null
    ? `universe: cached in ${universe.dir}`
    : `universe: built in ${universe.buildSeconds.toFixed(1)} s`);
  console.log(`universe: ${universe.companies.toLocaleString('en-US')} companies, ${universe.facts.toLocaleString('en-US')} facts, ` +
    `${String(universe.files)} Parquet files, ${formatBytes(universe.bytes)} (FY${String(firstYear)}-FY${String(lastYear)})`);

  const engine = await Engine.open({ warehouseDir: universe.dir, mode: 'read', threads: 2, poolSize: 1 });
  try {
    const random = prng(42);
    const ciks = Array.from({ length: lookups }, () => universe.firstCik + Math.floor(random() * universe.companies));
    const samples: Sample[][] = VARIANTS.map(() => []);
    const run = async (v: number, cik: number): Promise<Sample> =>
      engine.withConnection(async (c) => {
        const before = bytesReadSoFar() ?? 0;
        const started = performance.now();
        const reader = await c.runAndReadAll(defined(VARIANTS[v], 'VARIANTS[v]').sql, { cik });
        const ms = performance.now() - started;
        return { ms, bytes: (bytesReadSoFar() ?? 0) - before, rows: reader.currentRowCount };
      });
    for (let i = 0; i < 5; i++) for (let v = 0; v < VARIANTS.length; v++) await run(v, defined(ciks[i], 'ciks[i]'));
    // rotate which variant goes first so none always inherits another's warm cache
    for (let i = 0; i < ciks.length; i++) {
      const got: Sample[] = [];
      for (let k = 0; k < VARIANTS.length; k++) {
        const v = (i + k) % VARIANTS.length;
        got[v] = await run(v, defined(ciks[i], 'ciks[i]'));
      }
      if (got.some((g) => g.rows !== defined(got[0], 'got[0]').rows)) throw new Error(`cik ${String(ciks[i])}: variants disagree on row counts ${got.map((g) => g.rows).join('/')}`);
      got.forEach((s, v) => defined(samples[v], 'samples[v]').push(s));
    }
    const layout = await parquetLayout(engine, universe.dir);
    const needed = VARIANTS.map((v) => ciks.reduce((sum, cik) => sum + bytesNeeded(layout, cik, v.pruned), 0) / ciks.length);
    const files = await Promise.all(VARIANTS.map(async (v) => {
      const [plan] = await engine.query<{ explain_value: string }>(`EXPLAIN ANALYZE ${v.sql}`, { cik: defined(ciks[0], 'ciks[0]') });
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
    const [pruned, scan] = stats as [typeof stats[0], typeof stats[0]];
    console.log(`\n${String(lookups)} lookups of random companies per variant, 2 DuckDB threads, after 5 warm-up lookups:`);
    printTable([
      ['variant', 'p50 ms', 'p99 ms', 'rows/lookup', 'files opened', 'Parquet bytes needed', 'OS bytes read (warm cache)'],
      ...VARIANTS.map((v, i) => [v.name, defined(stats[i], 'stats[i]').p50.toFixed(1), defined(stats[i], 'stats[i]').p99.toFixed(1), defined(stats[i], 'stats[i]').rows.toFixed(0),
        defined(files[i], 'files[i]'), formatBytes(defined(needed[i], 'needed[i]')), formatBytes(defined(stats[i], 'stats[i]').bytes)]),
      ['ratio scan / facts_of', `${(scan.p50 / pruned.p50).toFixed(1)}x`, `${(scan.p99 / pruned.p99).toFixed(1)}x`, '', '',
        `${(defined(needed[1], 'needed[1]') / defined(needed[0], 'needed[0]')).toFixed(1)}x`, `${(scan.bytes / Math.max(1, pruned.bytes)).toFixed(1)}x`],
    ]);
    console.log('Parquet bytes needed: footers of the files opened + cik column of row groups whose cik range covers the cik + the company\'s own row groups (from parquet_metadata)');
    fs.writeFileSync(path.join(BENCH_OUT, 'lookup.json'), JSON.stringify({
      companies: universe.companies, facts: universe.facts, files: universe.files, bytes: universe.bytes, lookups,
      variants: VARIANTS.map((v, i) => ({ name: v.name, ...stats[i], filesOpened: files[i], bytesNeeded: needed[i] })),
      measuredAt: new Date().toISOString(),
    }, null, 2));
    console.log(`\ntotal ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    engine.close();
  }
}

await main();
