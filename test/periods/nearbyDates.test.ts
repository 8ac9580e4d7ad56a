// One filing may tag a balance at two dates a few days apart that belong to one fiscal period end (Apple's 10-Qs state
// the federal statutory rate at 2017-12-31, 35%, and at 2018-01-01, 21%; its quarter ended 2017-12-30). The period
// engine snaps both to the period end; the value tagged nearest the period end (then the earlier date) must speak for
// it, and the same warehouse must always give the same answer. Checked on every such instant in Apple's companyfacts.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported } from '../../engine/financials/asReported.ts';
import { readCompanyFacts } from '../helpers/companyFacts.ts';
import type { Engine } from '../../engine/db/Engine.ts';

const APPLE = 320193;
const FILE = fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz');
const DAY = 86_400_000;

let engine: Engine;
let cleanup: () => void;
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  await ingestPaths(engine, [FILE]);
});
after(() => {
  cleanup();
});

/** Instants (no start) that one accession reports at two dates <= 7 days apart with different values, every filing agreeing per date. */
function nearbyPairs(): { key: string; values: Map<string, number> }[] {
  const doc = readCompanyFacts(FILE);
  const out: { key: string; values: Map<string, number> }[] = [];
  for (const [ns, concepts] of Object.entries(doc.facts)) {
    for (const [name, { units }] of Object.entries(concepts)) {
      for (const rows of Object.values(units)) {
        const instants = rows.filter((r) => r.start === undefined);
        const byDate = new Map<string, Set<number>>();
        for (const r of instants) byDate.set(r.end, (byDate.get(r.end) ?? new Set()).add(r.val));
        if ([...byDate.values()].some((s) => s.size > 1)) continue;
        const byAccn = new Map<string, { end: string; val: number }[]>();
        for (const r of instants) byAccn.set(r.accn, [...(byAccn.get(r.accn) ?? []), r]);
        for (const facts of byAccn.values()) {
          const close = facts.filter((a) => facts.some((b) => b.val !== a.val && Math.abs(Date.parse(a.end) - Date.parse(b.end)) <= 7 * DAY));
          if (close.length > 1) out.push({ key: `${ns}:${name}`, values: new Map(close.map((f) => [f.end, f.val])) });
        }
      }
    }
  }
  return out;
}

test('a period end tagged at two nearby dates by one filing serves the date nearest the period end, the same every time', async () => {
  const pairs = nearbyPairs();
  assert.ok(pairs.some((p) => p.key === 'us-gaap:EffectiveIncomeTaxRateReconciliationAtFederalStatutoryIncomeTaxRate'),
    'Apple tags the statutory rate at 2017-12-31 and 2018-01-01 in one filing');
  const first = await asReported(engine, { cik: APPLE, period: 'quarter' });
  const again = await asReported(engine, { cik: APPLE, period: 'quarter' });
  assert.deepEqual(again, first, 'two reads of one warehouse give one answer');
  let checked = 0;
  for (const { key, values } of pairs) {
    for (const p of first) {
      const end = Date.parse(p.period);
      const near = [...values.keys()].filter((d) => Math.abs(Date.parse(d) - end) <= 7 * DAY);
      if (near.length < 2 || p.facts[key] === undefined) continue;
      near.sort((a, b) => Math.abs(Date.parse(a) - end) - Math.abs(Date.parse(b) - end) || a.localeCompare(b));
      assert.equal(p.facts[key], values.get(near[0] ?? ''), `${key} for the quarter ending ${p.period}: the value tagged at ${String(near[0])}`);
      checked += 1;
    }
  }
  assert.ok(checked > 0, 'at least one quarter is served from a pair of nearby dates');
});
