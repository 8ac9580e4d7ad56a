// Benchmark of the fund reverse lookup for a widely held security (held by every fund) over a synthetic N-PORT
// universe: BENCH_FUNDS fund series, each with its latest report and a prior quarter's for a tenth of them, and
// BENCH_HOLDINGS holdings lines in all, written as the ingest writes them (holdings sorted by CUSIP). The baseline is a
// plain DuckDB filter returning the same security's holdings rows from the same Parquet files, measured in the same run.
// The same warehouse also holds tailored shareholder reports and prospectuses (the demo generator's, for the demo funds
// and a registrant with BENCH_CLASSES share classes, ingested through the real pipeline): /api/fund/performance and
// /api/fund/fees (their macros for one class) are timed against a plain read of that registrant's facts (facts_of).
// The universe is built once per size and kept outside the repository (BENCH_CACHE, default <tmp>/filings-bench-cache);
// BENCH_REBUILD=1 builds it afresh.
// Run: npx tsx bench/fundReverseLookup.bench.ts   (BENCH_FUNDS=5000 BENCH_HOLDINGS=2000000 BENCH_SAMPLES=20)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Engine } from '../engine/db/Engine.ts';
import { ensureWarehouse } from '../engine/warehouse/ensureWarehouse.ts';
import { quotePath } from '../engine/db/quote.ts';
import { defined } from '../engine/query/defined.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { writeDemoFundReports } from '../demo/writeDemoFundReports.ts';
import { DEMO_FUND_REPORT_SUBJECTS } from '../demo/demoFundReportSubjects.ts';
import { DEMO_YEARS } from '../demo/demoCompanies.ts';
import type { FundReportSubject } from '../demo/fundReportDocuments.ts';

const funds = Number(process.env.BENCH_FUNDS ?? 5000);
const holdings = Number(process.env.BENCH_HOLDINGS ?? 2_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 20);
const classes = Number(process.env.BENCH_CLASSES ?? 24);
const HEAVY = '037833100';
/** Bumped when the universe's layout changes, so a cached one of an older layout is not reused. */
const UNIVERSE_VERSION = 2;

/** A registrant with many share classes in one series: the size at which per-class fund macros are felt. */
const WIDE: FundReportSubject = {
  cik: 9_997_050, registrantName: 'Bench Wide Trust (BENCH DATA)', seriesId: 'S999000050', seriesName: 'Bench Wide Fund', prefix: 'bwf', etf: false,
  classes: Array.from({ length: classes }, (_, i) => ({
    classId: `C99905${String(i).padStart(4, '0')}`, ticker: `BW${String(i).padStart(2, '0')}X`, name: `Class ${String(i)}`,
    inception: `${String(2008 + (i % 12))}-03-03`, expenseRatio: 0.004 + i * 0.0002,
  })),
};

const quantile = (xs: number[], q: number) => defined([...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))], 'quantile');

