// Benchmark of one company's standardized statement and revenue footnote in a large warehouse: the income statement
// (40 quarters) computed by the period engine and read from the materialized `statements` dataset, and the revenue
// segmentation footnote (computed; its facts are one-axis product and geographic members), each as a ratio against
// the plain single-company facts read (facts_of) timed in the same run on the same companies.
// The universe is the synthetic one with dimensional revenue facts; only the sampled companies' buckets are
// materialized (with the same bulk query the ingest's refresh runs), since a full refresh of 5,000 companies is the
// periods bench's figure, not this one's.
// Usage: npm run bench -- statements [--companies 5000] [--first-year 2015] [--last-year 2024] [--samples 12]
// (about a minute on a quiet 2-core box at --companies 500; the 5,000-company universe builds once into the
// bench/universe.ts cache outside the repository and is reused by later runs)
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { MATERIALIZED_OUTPUTS } from '../engine/financials/materializePeriods.ts';
import { jsonRowsSql } from '../engine/query/macroSql.ts';
import { quotePath } from '../engine/db/quote.ts';
import { BENCH_OUT, ensureUniverse } from './universe.ts';
import { numberArg, percentile } from './measure.ts';
import { defined } from '../engine/query/defined.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 5000);
const firstYear = numberArg(argv, 'first-year', 2015);
const lastYear = numberArg(argv, 'last-year', 2024);
const samples = numberArg(argv, 'samples', 12);
const log = (line: string) => { console.log(line); };

const universe = await ensureUniverse({ companies, firstYear, lastYear, dimensional: true, log });
log(`universe: ${String(universe.companies)} companies, ${universe.facts.toLocaleString('en-US')} facts (${(universe.bytes / 1e6).toFixed(0)} MB), dimensional revenue`);
const engine = await Engine.open({ warehouseDir: universe.dir, mode: 'write', threads: 2, memoryLimit: '6GB' });

try {
  // samples from one bucket: materializing it stands for the whole refresh (the periods bench measures that)
  const buckets = [(universe.firstCik + 7) % 64];
  const ciks = Array.from({ length: companies }, (_, i) => universe.firstCik + i).filter((c) => buckets.includes(c % 64)).slice(0, samples);
  const statements = defined(MATERIALIZED_OUTPUTS.find((o) => o.folder === 'statements'), 'statements output');
  const materializeStarted = performance.now();
  await engine.withConnection(async (c) => {
    for (const b of buckets) {
      const dir = path.join(universe.dir, statements.folder, `bucket=${String(b)}`);
      fs.mkdirSync(dir, { recursive: true });
      await c.run(`COPY (${statements.select}) TO ${quotePath(path.join(dir, statements.file))} (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 4096)`, { b });
    }
  });
  const materializeSeconds = (performance.now() - materializeStarted) / 1000;
  log(`materialized statements of ${String(buckets.length)} buckets: ${materializeSeconds.toFixed(1)} s`);

  const latency = async (sql: string, bind: (cik: number) => (string | number | null)[]) => {
    const ms: number[] = [];
    await engine.withConnection(async (c) => {
      await c.runAndReadAll(sql, bind(defined(ciks[0], 'ciks[0]'))); // warm the file cache and the plan
      for (const cik of ciks) {
        const t = performance.now();
        const rows = (await c.runAndReadAll(sql, bind(cik))).getRows();
        ms.push(performance.now() - t);
        if (rows.length === 0) throw new Error(`no rows for ${String(cik)}: ${sql}`);
      }
    });
    const sorted = [...ms].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const read = await latency('SELECT * FROM facts_of($1::INTEGER)', (cik) => [cik]);
  const computed = await latency(jsonRowsSql('income_statement', 5, false), (cik) => [cik, 'quarter', 40, 'USD', null]);
  const stored = await latency(jsonRowsSql('income_statement_stored', 4, false), (cik) => [cik, 'quarter', 40, 'USD']);
  const segmentation = await latency(jsonRowsSql('footnote_revenue_segmentation', 4, false), (cik) => [cik, 'annual', null, null]);
  const readAgain = await latency('SELECT * FROM facts_of($1::INTEGER)', (cik) => [cik]);

  const result = {
    companies: universe.companies, facts: universe.facts, samples: ciks.length, materializeSeconds, buckets: buckets.length,
    singleCompanyMs: { factsRead: read, factsReadAfter: readAgain, incomeStatementComputed: computed, incomeStatementStored: stored, revenueSegmentation: segmentation },
    measuredAt: new Date().toISOString(),
  };
  fs.mkdirSync(BENCH_OUT, { recursive: true });
  fs.writeFileSync(path.join(BENCH_OUT, 'statements.json'), JSON.stringify(result, null, 2));
  const f = (x: number) => x.toFixed(1);
  const ratio = (x: { p50: number }) => `${f(x.p50 / read.p50)}x the read`;
  log('');
  log('| figure | value |');
  log('|---|---|');
  log(`| universe | ${universe.companies.toLocaleString('en-US')} companies, ${universe.facts.toLocaleString('en-US')} facts, ${String(ciks.length)} sampled |`);
  log(`| one company's facts read (facts_of) | p50 ${f(read.p50)} ms, p99 ${f(read.p99)} ms (again at the end: p50 ${f(readAgain.p50)} ms) |`);
  log(`| income statement, 40 quarters, computed | p50 ${f(computed.p50)} ms, p99 ${f(computed.p99)} ms (${ratio(computed)}) |`);
  log(`| income statement, 40 quarters, stored | p50 ${f(stored.p50)} ms, p99 ${f(stored.p99)} ms (${ratio(stored)}) |`);
  log(`| revenue segmentation, annual, computed | p50 ${f(segmentation.p50)} ms, p99 ${f(segmentation.p99)} ms (${ratio(segmentation)}) |`);
} finally {
  engine.close();
}
