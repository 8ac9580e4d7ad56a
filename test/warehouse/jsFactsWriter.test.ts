// The facts Parquet written from JavaScript (companies new to the warehouse) is what DuckDB's COPY (new_facts()) writes:
// the same inputs ingested once with each writer give warehouses whose every dataset holds the same rows (EXCEPT ALL
// both ways), the same schema (DESCRIBE), files sorted by cik, concept, period_end, accession, the same buckets, and
// the same as-reported answers after a periods refresh. Inputs: every fixture companyfacts file (the same companies in
// two snapshots: duplicate facts within a batch), the fixture XBRL instances and inline XBRL (dimensional facts),
// synthetic filers from the demo generator (companyfacts with duplicated facts, footnote filings with dimensions).
// Also: re-ingesting into the warehouse the JS writer built adds nothing, and batches mixing held and new companies
// (small batches, so later ones meet companies an earlier one committed) give what the DuckDB path gives.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths, type FactsWriter, type IngestOptions } from '../../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import { DATASETS } from '../../engine/warehouse/datasets.ts';
import { syntheticCompanies } from '../../demo/demoCompanies.ts';
import { writeDemoSources } from '../../demo/writeDemoSources.ts';
import { writeDemoFootnotes } from '../../demo/writeDemoFootnotes.ts';
import { writeZip } from '../helpers/writeZip.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';

const filesIn = (dir: string, keep: (f: string) => boolean = () => true): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter(keep).sort().map((f) => path.join(dir, f)) : [];

/** Synthetic filers: a bulk zip of their companyfacts (one member repeated with every fact list doubled) and footnotes. */
function syntheticInputs(): string[] {
  const dir = tempDir('jsfacts-src-');
  const companies = syntheticCompanies(6, 11);
  const years = { first: 2019, last: 2023 };
  const written = writeDemoSources(dir, companies, years);
  writeDemoFootnotes(path.join(dir, 'footnotes'), companies.slice(0, 3), years);
  const members = new Map(written.companyfacts.map((f) => [path.basename(f), fs.readFileSync(f)]));
  // the same facts twice in one document, as a filer restating a value in a later filing of the same accession would
  const first = written.companyfacts[0] ?? '';
  const doc = JSON.parse(fs.readFileSync(first, 'utf8')) as { facts: Record<string, Record<string, { units: Record<string, unknown[]> }>> };
  for (const concepts of Object.values(doc.facts)) for (const c of Object.values(concepts)) for (const [u, list] of Object.entries(c.units)) c.units[u] = [...list, ...list];
  members.set(`doubled-${path.basename(first)}`, Buffer.from(JSON.stringify(doc)));
  const zip = path.join(dir, 'companyfacts.zip');
  writeZip(zip, members);
  return [zip, path.join(dir, 'footnotes')];
}

let inputs: string[] = [];
const opened: { cleanup: () => void }[] = [];
// the engines are locked to their own warehouse: the two are compared from a plain DuckDB
let plain: DuckDBConnection;

async function query<T>(sql: string, params: Record<string, DuckDBValue> = {}): Promise<T[]> {
  return (await plain.runAndReadAll(sql, params)).getRowObjectsJson() as T[];
}

before(async () => {
  plain = await (await DuckDBInstance.create(':memory:')).connect();
  inputs = [
    ...filesIn(fixture('sec-datasets', 'bulk-json', 'companyfacts'), (f) => f.endsWith('.json')),
    ...filesIn(fixture('edgar', 'companyfacts')),
    ...filesIn(fixture('edgar', 'xbrl', 'instances')), ...filesIn(fixture('edgar', 'xbrl', 'ixbrl')),
    ...syntheticInputs(),
  ];
});
after(() => {
  plain.closeSync();
  for (const o of opened) o.cleanup();
});

async function build(writer: FactsWriter, options: IngestOptions = {}): Promise<{ engine: Engine; dir: string }> {
  const wh = await openTempEngine('write');
  opened.push(wh);
  await ingestPaths(wh.engine, inputs, { ...options, factsWriter: writer });
  return wh;
}

const glob = (dir: string, name: string): string => `${dir}/${name}/**/*.parquet`;

async function scalar(sql: string, params: Record<string, DuckDBValue> = {}): Promise<number> {
  const [row] = await query<{ n: number }>(sql, params);
  return Number(row?.n);
}

/** Every dataset's rows, schema and files: equal between the two warehouses. */
async function assertSameWarehouse(js: string, duck: string): Promise<void> {
  for (const spec of DATASETS) {
    const read = (p: string) => `read_parquet(${p}, hive_partitioning = true, union_by_name = true)`;
    const params = { a: glob(js, spec.name), b: glob(duck, spec.name) };
    const both = await query<{ a: number; b: number; aOnly: number; bOnly: number }>(`
      SELECT (SELECT count(*) FROM ${read('$a')})::INTEGER AS a, (SELECT count(*) FROM ${read('$b')})::INTEGER AS b,
        (SELECT count(*) FROM (FROM ${read('$a')} EXCEPT ALL FROM ${read('$b')}))::INTEGER AS aOnly,
        (SELECT count(*) FROM (FROM ${read('$b')} EXCEPT ALL FROM ${read('$a')}))::INTEGER AS bOnly`, params);
    const [counts] = both;
    assert.ok(counts);
    assert.deepEqual(counts, { ...counts, aOnly: 0, bOnly: 0 }, `${spec.name}: rows differ`);
    assert.equal(counts.a, counts.b, `${spec.name}: row counts differ`);
    const describe = async (p: string) => (await query<{ column_name: string; column_type: string }>(
      `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${read('$p')})`, { p })).map((r) => `${r.column_name} ${r.column_type}`);
    assert.deepEqual(await describe(params.a), await describe(params.b), `${spec.name}: schema differs`);
  }
  // each file's own schema too (a reader of one file, without union_by_name), and the buckets written
  const fileSchemas = async (dir: string) => {
    const files = fs.readdirSync(path.join(dir, 'facts'), { recursive: true }).map(String).filter((f) => f.endsWith('.parquet') && !f.includes('schema'));
    const schemas = new Set<string>();
    for (const f of files) {
      const rows = await query<{ column_name: string; column_type: string }>('SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet($p))', { p: path.join(dir, 'facts', f) });
      schemas.add(rows.map((r) => `${r.column_name} ${r.column_type}`).join(', '));
    }
    return { schemas: [...schemas], buckets: [...new Set(files.map((f) => f.split(path.sep)[0]))].sort() };
  };
  assert.deepEqual(await fileSchemas(js), await fileSchemas(duck));
}

