// Backtest of the earnings-date predictor (sql/80_filings/33_earnings_prediction.sql) on every company of the shared
// fixtures' submissions JSON: each earnings release (the first 8-K Item 2.02 of a fiscal period, 10+ days after its end)
// is predicted from the filings made before it, and compared with the date it was filed. Baseline in the same run:
// the same quarter's release a year earlier plus 52 weeks (the naive "same weekday, same week" rule).
// Usage: npm run bench -- earningsBacktest [--since 2021-01-01] (about a minute; the README's figures: --since 2015-01-01)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { ensureWarehouse } from '../engine/warehouse/ensureWarehouse.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { BENCH_OUT } from './universe.ts';

const argv = process.argv.slice(2);
const sinceAt = argv.indexOf('--since');
const since = sinceAt >= 0 ? (argv[sinceAt + 1] ?? '2021-01-01') : '2021-01-01';
const fixtures = path.resolve(process.env['FILINGS_FIXTURES'] ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../../shared/fixtures'));
const sources = [path.join(fixtures, 'edgar/submissions'), path.join(fixtures, 'sec-datasets/bulk-json/submissions')].filter((p) => fs.existsSync(p));
if (sources.length === 0) {
  console.log(`earningsBacktest: no submissions fixtures under ${fixtures}; nothing to measure`);
  process.exit(0);
}

interface Release { cik: number; release: string; periodEnd: string; annual: boolean }
interface Predicted { expected: string | null; confidence: string | null }

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'earnings-'));
await ensureWarehouse(dir);
const engine = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 2, memoryLimit: '2GB' });
try {
  const started = performance.now();
  await ingestPaths(engine, sources);
  const releases = await engine.query<Release>(`
    SELECT cik::INTEGER AS cik, strftime(release_date, '%Y-%m-%d') AS release, strftime(period_end, '%Y-%m-%d') AS periodEnd, annual
    FROM earnings_releases(NULL, NULL) WHERE is_primary ORDER BY cik, release_date`);
  const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);
  const rows: { error: number; baseline: number | null; confidence: string }[] = [];
  for (const r of releases) {
    if (r.release < since) continue;
    const [p] = await engine.query<Predicted>(`
      SELECT strftime(expected_date, '%Y-%m-%d') AS expected, confidence FROM earnings_prediction($1::INTEGER, $2::DATE)
      WHERE period_end = $3::DATE`, [r.cik, r.release, r.periodEnd]);
    if (!p?.expected || !p.confidence) continue;
    // baseline: the release of the period a year earlier (same kind), moved 52 weeks
    const prior = releases.find((x) => x.cik === r.cik && x.annual === r.annual && Math.abs(days(r.periodEnd, x.periodEnd) - 365) <= 10);
    const baseline = prior ? Math.abs(days(r.release, new Date(Date.parse(prior.release) + 364 * 86_400_000).toISOString().slice(0, 10))) : null;
    rows.push({ error: Math.abs(days(r.release, p.expected)), baseline, confidence: p.confidence });
  }
  const summary = (set: typeof rows) => {
    const n = set.length;
    const within = (d: number) => (n ? set.filter((x) => x.error <= d).length / n : 0);
    const withBase = set.filter((x) => x.baseline !== null);
    return {
      n, meanAbsErrorDays: n ? set.reduce((s, x) => s + x.error, 0) / n : null,
      within1: within(1), within7: within(7),
      baselineN: withBase.length,
      predictorMaeOnBaselineSet: withBase.length ? withBase.reduce((s, x) => s + x.error, 0) / withBase.length : null,
      baselineMae: withBase.length ? withBase.reduce((s, x) => s + (x.baseline ?? 0), 0) / withBase.length : null,
    };
  };
  const result = {
    since, seconds: Math.round((performance.now() - started) / 1000), companies: new Set(releases.map((r) => r.cik)).size, all: summary(rows),
    byConfidence: Object.fromEntries(['high', 'medium', 'low'].map((c) => [c, summary(rows.filter((x) => x.confidence === c))])),
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(BENCH_OUT, { recursive: true });
  fs.writeFileSync(path.join(BENCH_OUT, 'earningsBacktest.json'), JSON.stringify(result, null, 2));
} finally {
  engine.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
