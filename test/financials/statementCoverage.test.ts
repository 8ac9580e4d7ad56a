// The coverage report (statement_coverage over the stored statements, and the REPL file that sums it) on a warehouse
// of a few fixture companies: its counts match the stored statements, its shares lie in [0, 1], and the balance check
// agrees with the balance sheets read from an FS-and-Notes filing in the test.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import { ReplSession } from '../../scripts/repl/ReplSession.ts';
import { runScript } from '../../scripts/repl/runScript.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let cleanup: () => void;
const companyFacts = fixture('edgar', 'companyfacts');
const fsn = fixture('sec-datasets', 'fsn', '2019q1');

interface Coverage {
  cik: number;
  annual_periods: number;
  with_revenue: number;
  with_net_income: number;
  with_total_assets: number;
  with_operating_cash_flow: number;
  balance_checked: number;
  balanced: number;
  filed_checked: number;
  filed_balanced: number;
}

before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  await ingestPaths(engine, [...fs.readdirSync(companyFacts).map((f) => path.join(companyFacts, f)), fsn]);
  await materializePeriods(engine);
});
after(() => {
  cleanup();
});

async function coverage(): Promise<Coverage[]> {
  return engine.query<Coverage>(`SELECT cik::INTEGER AS cik, COLUMNS(* EXCLUDE (cik))::INTEGER FROM statement_coverage(NULL) ORDER BY cik`);
}

test('per company: every count is bounded by its whole, and annual periods and filled lines match the stored statements', async () => {
  const rows = await coverage();
  const ciks = (await engine.query<{ cik: number }>(
    `SELECT DISTINCT cik::INTEGER AS cik FROM read_parquet(getvariable('warehouse') || '/statements/*/*.parquet')
     WHERE series IN ('annual', 'quarter') ORDER BY cik`)).map((r) => r.cik);
  assert.deepEqual(rows.map((r) => r.cik), ciks, 'one row per company with stored statements');
  for (const r of rows) {
    for (const k of ['with_revenue', 'with_net_income', 'with_total_assets', 'with_operating_cash_flow'] as const) {
      assert.ok(r[k] >= 0 && r[k] <= r.annual_periods, `${String(r.cik)} ${k} ${String(r[k])} of ${String(r.annual_periods)}`);
    }
    assert.ok(r.balanced <= r.balance_checked && r.filed_balanced <= r.filed_checked && r.filed_checked <= r.balance_checked, String(r.cik));
    // recounted from the company's stored statement lines (standard_values_stored): the fiscal years with a flow stated
    // that an annual report (10-K, 20-F, 40-F) covers
    const [n] = await engine.query<{ annual: number; revenue: number; net_income: number; assets: number; ocf: number }>(`
      WITH y AS (SELECT * FROM standard_values_stored($1::INTEGER) WHERE series = 'annual'
                 AND period_end IN (SELECT period_end FROM standard_values_stored($1::INTEGER) WHERE series = 'annual' AND kind = 'flow')
                 AND period_end IN (SELECT period_end FROM facts_of($1::INTEGER)
                                    WHERE form IN ('10-K', '10-K/A', '20-F', '20-F/A', '40-F', '40-F/A') AND period_end - period_start > 300))
      SELECT count(DISTINCT period_end)::INTEGER AS annual,
             count(DISTINCT period_end) FILTER (WHERE line = 'revenue')::INTEGER AS revenue,
             count(DISTINCT period_end) FILTER (WHERE line = 'netIncome')::INTEGER AS net_income,
             count(DISTINCT period_end) FILTER (WHERE line = 'totalAssets')::INTEGER AS assets,
             count(DISTINCT period_end) FILTER (WHERE line = 'operatingCashFlow')::INTEGER AS ocf
      FROM y`, [r.cik]);
    const c = defined(n, 'counts');
    assert.deepEqual(
      [r.annual_periods, r.with_revenue, r.with_net_income, r.with_total_assets, r.with_operating_cash_flow],
      [c.annual, c.revenue, c.net_income, c.assets, c.ocf], String(r.cik));
  }
  assert.ok(rows.some((r) => r.annual_periods > 0 && r.with_revenue > 0 && r.balance_checked > 0), 'the fixture companies have statements');
});

