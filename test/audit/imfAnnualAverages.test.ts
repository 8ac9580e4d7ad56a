// Audit of currency conversion for a 20-F filer in a currency only the IMF table prices (Logistic Properties of the
// Americas to COP): the IMF file (named end-of-period, ENDA) states each year's average, which the filer's own 20-F
// shows: its tagged COP average rate for a year is the IMF figure within 0.5%, its closing rate is far from it. The
// IMF figure priced balances as a 31 December spot (total assets 2023 at 4,326 COP per USD where the year closed at
// 3,822). A balance with no year-end rate stays in its currency (fx.unconverted); calendar-year flows convert at the
// IMF average. Expected values are read here from the companyfacts document and the IMF file.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import * as v from 'valibot';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { readCompanyFacts, unitFacts } from '../helpers/companyFacts.ts';
import { defined } from '../helpers/defined.ts';
import { bodyAs } from '../helpers/bodyAs.ts';
import { FX_DIR, imfTable } from '../fx/fxSources.ts';

const FILE = fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz');
const CIK = 1997711;
const YEARS = ['2022', '2023', '2024'];

const Fx = v.object({
  targetCurrency: v.string(),
  rates: v.array(v.object({ from: v.string(), method: v.string(), rate: v.number(), effectiveDate: v.optional(v.string()), start: v.optional(v.string()), end: v.optional(v.string()) })),
  unconverted: v.optional(v.record(v.string(), v.array(v.string()))),
});
interface Row { period: string; currency: string | null; revenue?: number | null; totalAssets?: number | null; fx: string | null }

let docCache: ReturnType<typeof readCompanyFacts> | undefined;
const doc = () => (docCache ??= readCompanyFacts(FILE));
let imfCache: ReturnType<typeof imfTable> | undefined;
const imfCop = (year: string) => defined((imfCache ??= imfTable()).get('COP')?.get(`${year}-12-31`), `IMF COP ${year}`);

/** The filer's own COP rate (COP per USD) of a year: the average over it, or the closing rate at its end. */
function filerRate(concept: 'AverageForeignExchangeRate' | 'ClosingForeignExchangeRate', year: string): number {
  const facts = unitFacts(doc(), 'ifrs-full', concept, 'COP').filter((f) => f.end === `${year}-12-31`);
  return defined(facts.at(-1), `${concept} ${year}`).val;
}
function usd(concept: string, end: string, duration: boolean): number {
  const facts = unitFacts(doc(), 'ifrs-full', concept, 'USD')
    .filter((f) => f.end === end && (f.start !== undefined) === duration).sort((a, b) => a.filed.localeCompare(b.filed));
  return defined(facts.at(-1), `${concept} ${end}`).val;
}
let wh: Awaited<ReturnType<typeof openTempEngine>>;
before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [FX_DIR, FILE]);
});
after(() => {
  wh.cleanup();
});

test('the IMF figure of each year is the filer\'s average COP rate, not its closing rate', () => {
  for (const year of YEARS) {
    const imf = imfCop(year);
    assert.ok(Math.abs(imf / filerRate('AverageForeignExchangeRate', year) - 1) < 0.005, `${year}: IMF ${String(imf)} ~ the year's average`);
    assert.ok(Math.abs(imf / filerRate('ClosingForeignExchangeRate', year) - 1) > 0.05, `${year}: IMF ${String(imf)} is not the year end`);
  }
});

test('balance sheet in COP: no year-end spot from an annual average; the balances stay in USD and are listed', async () => {
  const rows = await wh.engine.query<Row>(`SELECT period, currency, totalAssets, fx FROM balance_sheet($c, 'annual', NULL, 'COP', NULL)`, { c: CIK });
  for (const year of YEARS) {
    const row = defined(rows.find((r) => r.period === `${year}-12-31`), `the ${year} balance sheet`);
    const fx = bodyAs(Fx, JSON.parse(defined(row.fx, 'fx')), 'fx');
    assert.equal(fx.targetCurrency, 'COP');
    assert.deepEqual(fx.rates, [], `${year}: no rate`);
    assert.ok(fx.unconverted?.USD?.includes('totalAssets'), `${year}: totalAssets listed`);
    assert.equal(row.totalAssets, usd('Assets', `${year}-12-31`, false));
    assert.equal(row.currency, 'USD');
  }
});

test('income statement in COP: the calendar year\'s revenue at the IMF average of that year', async () => {
  const rows = await wh.engine.query<Row>(`SELECT period, currency, revenue, fx FROM income_statement($c, 'annual', NULL, 'COP', NULL)`, { c: CIK });
  for (const year of YEARS) {
    const row = defined(rows.find((r) => r.period === `${year}-12-31`), `the ${year} income statement`);
    const fx = bodyAs(Fx, JSON.parse(defined(row.fx, 'fx')), 'fx');
    const rate = defined(fx.rates.find((r) => r.from === 'USD'), `${year}: the USD rate`);
    assert.deepEqual([rate.method, rate.start, rate.end], ['average', `${year}-01-01`, `${year}-12-31`]);
    assert.ok(Math.abs(rate.rate / imfCop(year) - 1) < 1e-12, `${year}: rate ${String(rate.rate)}`);
    const revenue = usd('Revenue', `${year}-12-31`, true);
    assert.ok(Math.abs(defined(row.revenue, 'revenue') / (revenue * imfCop(year)) - 1) < 1e-9, `${year}: revenue`);
    assert.equal(row.currency, 'COP');
  }
});

test('an annual-average quote prices neither a spot nor a window other than its calendar year', async () => {
  const spot = await wh.engine.query(`SELECT * FROM fx_rate('COP', 'USD', DATE '2023-12-31')`);
  assert.deepEqual(spot, []);
  const partial = await wh.engine.query(`SELECT * FROM fx_average('COP', 'USD', DATE '2023-07-01', DATE '2023-12-31')`);
  assert.deepEqual(partial, []);
  const [year] = await wh.engine.query<{ rate: number; source: string }>(`SELECT rate, source FROM fx_average('COP', 'USD', DATE '2023-01-01', DATE '2023-12-31')`);
  assert.equal(year?.source, 'imf');
  assert.ok(Math.abs(defined(year, 'the 2023 average').rate * imfCop('2023') - 1) < 1e-12);
  // a currency with a daily series keeps it: EUR 2023 from the ECB, not the IMF
  const [eur] = await wh.engine.query<{ source: string }>(`SELECT source FROM fx_average('EUR', 'USD', DATE '2023-01-01', DATE '2023-12-31')`);
  assert.equal(eur?.source, 'ecb');
});
