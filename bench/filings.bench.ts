// Benchmark of the filing-centric macros on the fixture companies: p50 latency of one company's filing timeline,
// earnings calendar and recent offerings, and of the market-wide IPO calendar, against the floor of a plain DuckDB read
// of the same company's filing rows (src_filings, its partition) in the same run. Warehouse: every submissions JSON of
// the fixtures and the 8-K, S-1, S-3, 424B full submissions, ingested once into a temporary folder.
// Usage: npm run bench -- filings [--samples 7]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
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
  const rows: [string, number][] = [
    ['filing_timeline', await latency(jsonRowsSql('filing_timeline', 1, false), [cik])],
    ['earnings_calendar', await latency('SELECT * FROM earnings_calendar($1::INTEGER, NULL, NULL)', [cik])],
    ['recent_offerings', await latency('SELECT * FROM recent_offerings($1::INTEGER, NULL, NULL)', [cik])],
    ['ipo_deals (market-wide)', await latency('SELECT * FROM ipo_deals(NULL)', [])],
  ];
  console.log(`cik ${String(cik)} (${String(top.n)} filing rows), ${String(samples)} samples, p50`);
  printTable([
    ['query', 'p50 ms', 'x floor'],
    ['floor: plain read of the filing rows', floor.toFixed(1), '1.0'],
    ...rows.map(([name, ms]) => [name, ms.toFixed(1), (ms / floor).toFixed(1)]),
  ]);
} finally {
  engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
