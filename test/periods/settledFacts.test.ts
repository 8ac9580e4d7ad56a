// fact_latest takes a settled fact (every filing that reported it gave the same value, none an amendment, all dated or
// none) from one group over the candidate rows, and everything else (restated values, amended or undated filings)
// through observations_of and latest_of. Checked on every companyfacts file and XBRL instance in the fixtures: the
// whole warehouse's fact_latest equals latest_of over fact_observations (the one rule for every fact), both kinds of
// fact occur, and a fact that periodic reports repeated unchanged is supplied by the first of them, as the companyfacts
// JSON itself lists them.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { readCompanyFacts } from '../helpers/companyFacts.ts';

const inFolder = (...parts: string[]): string[] => {
  const dir = fixture(...parts);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /\.(json|xml)(\.gz)?$/.test(f)).map((f) => fixture(...parts, f)) : [];
};
const COMPANY_FACTS = [...inFolder('edgar', 'companyfacts'), ...inFolder('sec-datasets', 'bulk-json', 'companyfacts')];
const INSTANCES = inFolder('edgar', 'xbrl', 'instances');
// is_periodic_form's forms, not amended
const ORIGINAL_PERIODIC = new Set(['10-K', '10-KT', '10-K405', '10-Q', '10-QT', '20-F', '40-F', '6-K']);

let engine: Engine;
let cleanup: () => void;
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  await ingestPaths(engine, [...COMPANY_FACTS, ...INSTANCES]);
});
after(() => { cleanup(); });

// amendments compared as sorted lists: latest_of lists them in arrival order
const COLUMNS = `cik, concept, unit, period_start, period_end, value, decimals, supplier, supplier_form, supplier_date, before,
  supplied_vintage, prev_seen_vintage, last_seen_vintage, list_sort(amendments) AS amendments`;

test('fact_latest equals latest_of over fact_observations in every bucket, settled and unsettled facts alike', async () => {
  const buckets = await engine.query<{ b: number }>('SELECT DISTINCT bucket AS b FROM src_facts ORDER BY 1');
  assert.ok(buckets.length > 0);
  let facts = 0;
  let unsettled = 0;
  for (const { b } of buckets) {
    const [row] = await engine.query<{ only_fast: bigint; only_rule: bigint; n: bigint; unsettled: bigint }>(`
      WITH obs AS MATERIALIZED (SELECT * FROM fact_observations($b::INTEGER, NULL, NULL)),
      fast AS MATERIALIZED (SELECT ${COLUMNS} FROM fact_latest($b::INTEGER, NULL, NULL)),
      rule AS MATERIALIZED (SELECT ${COLUMNS} FROM latest_of('obs'))
      SELECT (SELECT count(*) FROM (FROM fast EXCEPT ALL FROM rule)) AS only_fast,
             (SELECT count(*) FROM (FROM rule EXCEPT ALL FROM fast)) AS only_rule,
             (SELECT count(*) FROM fast) AS n,
             (SELECT count(*) FROM (SELECT 1 FROM obs GROUP BY cik, concept, unit, period_start, period_end
                                    HAVING min(value) <> max(value) OR bool_or(amendment) OR count(date_filed) NOT IN (0, count(*)))) AS unsettled`,
    { b });
    assert.ok(row);
    assert.deepEqual([Number(row.only_fast), Number(row.only_rule)], [0, 0], `bucket ${String(b)}: rows only in fact_latest / only in latest_of`);
    facts += Number(row.n);
    unsettled += Number(row.unsettled);
  }
  assert.ok(unsettled > 0, 'the fixtures hold restated, amended or undated facts');
  assert.ok(facts - unsettled > unsettled, `most facts are settled (${String(unsettled)} of ${String(facts)} are not)`);
});

test('a fact that periodic reports repeated unchanged is supplied by the first of them and replaced nothing', async () => {
  // a company may be in several companyfacts files (snapshots taken at different times): its reports are their union
  const byCompany = new Map<number, string[]>();
  for (const file of COMPANY_FACTS) {
    const cik = Number(/CIK(\d+)/.exec(file)?.[1]);
    byCompany.set(cik, [...(byCompany.get(cik) ?? []), file]);
  }
  for (const [cik, files] of byCompany) {
    const reports = new Map<string, { val: number; accn: string; form: string; filed: string }[]>();
    for (const file of files) {
      for (const [taxonomy, concepts] of Object.entries(readCompanyFacts(file).facts)) {
        for (const [name, { units }] of Object.entries(concepts)) {
          for (const [unit, list] of Object.entries(units)) {
            for (const r of list) {
              const key = `${taxonomy}:${name}|${unit}|${String(r.start ?? null)}|${r.end}`;
              reports.set(key, [...(reports.get(key) ?? []), r]);
            }
          }
        }
      }
    }
    const rows = await engine.query<{ concept: string; unit: string; period_start: string | null; period_end: string; value: number; supplier: string; before: number | null }>(
      `SELECT concept, unit, period_start::VARCHAR AS period_start, period_end::VARCHAR AS period_end, value, supplier, before
       FROM fact_latest(cik_bucket($c), $c, NULL)`, { c: cik });
    const latest = new Map(rows.map((r) => [`${r.concept}|${r.unit}|${String(r.period_start)}|${r.period_end}`, r]));
    let checked = 0;
    for (const [key, all] of reports) {
      // reported only in original periodic reports, by at least two filings on different days, always the same value
      if (all.some((r) => !ORIGINAL_PERIODIC.has(r.form))) continue;
      const filings = [...new Map(all.map((r) => [r.accn, r])).values()].sort((a, b) => a.filed.localeCompare(b.filed));
      const [first, second] = filings;
      if (first === undefined || second === undefined || first.filed === second.filed) continue;
      if (new Set(all.map((r) => r.val)).size !== 1) continue;
      const row = latest.get(key);
      // a date the company's calendar snapped to a neighbouring end is keyed by that end: not looked up here
      if (row === undefined) continue;
      assert.equal(row.value, first.val, key);
      assert.equal(row.supplier, first.accn, `${key}: supplied by the first filing`);
      assert.equal(row.before, null, `${key}: replaced nothing`);
      checked++;
    }
    assert.ok(checked > 0, `CIK ${String(cik)}: facts repeated unchanged`);
  }
});