test('the balance check agrees with the balance sheets of an FS-and-Notes 10-K, read from its num table here', async () => {
  // the filer's undimensioned instants: every period end stating assets, liabilities and stockholders' equity
  const [header, ...lines] = fs.readFileSync(path.join(fsn, 'num.tsv'), 'utf8').split(/\r?\n/).filter(Boolean);
  const col = (name: string) => defined(header, 'header').split('\t').indexOf(name);
  const [adshI, tagI, ddateI, qtrsI, dimnI, coregI, valueI] = ['adsh', 'tag', 'ddate', 'qtrs', 'dimn', 'coreg', 'value'].map(col);
  const byEnd = new Map<string, Map<string, number>>();
  let adsh = '';
  for (const line of lines) {
    const f = line.split('\t');
    if (f[qtrsI ?? -1] !== '0' || f[dimnI ?? -1] !== '0' || f[coregI ?? -1] !== '') continue;
    adsh = f[adshI ?? -1] ?? adsh;
    const end = defined(f[ddateI ?? -1], 'ddate');
    const tags = byEnd.get(end) ?? new Map<string, number>();
    tags.set(defined(f[tagI ?? -1], 'tag'), Number(f[valueI ?? -1]));
    byEnd.set(end, tags);
  }
  const sub = fs.readFileSync(path.join(fsn, 'sub.tsv'), 'utf8').split(/\r?\n/);
  const subCols = defined(sub[0], 'sub header').split('\t');
  const subRow = defined(sub.find((l) => l.startsWith(`${adsh}\t`)), `sub row of ${adsh}`).split('\t');
  const cik = Number(subRow[subCols.indexOf('cik')]);
  let sheets = 0;
  let balanced = 0;
  for (const tags of byEnd.values()) {
    const assets = tags.get('Assets');
    const liabilities = tags.get('Liabilities');
    const equity = tags.get('StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest') ??
      (tags.has('StockholdersEquity') ? (tags.get('StockholdersEquity') ?? 0) + (tags.get('MinorityInterest') ?? 0) : undefined);
    if (assets === undefined || liabilities === undefined || equity === undefined || assets === 0) continue;
    const temporary = tags.get('TemporaryEquityCarryingAmountIncludingPortionAttributableToNoncontrollingInterests') ?? 0;
    sheets++;
    if (Math.abs(assets - (liabilities + temporary + equity)) <= 0.001 * Math.abs(assets)) balanced++;
  }
  assert.ok(sheets > 0, 'the filing states balance sheets');
  const row = defined((await coverage()).find((r) => r.cik === cik), `coverage of ${String(cik)}`);
  assert.deepEqual([row.balance_checked, row.balanced, row.filed_checked], [sheets, balanced, sheets]);
});

test('the REPL report runs on the warehouse and prints shares between 0 and 1', async () => {
  let out = '';
  const errors: string[] = [];
  const session = new ReplSession(engine, {
    allowedDirs: [], cwd: process.cwd(), warehouseDir: engine.warehouseDir, interactive: false,
    out: (s) => { out += s; }, err: (s) => { errors.push(s); },
  });
  session.mode = 'csv';
  const script = fs.readFileSync(path.join(import.meta.dirname, 'statement_coverage.sql'), 'utf8');
  assert.equal(await runScript(session, script, (s) => { errors.push(s); }), 'ok', errors.join(''));
  // the first result: one row of totals; every *_share column holds a fraction
  const lines = out.split(/\r?\n/);
  const at = lines.findIndex((l) => l.startsWith('companies,'));
  const [head, totals] = lines.slice(at);
  const names = defined(head, 'csv header').split(',');
  const values = defined(totals, 'csv totals').split(',');
  const shares = names.map((n, i) => [n, Number(values[i])] as const).filter(([n]) => n.endsWith('_share'));
  assert.equal(shares.length, 6, names.join(','));
  for (const [n, v] of shares) assert.ok(v >= 0 && v <= 1, `${n} = ${String(v)}`);
  assert.equal(Number(values[names.indexOf('companies')]), (await coverage()).length);
});
