// Benchmark of the filing-centric macros on the fixture companies: p50 latency of one company's filing timeline,
// earnings calendar and recent offerings, and of the market-wide IPO calendar, each computed on the
// fly (merging the filing sources per request) and stored (the _stored twins the API reads while the stored outputs
// are current: the timeline and calendar rows stored per company, the others over the stored filings index), against the floor of a plain DuckDB read of the same company's filing rows
// (src_filings, its partition) in the same run. Warehouse: every submissions JSON of the fixtures and the 8-K, S-1,
// S-3, 424B full submissions, ingested once into a temporary folder, then materialized (materializePeriods).
// Usage: npm run bench -- filings [--samples 7]; the figures also land in bench/out/filings.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { materializePeriods } from '../engine/financials/materializePeriods.ts';
import { jsonRowsSql } from '../engine/query/macroSql.ts';
import { numberArg, percentile, printTable } from './measure.ts';

const argv = process.argv.slice(2);
const samples = numberArg(argv, 'samples', 7);
const FIXTURES = path.resolve(process.env['FILINGS_FIXTURES'] ?? '../shared/fixtures');
const edgar = (...p: string[]) => path.join(FIXTURES, 'edgar', ...p);
if (!fs.existsSync(edgar('submissions'))) {
  console.log(`filings bench: no fixtures at ${FIXTURES}; skipped`);
  process.exit(0);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filings-bench-'));
const engine = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 2, memoryLimit: '2GB' });
try {
  const inputs = [
    ...fs.readdirSync(edgar('submissions')).filter((f) => f.endsWith('.json.gz')).map((f) => edgar('submissions', f)),
    ...['8-K', 'S-1', 'S-3', '424B'].map((d) => edgar('filings', d)).filter((d) => fs.existsSync(d)),
  ];
  await ingestPaths(engine, inputs);
  const built = await materializePeriods(engine);
  console.log(`materialized ${String(built.buckets)} buckets in ${(built.ms / 1000).toFixed(1)} s`);
  // the company with the most filings is the slowest case of the per-company macros
  const [top] = await engine.query<{ cik: number; n: bigint }>('SELECT cik, count(*) AS n FROM src_filings GROUP BY cik ORDER BY n DESC LIMIT 1');
  if (!top) throw new Error('no filings ingested');
  const cik = top.cik;

  const latency = async (sql: string, args: (string | number | null)[]) => {
    const ms: number[] = [];
    await engine.withConnection(async (c) => {
      await c.runAndReadAll(sql, args); // warm the file cache and the plan
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        await c.runAndReadAll(sql, args);
        ms.push(performance.now() - t);
      }
    });
    return percentile([...ms].sort((a, b) => a - b), 50);
  };
  const floor = await latency('SELECT * FROM src_filings WHERE bucket = cik_bucket($1::INTEGER) AND cik = $1::INTEGER', [cik]);
  // each call as a function of the macro name, so the same statement runs on the fly and over the stored index
  const calls: [string, (macro: string) => string, (string | number | null)[]][] = [
    ['filing_timeline', (m) => jsonRowsSql(m, 1, false), [cik]],
    ['earnings_calendar', (m) => `SELECT * FROM ${m}($1::INTEGER, NULL, NULL)`, [cik]],
    ['recent_offerings', (m) => `SELECT * FROM ${m}($1::INTEGER, NULL, NULL)`, [cik]],
    ['ipo_deals', (m) => `SELECT * FROM ${m}(NULL)`, []],
  ];
  const rows: string[][] = [];
  const figures: Record<string, { liveMs: number; storedMs: number; liveX: number; storedX: number }> = {};
  for (const [macro, sql, args] of calls) {
    const live = await latency(sql(macro), args);
    const stored = await latency(sql(`${macro}_stored`), args);
    figures[macro] = { liveMs: live, storedMs: stored, liveX: live / floor, storedX: stored / floor };
    rows.push([macro, live.toFixed(1), (live / floor).toFixed(1), stored.toFixed(1), (stored / floor).toFixed(1)]);
  }
  fs.mkdirSync('bench/out', { recursive: true });
  fs.writeFileSync('bench/out/filings.json', JSON.stringify({ at: new Date().toISOString(), cik, filingRows: Number(top.n), samples,
    floorMs: floor, materializeMs: built.ms, load: os.loadavg(), figures }, null, 2));
  console.log(`cik ${String(cik)} (${String(top.n)} filing rows), ${String(samples)} samples, p50`);
  printTable([
    ['query', 'on the fly ms', 'x floor', 'stored ms', 'x floor'],
    ['floor: plain read of the filing rows', floor.toFixed(1), '1.0', floor.toFixed(1), '1.0'],
    ...rows,
  ]);
} finally {
  engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
