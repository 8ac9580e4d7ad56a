// Benchmark of the fund reverse lookup for a widely held security (held by every fund) over a synthetic N-PORT
// universe: BENCH_FUNDS fund series, each with its latest report and a prior quarter's for a tenth of them, and
// BENCH_HOLDINGS holdings lines in all, written as the ingest writes them (holdings sorted by CUSIP). The baseline is a
// plain DuckDB filter returning the same security's holdings rows from the same Parquet files, measured in the same run.
// Run: npx tsx bench/fundReverseLookup.bench.ts   (BENCH_FUNDS=5000 BENCH_HOLDINGS=2000000 BENCH_SAMPLES=20)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { Engine } from '../engine/db/Engine.ts';
import { ensureWarehouse } from '../engine/warehouse/ensureWarehouse.ts';
import { quotePath } from '../engine/db/quote.ts';
import { defined } from '../engine/query/defined.ts';

const funds = Number(process.env.BENCH_FUNDS ?? 5000);
const holdings = Number(process.env.BENCH_HOLDINGS ?? 2_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 20);
const HEAVY = '037833100';

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

// BENCH_KEEP=<dir>: build once into that folder and reuse it on later runs (profiling)
const keep = process.env.BENCH_KEEP;
const dir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fund-lookup-'));
try {
  let t = performance.now();
  if (!keep || !fs.existsSync(path.join(dir, 'nport_holdings', 'part-bench.parquet'))) await buildWarehouse(dir);
  console.log(`built ${String(funds)} funds, ~${holdings.toLocaleString('en-US')} holdings rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
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
    const out = path.join(path.dirname(new URL(import.meta.url).pathname), 'out');
    fs.mkdirSync(out, { recursive: true });
    fs.writeFileSync(path.join(out, 'fundReverseLookup.json'), JSON.stringify(result, null, 2));
  } finally {
    engine.close();
  }
} finally {
  if (!keep) fs.rmSync(dir, { recursive: true, force: true });
}
