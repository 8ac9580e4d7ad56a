// Audit of a share exchange restated like a split (Logistic Properties of the Americas, a de-SPAC filer of 20-Fs):
// its 2025 report restates the earlier years' weighted-average shares and EPS onto the new shares at a ratio that is no
// split factor (~1 : 5.879), while the year only the older report states keeps the old basis. Split-adjusted
// eps-history must put every year on one basis, with one event (not one per restated period) measured from the
// restatement. Original and restated values, and so the expected factor and growth, are read here from the document.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { readCompanyFacts, unitFacts, type CompanyFact } from '../helpers/companyFacts.ts';
import { defined } from '../helpers/defined.ts';

const FILE = fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz');
const CIK = 1997711;

interface Stated { first: CompanyFact; last: CompanyFact }

/** Each annual period's first and last statement of an ifrs-full concept, by period end. */
function annual(concept: string, unit: string): Map<string, Stated> {
  const out = new Map<string, Stated>();
  const facts = unitFacts(readCompanyFacts(FILE), 'ifrs-full', concept, unit)
    .filter((f) => f.start !== undefined && (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 > 350)
    .sort((a, b) => a.filed.localeCompare(b.filed));
  for (const f of facts) {
    const seen = out.get(f.end);
    out.set(f.end, { first: seen?.first ?? f, last: f });
  }
  return out;
}

interface Entry { period: string; eps: number | null; epsDiluted: number | null; sharesOutstanding: number | null; sharesOutstandingDiluted: number | null; epsGrowth: number | null }

let wh: Awaited<ReturnType<typeof openTempEngine>>;
before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [FILE]);
});
after(() => {
  wh.cleanup();
});

const lines = [
  { shares: 'WeightedAverageShares', eps: 'BasicEarningsLossPerShare', servedShares: 'sharesOutstanding', servedEps: 'eps' },
  { shares: 'AdjustedWeightedAverageShares', eps: 'DilutedEarningsLossPerShare', servedShares: 'sharesOutstandingDiluted', servedEps: 'epsDiluted' },
] as const;

for (const line of lines) {
  test(`${line.shares}: the restated years' factor puts the unrestated year on their basis; epsGrowth on one basis`, async () => {
    const shares = annual(line.shares, 'shares');
    const eps = annual(line.eps, 'USD/shares');
    const restated = [...shares].filter(([, s]) => s.first.val !== s.last.val);
    assert.ok(restated.length >= 2, 'the document restates several years (one event, several periods)');
    const ratios = restated.map(([, s]) => s.last.val / s.first.val);
    const factor = defined(ratios[0], 'a restated year');
    for (const r of ratios) assert.ok(Math.abs(r / factor - 1) < 1e-6, `one ratio across the restated years: ${ratios.join(', ')}`);
    const restating = defined(restated[0], 'a restated year')[1].last.filed;
    // the restating report states each restated year's EPS at the inverse ratio, up to the rounding of a 2-decimal EPS
    for (const [end] of restated) {
      const e = defined(eps.get(end), `EPS for ${end}`);
      assert.ok(Math.abs(e.last.val - e.first.val / factor) <= 0.005 * (1 + 1 / factor), `${end}: EPS ${String(e.first.val)} -> ${String(e.last.val)}`);
    }
    const unrestated = [...shares].filter(([, s]) => s.last.filed < restating).map(([end]) => end);
    assert.ok(unrestated.length > 0, 'a year only the older report states');

    const rows = await wh.engine.query<Entry>(
      `SELECT period, eps, epsDiluted, sharesOutstanding, sharesOutstandingDiluted, epsGrowth FROM eps_history($c, 'annual', NULL, true, 'original', NULL)`,
      { c: CIK });
    const byPeriod = new Map(rows.map((r) => [r.period, r]));
    const served = (end: string) => defined(byPeriod.get(end), `an entry for ${end}`);

    for (const end of unrestated) {
      const s = defined(shares.get(end), end).last.val;
      const e = defined(eps.get(end), end).last.val;
      assert.equal(served(end)[line.servedShares], Math.round(s * factor), `${end}: shares ${String(s)} on the new basis`);
      assert.equal(served(end)[line.servedEps], Math.round((e / factor) * 1e4) / 1e4, `${end}: EPS ${String(e)} on the new basis`);
    }
    for (const [end, s] of restated) {
      assert.equal(served(end)[line.servedShares], s.last.val, `${end}: the restated count is served as restated`);
      assert.equal(served(end)[line.servedEps], defined(eps.get(end), end).last.val, `${end}: the restated EPS is served as restated`);
    }
    // the first restated year follows an unrestated one: its growth compares both on the new basis
    const ends = [...shares.keys()].sort();
    const firstRestated = defined(ends.find((e) => !unrestated.includes(e)), 'a restated year');
    const prior = defined(ends[ends.indexOf(firstRestated) - 1], 'the year before the first restated year');
    if (line.servedEps === 'eps') {
      const prev = Math.round((defined(eps.get(prior), prior).last.val / factor) * 1e4) / 1e4;
      const cur = defined(eps.get(firstRestated), firstRestated).last.val;
      const growth = defined(served(firstRestated).epsGrowth, `epsGrowth for ${firstRestated}`);
      assert.ok(Math.abs(growth - (cur - prev) / Math.abs(prev)) < 1e-9, `${firstRestated}: epsGrowth ${String(growth)}, documents on one basis ${String((cur - prev) / Math.abs(prev))}`);
    }
  });
}