/** Rows out of new_facts()' order within any facts file of the warehouse. */
async function unsorted(dir: string): Promise<number> {
  return scalar(`
    SELECT count(*)::INTEGER AS n FROM (
      SELECT struct_pack(cik, concept, period_end, accession) AS k,
        lag(struct_pack(cik, concept, period_end, accession)) OVER (PARTITION BY filename ORDER BY file_row_number) AS prev
      FROM read_parquet($p, filename = true, file_row_number = true)) WHERE prev > k`, { p: glob(dir, 'facts') });
}

test('facts written from JavaScript equal those COPY (new_facts()) writes: rows, schema, order, buckets, as-reported', async () => {
  const js = await build('js');
  const duck = await build('duckdb');
  assert.ok(await scalar('SELECT count(*)::INTEGER AS n FROM read_parquet($p)', { p: glob(js.dir, 'facts') }) > 0);
  assert.ok(await scalar('SELECT count(*)::INTEGER AS n FROM read_parquet($p) WHERE len(dims) > 0', { p: glob(js.dir, 'facts') }) > 0, 'no dimensional fact in the inputs');
  await assertSameWarehouse(js.dir, duck.dir);
  assert.equal(await unsorted(js.dir), 0);
  // the row groups: every one but a file's last holds 16,384 rows, in both
  const groups = async (dir: string) => scalar(`
    SELECT count(*)::INTEGER AS n FROM (SELECT file_name, row_group_id, row_group_num_rows, max(row_group_id) OVER (PARTITION BY file_name) AS last
      FROM (SELECT DISTINCT file_name, row_group_id, row_group_num_rows FROM parquet_metadata($p))) WHERE row_group_id < last AND row_group_num_rows <> 16384`, { p: glob(dir, 'facts') });
  assert.equal(await groups(js.dir), 0);
  const codecs = async (dir: string) => (await query<{ c: string }>('SELECT DISTINCT compression AS c FROM parquet_metadata($p) ORDER BY 1', { p: glob(dir, 'facts') })).map((r) => r.c);
  assert.deepEqual(await codecs(js.dir), ['ZSTD']);

  for (const wh of [js, duck]) {
    const outcome = await refreshPeriodsLocked(wh.engine);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.error.message);
  }
  const ciks = (await query<{ cik: number }>('SELECT DISTINCT cik FROM read_parquet($p) ORDER BY cik', { p: glob(js.dir, 'facts') })).map((r) => r.cik);
  for (const cik of ciks) {
    for (const period of ['annual', 'quarter', 'ttm']) {
      const answer = async (engine: Engine) => JSON.stringify(await engine.query('SELECT * FROM as_reported_stored($cik, $period, 10000)', { cik, period }));
      assert.equal(await answer(js.engine), await answer(duck.engine), `as-reported ${String(cik)} ${period}`);
    }
  }

  // re-ingesting the same inputs into the warehouse the JS writer built adds nothing
  const again = await ingestPaths(js.engine, inputs, { factsWriter: 'js' });
  assert.equal(again.rows['facts'] ?? 0, 0);
  await assertSameWarehouse(js.dir, duck.dir);
});

test('small batches (companies held by an earlier batch meet new ones) write what the DuckDB path writes', async () => {
  const options = { batchBytes: 3 * 1024 * 1024 };
  const js = await build('js', options);
  const duck = await build('duckdb', options);
  const manifests = fs.readdirSync(path.join(js.dir, '_manifest')).filter((f) => f.endsWith('.json'));
  assert.ok(manifests.length > 2, `expected several batches, got ${String(manifests.length)}`);
  await assertSameWarehouse(js.dir, duck.dir);
  assert.equal(await unsorted(js.dir), 0);
  // some batch wrote both kinds: held companies through DuckDB's COPY and new ones from JavaScript (parquet-rs)
  const writers = await query<{ batch: string; kinds: number }>(`
    SELECT regexp_extract(file_name, 'part-([0-9TZ]+-[0-9a-f]+)-', 1) AS batch, count(DISTINCT created_by LIKE 'parquet-rs%')::INTEGER AS kinds
    FROM parquet_file_metadata($p) WHERE file_name NOT LIKE '%schema%' GROUP BY 1`, { p: glob(js.dir, 'facts') });
  assert.ok(writers.some((w) => w.kinds === 2), `no batch mixed held and new companies: ${JSON.stringify(writers)}`);
});
