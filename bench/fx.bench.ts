// Benchmark of currency conversion: every monetary fact of the synthetic universe converted to EUR by the spec's
// rules (sql/30_fx: period-end spot for instants, day-weighted average for durations) against the same read and sum
// without conversion, in the same run. The universe gets the ECB history from the fixtures (or the demo rates when
// the fixtures are absent) the first time.
// Usage: npm run bench -- fx [--companies 500] [--first-year 2015] [--last-year 2024] [--runs 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { warehouseHasRates } from '../engine/edgar/fetchFxRates.ts';
import { writeDemoFxRates } from '../demo/demoFxRates.ts';
import { BENCH_OUT, ensureUniverse } from './universe.ts';
import { numberArg } from './measure.ts';
import { defined } from '../engine/query/defined.ts';

const argv = process.argv.slice(2);
const companies = numberArg(argv, 'companies', 500);
const firstYear = numberArg(argv, 'first-year', 2015);
const lastYear = numberArg(argv, 'last-year', 2024);
const runs = numberArg(argv, 'runs', 3);
const log = (line: string) => { console.log(line); };

const universe = await ensureUniverse({ companies, firstYear, lastYear, log });
const engine = await Engine.open({ warehouseDir: universe.dir, mode: 'write', threads: 2, memoryLimit: '4GB' });

const MONEY = `SELECT unit, value, period_start, period_end, fx_unit_currency(unit) AS money, fx_method(unit, period_start) AS method
  FROM src_facts WHERE fx_unit_currency(unit) IS NOT NULL`;
const PLAIN = `SELECT count(*)::DOUBLE AS n, sum(value) AS total FROM (${MONEY})`;
// the fx_facts pattern over the whole universe: distinct (currency, method, period) keys priced once, joined back
const CONVERTED = `WITH f AS MATERIALIZED (${MONEY}),
keys AS (SELECT list(DISTINCT {'currency': money, 'method': method, 'start_date': CASE WHEN method = 'average' THEN period_start END, 'end_date': period_end}) AS k FROM f),
r AS (SELECT * FROM fx_key_rates((SELECT k FROM keys), 'EUR', NULL))
SELECT count(*)::DOUBLE AS n, sum(f.value * r.rate) AS total, count(r.rate)::DOUBLE AS converted, (SELECT len(k) FROM keys)::DOUBLE AS keys
FROM f LEFT JOIN r ON r.currency = f.money AND r.method = f.method AND r.end_date = f.period_end
 AND r.start_date IS NOT DISTINCT FROM (CASE WHEN f.method = 'average' THEN f.period_start END)`;

try {
  if (!warehouseHasRates(universe.dir)) {
    const ecb = path.resolve(process.env.FILINGS_FIXTURES ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../../shared/fixtures'), 'edgar/fx/ecb/eurofxref-hist.zip');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-bench-'));
    const input = fs.existsSync(ecb) ? ecb : writeDemoFxRates(tmp, { first: firstYear, last: lastYear });
    await ingestPaths(engine, [input]);
    fs.rmSync(tmp, { recursive: true, force: true });
    log(`rates: ingested ${path.basename(input)}`);
  }
  const time = async (sql: string) => {
    const t = performance.now();
    const [row] = await engine.query<Record<string, number>>(sql);
    return { row: defined(row, 'row'), s: (performance.now() - t) / 1000 };
  };
  await time(PLAIN); // warm the file cache
  const plain: number[] = [];
  const converted: number[] = [];
  let last: Record<string, number> = {};
  for (let i = 0; i < runs; i++) {
    plain.push((await time(PLAIN)).s);
    const c = await time(CONVERTED);
    converted.push(c.s);
    last = c.row;
  }
  const best = (xs: number[]) => Math.min(...xs);
  const result = {
    companies: universe.companies, facts: universe.facts, moneyFacts: last.n, converted: last.converted, keys: last.keys,
    plainSeconds: best(plain), convertedSeconds: best(converted), ratio: best(converted) / best(plain),
  };
  log(`money facts: ${String(last.n?.toLocaleString('en-US'))} (${String(last.converted?.toLocaleString('en-US'))} converted to EUR, ${String(last.keys)} distinct currency/period keys)`);
  log(`plain read+sum: ${result.plainSeconds.toFixed(2)} s; converted to EUR: ${result.convertedSeconds.toFixed(2)} s; ratio ${result.ratio.toFixed(1)}x (best of ${String(runs)})`);
  fs.mkdirSync(BENCH_OUT, { recursive: true });
  fs.writeFileSync(path.join(BENCH_OUT, 'fx.json'), JSON.stringify(result, null, 2));
} finally {
  engine.close();
}