test('split_events: the restatement is one event at the restating report, its factor measured from the document', async () => {
  const shares = annual('WeightedAverageShares', 'shares');
  const restated = [...shares.values()].filter((s) => s.first.val !== s.last.val);
  const first = defined(restated[0], 'a restated year');
  const events = await wh.engine.query<{ factor: number; effective: string }>(
    `SELECT factor, strftime(effective, '%Y-%m-%d') AS effective FROM split_events($c, NULL)`, { c: CIK });
  assert.equal(events.length, 1, JSON.stringify(events));
  const [event] = events;
  assert.ok(event);
  assert.ok(Math.abs(event.factor / (first.last.val / first.first.val) - 1) < 1e-9, `factor ${String(event.factor)}`);
  assert.equal(event.effective, first.last.filed);
});

test('a share count restated without its EPS restated by the inverse ratio is no event (a correction, not an exchange)', async () => {
  // the same document in SEC's companyfacts shape, its restating report's EPS set back to the values first filed
  const doc = readCompanyFacts(FILE);
  for (const concept of ['BasicEarningsLossPerShare', 'DilutedEarningsLossPerShare']) {
    const facts = unitFacts(doc, 'ifrs-full', concept, 'USD/shares');
    for (const f of facts) {
      const first = facts.filter((g) => g.start === f.start && g.end === f.end).sort((a, b) => a.filed.localeCompare(b.filed))[0];
      if (first) f.val = first.val;
    }
  }
  const file = path.join(tempDir('lpa-'), path.basename(FILE, '.gz'));
  // SEC's key order (cik, entityName, then facts): the format is recognised from the document's head
  const { facts, ...head } = doc;
  fs.writeFileSync(file, JSON.stringify({ ...head, facts }));
  const own = await openTempEngine();
  try {
    await ingestPaths(own.engine, [file]);
    const shares = await own.engine.query<{ n: number }>(
      `SELECT count(DISTINCT value)::INTEGER AS n FROM fact_observations(cik_bucket($c), $c, NULL) WHERE concept = 'ifrs-full:WeightedAverageShares' AND period_end = DATE '2022-12-31'`,
      { c: CIK });
    assert.equal(shares[0]?.n, 2, 'the share count is still restated');
    assert.deepEqual(await own.engine.query(`SELECT * FROM split_events($c, NULL)`, { c: CIK }), []);
  } finally {
    own.cleanup();
  }
});
