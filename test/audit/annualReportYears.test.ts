// Audit of which fiscal year scores and earnings trends describe when the newest document is a 10-Q: its comparative
// balance sheet ends on a fiscal year end whose annual report the warehouse does not hold (Netflix: the 10-K for 2022
// and the 10-Q for 2024 Q1, whose balance sheet compares with 2023-12-31). That year states no income, so both
// resources describe the latest year the documents state annual net income and revenue for; values read from them.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { documentFacts, type DocFact } from '../footnotes/documentFacts.ts';

const TEN_K = fixture('edgar', 'xbrl', 'instances', 'nflx-20221231_htm.xml.gz');
const TEN_Q = fixture('edgar', 'xbrl', 'instances', 'nflx-20240331_htm.xml.gz');
const CIK = 1065280;

const DAY = 86_400_000;
const spanDays = (f: DocFact) => (f.start === null ? 0 : Math.round((Date.parse(f.end) - Date.parse(f.start)) / DAY) + 1);

/** Undimensioned annual (357-371 day) values of a concept, by period end. */
function annual(facts: DocFact[], concept: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of facts) {
    if (f.concept === `us-gaap:${concept}` && Object.keys(f.dims).length === 0 && spanDays(f) >= 357 && spanDays(f) <= 371) out.set(f.end, f.value);
  }
  return out;
}

let wh: Awaited<ReturnType<typeof openTempEngine>>;
const facts = [...documentFacts(TEN_K), ...documentFacts(TEN_Q)];
const netIncome = annual(facts, 'NetIncomeLoss');
const revenue = annual(facts, 'Revenues');
const latestAnnual = [...netIncome.keys()].sort().at(-1) ?? '';

before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [TEN_K, TEN_Q]);
});
after(() => {
  wh.cleanup();
});

test('the 10-Q compares with a fiscal year end for which the documents state no annual income (the case audited)', () => {
  const balanceEnds = new Set(documentFacts(TEN_Q).filter((f) => f.concept === 'us-gaap:Assets' && f.start === null).map((f) => f.end));
  const later = [...balanceEnds].filter((e) => e > latestAnnual && !netIncome.has(e));
  assert.ok(later.length > 0, `a balance sheet after ${latestAnnual} without annual income: ${[...balanceEnds].join(', ')}`);
});

test('scores describe the latest fiscal year with annual income in the documents', async () => {
  const [row] = await wh.engine.query<{ period: string; piotroskiDetails: { positiveNetIncome: boolean } }>(
    'SELECT period, piotroskiDetails FROM scores($c, NULL)', { c: CIK });
  assert.ok(row);
  assert.equal(row.period, latestAnnual);
  assert.equal(row.piotroskiDetails.positiveNetIncome, (netIncome.get(latestAnnual) ?? 0) > 0);
});

test('earnings trends describe the latest fiscal year with annual income: its net margin from the documents', async () => {
  const [row] = await wh.engine.query<{ latestPeriod: string; margins: { net: { latest: number | null } } }>(
    `SELECT latestPeriod, margins FROM earnings_trends($c, 'NFLX', 'original', NULL)`, { c: CIK });
  assert.ok(row);
  assert.equal(row.latestPeriod, latestAnnual);
  const ni = netIncome.get(latestAnnual);
  const rev = revenue.get(latestAnnual);
  assert.ok(ni !== undefined && rev !== undefined, 'the documents state the year\'s net income and revenue');
  assert.ok(Math.abs((row.margins.net.latest ?? NaN) - 100 * ni / rev) < 1e-9, `net margin ${String(row.margins.net.latest)}`);
});