/** Writes the synthetic N-PORT reports and holdings straight into a fresh warehouse's Parquet folders. */
async function buildWarehouse(dir: string): Promise<void> {
  await ensureWarehouse(dir);
  const instance = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: '3GB' });
  const c = await instance.connect();
  try {
    // every fund reports 2024-12-31; a tenth also have the prior quarter's report (the lookup must pick the latest)
    await c.run(`
      CREATE TABLE reports AS
      SELECT 'BENCH-' || f || '-' || q AS accession, 2000000 + f AS cik, 'NPORT-P' AS form,
        (CASE q WHEN 0 THEN DATE '2025-02-28' ELSE DATE '2024-11-29' END) AS filed,
        'S' || lpad((900000000 + f)::VARCHAR, 9, '0') AS series_id, 'BENCH FUND ' || f AS series_name, NULL::VARCHAR AS series_lei,
        'BENCH TRUST ' || f AS reg_name, DATE '2024-12-31' AS rep_pd_end,
        (CASE q WHEN 0 THEN DATE '2024-12-31' ELSE DATE '2024-09-30' END) AS rep_pd_date, false AS is_final,
        1e9::DOUBLE AS tot_assets, 1e7::DOUBLE AS tot_liabs, 9.9e8::DOUBLE AS net_assets,
        1e6::DOUBLE AS sales1, 0::DOUBLE AS reinvest1, 1e6::DOUBLE AS redemption1, 1e6::DOUBLE AS sales2, 0::DOUBLE AS reinvest2,
        1e6::DOUBLE AS redemption2, 1e6::DOUBLE AS sales3, 0::DOUBLE AS reinvest3, 1e6::DOUBLE AS redemption3, 'nport' AS source
      FROM range(${String(funds)}) t(f), range(2) r(q)
      WHERE q = 0 OR f % 10 = 0`);
    await c.run(`COPY reports TO ${quotePath(path.join(dir, 'nport_reports', 'part-bench.parquet'))} (FORMAT parquet, COMPRESSION zstd)`);
    const reports = Number((await c.runAndReadAll('SELECT count(*)::INTEGER FROM reports')).getRows()[0]?.[0]);
    const perReport = Math.max(2, Math.floor(holdings / reports));
    // every report holds the heavy security in its first line; the rest draw from 50,000 other CUSIPs
    await c.run(`
      COPY (
        WITH h AS (
          SELECT r.accession, s + 1 AS seq, s,
            CASE WHEN s = 0 THEN '${HEAVY}' ELSE lpad(((hash(r.accession, s) % 50000) + 100000)::VARCHAR, 8, '0') || '1' END AS cusip
          FROM reports r, range(${String(perReport)}) t(s)
        )
        SELECT accession, seq::INTEGER AS seq, 'ISSUER ' || cusip AS name, NULL::VARCHAR AS lei, 'COM' AS title, cusip,
          'US' || cusip || '0' AS isin, NULL::VARCHAR AS ticker, []::STRUCT("desc" VARCHAR, value VARCHAR)[] AS other_ids,
          ((hash(seq, accession) % 100000) + 10)::DOUBLE AS balance, 'NS' AS units, 'USD' AS currency,
          ((hash(accession, seq) % 5000000) + 1000)::DOUBLE AS value_usd, 0.1::DOUBLE AS pct_val, 'Long' AS payoff_profile,
          'EC' AS asset_cat, 'CORP' AS issuer_cat, 'US' AS country, false AS is_restricted, '1' AS fair_val_level,
          NULL::JSON AS derivative, 'nport' AS source, cusip AS lookup_cusip
        FROM h ORDER BY lookup_cusip, isin, accession, seq
      ) TO ${quotePath(path.join(dir, 'nport_holdings', 'part-bench.parquet'))} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 16384)`);
  } finally {
    c.closeSync();
    instance.closeSync();
  }
}

/** The fund report documents, ingested through the real pipeline (their facts land in the facts dataset). */
async function ingestFundReports(dir: string): Promise<void> {
  const docs = path.join(dir, '_bench-docs');
  writeDemoFundReports(docs, [...DEMO_FUND_REPORT_SUBJECTS, WIDE], DEMO_YEARS);
  const engine = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 2, memoryLimit: '3GB' });
  try {
    await ingestPaths(engine, [docs]);
  } finally {
    engine.close();
  }
  fs.rmSync(docs, { recursive: true, force: true });
}

/** p50 and p99 of `samples` runs of each query, interleaved so that load on the box hits every query alike. */
async function timeQueries(engine: Engine, queries: Record<string, { sql: string; params: Record<string, string | number> }>): Promise<Record<string, { p50: number; p99: number; rows: number }>> {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(queries).map((k) => [k, []]));
  const rows: Record<string, number> = {};
  await engine.withConnection(async (c) => {
    for (const [name, q] of Object.entries(queries)) rows[name] = (await c.runAndReadAll(q.sql, q.params)).currentRowCount;
    for (let i = 0; i < samples; i++) {
      for (const [name, q] of Object.entries(queries)) {
        const t = performance.now();
        await c.runAndReadAll(q.sql, q.params);
        defined(times[name], name).push(performance.now() - t);
      }
    }
  });
  return Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, { p50: quantile(xs, 0.5), p99: quantile(xs, 0.99), rows: rows[k] ?? 0 }]));
}

