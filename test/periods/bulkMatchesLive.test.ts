// The bulk period pipeline (materializePeriods: the period engine run once per cik bucket into a shared table, then
// every output from it) stores exactly what the per-company pipeline computes on the fly, row for row, for every
// company of the real companyfacts fixtures: the as-reported periods and the standardized statement lines. The
// fixture folders put two companies in one bucket, so a bucket's companies must not leak into each other's answers.
// The per-company answers are computed first and written to a temporary file, then compared after materializing.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import type { Engine } from '../../engine/db/Engine.ts';

let engine: Engine;
let cleanup: () => void;
const snapshot = path.join(tempDir('periods-live-'), 'live.json');
const folders = [fixture('edgar', 'companyfacts'), fixture('sec-datasets', 'bulk-json', 'companyfacts')];

/** A JSON value with every object's keys sorted: a JSON object's key order (sources) carries no meaning. */
function canonical(x: unknown): unknown {
  if (Array.isArray(x)) return x.map(canonical);
  if (x !== null && typeof x === 'object') {
    return Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]));
  }
  return x;
}

/** Every row of a relation over one company, as canonical JSON text, sorted. */
async function rowsOf(relation: string, cik: number): Promise<string[]> {
  const rows = await engine.query<{ j: string }>(`SELECT to_json(r)::VARCHAR AS j FROM (${relation}) r`, { cik });
  return rows.map((r) => JSON.stringify(canonical(JSON.parse(r.j)))).sort();
}

const LIVE = {
  periods: 'SELECT * EXCLUDE (series), series FROM period_rows(cik_bucket($cik::INTEGER), $cik::INTEGER, NULL)',
  statements: 'SELECT * FROM standard_values(cik_bucket($cik::INTEGER), $cik::INTEGER, NULL)',
};
const STORED = {
  periods: `SELECT * EXCLUDE (bucket) FROM read_parquet(getvariable('warehouse') || '/periods/*/*.parquet', hive_partitioning := true) WHERE cik = $cik::INTEGER`,
  statements: 'SELECT * FROM standard_values_stored($cik::INTEGER)',
};

let ciks: number[] = [];

before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  const files = folders.filter((d) => fs.existsSync(d)).flatMap((d) => fs.readdirSync(d).map((f) => path.join(d, f)));
  await ingestPaths(engine, files);
  ciks = (await engine.query<{ cik: number }>('SELECT DISTINCT cik FROM src_facts ORDER BY cik')).map((r) => r.cik);
  const live: Record<string, Record<string, string[]>> = {};
  for (const cik of ciks) live[String(cik)] = { periods: await rowsOf(LIVE.periods, cik), statements: await rowsOf(LIVE.statements, cik) };
  fs.writeFileSync(snapshot, JSON.stringify(live));
  await materializePeriods(engine);
});
after(() => { cleanup(); });

test('the fixtures give companies that share a bucket (the case a per-bucket pipeline can get wrong)', () => {
  const buckets = ciks.map((c) => c % 64);
  assert.ok(buckets.some((b, i) => buckets.indexOf(b) !== i), `buckets ${buckets.join(', ')}`);
});

test('every stored period and statement row equals the per-company computation, for every fixture company', async () => {
  const live = JSON.parse(fs.readFileSync(snapshot, 'utf8')) as Record<string, Record<'periods' | 'statements', string[]>>;
  assert.ok(ciks.length > 0);
  for (const cik of ciks) {
    for (const output of ['periods', 'statements'] as const) {
      const expected = live[String(cik)]?.[output] ?? [];
      assert.ok(expected.length > 0, `${String(cik)} has ${output}`);
      assert.deepEqual(await rowsOf(STORED[output], cik), expected, `${String(cik)} ${output}`);
    }
  }
});