// BENCH_KEEP=<dir>: build into that folder instead of the cache (profiling)
const cacheRoot = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), 'filings-bench-cache');
const dir = process.env.BENCH_KEEP ?? path.join(cacheRoot, `fund-lookup-v${String(UNIVERSE_VERSION)}-${String(funds)}f-${String(holdings)}h-${String(classes)}c`);
const ready = path.join(dir, '.bench-ready');
{
  let t = performance.now();
  if (process.env.BENCH_REBUILD === '1' || !fs.existsSync(ready)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    await buildWarehouse(dir);
    await ingestFundReports(dir);
    fs.writeFileSync(ready, new Date().toISOString());
    console.log(`built ${String(funds)} funds, ~${holdings.toLocaleString('en-US')} holdings rows and the fund reports in ${((performance.now() - t) / 1000).toFixed(1)} s (cached in ${dir})`);
  } else {
    console.log(`reusing the universe cached in ${dir}`);
  }
  t = performance.now();
  const engine = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 2, memoryLimit: '3GB', poolSize: 1 });
  try {
    const [stats] = await engine.query<{ rows: number; heavy: number }>(
      `SELECT count(*)::INTEGER AS rows, count(*) FILTER (WHERE cusip = $c)::INTEGER AS heavy FROM src_nport_holdings`, { c: HEAVY });
    const lookup = `SELECT * FROM fund_reverse_lookup(NULL, NULL, $c, NULL, NULL, NULL)`;
    const baseline = `SELECT * FROM src_nport_holdings WHERE cusip = $c`;
    const times: Record<'lookup' | 'baseline', number[]> = { lookup: [], baseline: [] };
    let lookupRows = 0;
    await engine.withConnection(async (c) => {
      lookupRows = (await c.runAndReadAll(lookup, { c: HEAVY })).currentRowCount;
      await c.runAndReadAll(baseline, { c: HEAVY });
      for (let i = 0; i < samples; i++) {
        for (const [name, sql] of [['lookup', lookup], ['baseline', baseline]] as const) {
          t = performance.now();
          await c.runAndReadAll(sql, { c: HEAVY });
          times[name].push(performance.now() - t);
        }
      }
    });
    const result = {
      funds, holdingsRows: defined(stats, 'stats').rows, heavyRows: defined(stats, 'stats').heavy, lookupRows, samples,
      lookup: { p50: quantile(times.lookup, 0.5), p99: quantile(times.lookup, 0.99) },
      baseline: { p50: quantile(times.baseline, 0.5), p99: quantile(times.baseline, 0.99) },
      ratioP50: quantile(times.lookup, 0.5) / quantile(times.baseline, 0.5),
      ratioP99: quantile(times.lookup, 0.99) / quantile(times.baseline, 0.99),
    };
    console.log(`holdings ${result.holdingsRows.toLocaleString('en-US')} rows, heavy security ${String(result.heavyRows)} rows -> ${String(lookupRows)} fund rows (latest reports only)`);
    console.log(`fund_reverse_lookup     p50 ${result.lookup.p50.toFixed(1)} ms  p99 ${result.lookup.p99.toFixed(1)} ms`);
    console.log(`plain filter (baseline) p50 ${result.baseline.p50.toFixed(1)} ms  p99 ${result.baseline.p99.toFixed(1)} ms`);
    console.log(`ratio p50 ${result.ratioP50.toFixed(2)}x  p99 ${result.ratioP99.toFixed(2)}x`);
    const symbol = defined(WIDE.classes[Math.floor(classes / 2)], 'a class').ticker;
    const reports = await timeQueries(engine, {
      performance: { sql: 'SELECT * FROM fund_performance($cik, NULL, NULL, $s, NULL)', params: { cik: WIDE.cik, s: symbol } },
      fees: { sql: 'SELECT * FROM fund_fees($cik, NULL, NULL, $s, NULL)', params: { cik: WIDE.cik, s: symbol } },
      facts: { sql: 'SELECT * FROM facts_of($cik)', params: { cik: WIDE.cik } },
    });
    const facts = defined(reports.facts, 'facts');
    const reportResult = Object.fromEntries(Object.entries(reports).map(([k, v]) => [k, { ...v, ratioP50: v.p50 / facts.p50 }]));
    for (const [name, v] of Object.entries(reportResult)) {
      console.log(`${name.padEnd(23)} p50 ${v.p50.toFixed(1)} ms  p99 ${v.p99.toFixed(1)} ms  ${String(v.rows)} rows  p50 vs facts_of ${v.ratioP50.toFixed(2)}x`);
    }
    Object.assign(result, { reports: { classes, symbol, ...reportResult } });
    const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'out');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'fundReverseLookup.json'), JSON.stringify(result, null, 2));
  } finally {
    engine.close();
  }
}
