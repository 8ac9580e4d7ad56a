// Two warehouses written from the same inputs by two ingest paths (the facts writers, the parse workers) compared
// file by file from a plain DuckDB (each engine is locked to its own warehouse): every dataset's rows EXCEPT ALL both
// ways, DESCRIBE per dataset and per facts file, the same buckets, and whether the facts files keep new_facts()' order.
// Also the inputs both identity suites ingest: the fixture companyfacts, XBRL and inline XBRL, and synthetic filers.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { fixture, tempDir } from './tempWarehouse.ts';
import { DATASETS } from '../../engine/warehouse/datasets.ts';
import { syntheticCompanies } from '../../demo/demoCompanies.ts';
import { writeDemoSources } from '../../demo/writeDemoSources.ts';
import { writeDemoFootnotes } from '../../demo/writeDemoFootnotes.ts';
import { writeZip } from './writeZip.ts';

export const filesIn = (dir: string, keep: (f: string) => boolean = () => true): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter(keep).sort().map((f) => path.join(dir, f)) : [];

export interface IdentityInputs {
  /** Every input path, fixtures first, then the synthetic bulk zip and footnotes folder. */
  paths: string[];
  /** The synthetic bulk zip and its members by name. */
  zip: string;
  members: Map<string, Buffer>;
}

/**
 * The fixture companyfacts (two snapshots of the same companies: duplicates within a batch), XBRL instances and inline
 * XBRL (dimensional facts), and synthetic filers: a bulk zip of their companyfacts with one member repeated, every fact
 * list doubled (the same facts twice in one document, as a filer restating a value in a later filing of the same
 * accession would), and footnote filings.
 */
export function identityInputs(prefix: string, seed: number): IdentityInputs {
  const dir = tempDir(prefix);
  const companies = syntheticCompanies(6, seed);
  const years = { first: 2019, last: 2023 };
  const written = writeDemoSources(dir, companies, years);
  writeDemoFootnotes(path.join(dir, 'footnotes'), companies.slice(0, 3), years);
  const members = new Map(written.companyfacts.map((f) => [path.basename(f), fs.readFileSync(f)]));
  const first = written.companyfacts[0] ?? '';
  const doc = JSON.parse(fs.readFileSync(first, 'utf8')) as { facts: Record<string, Record<string, { units: Record<string, unknown[]> }>> };
  for (const concepts of Object.values(doc.facts)) for (const c of Object.values(concepts)) for (const [u, list] of Object.entries(c.units)) c.units[u] = [...list, ...list];
  members.set(`doubled-${path.basename(first)}`, Buffer.from(JSON.stringify(doc)));
  const zip = path.join(dir, 'companyfacts.zip');
  writeZip(zip, members);
  const paths = [
    ...filesIn(fixture('sec-datasets', 'bulk-json', 'companyfacts'), (f) => f.endsWith('.json')),
    ...filesIn(fixture('edgar', 'companyfacts')),
    ...filesIn(fixture('edgar', 'xbrl', 'instances')), ...filesIn(fixture('edgar', 'xbrl', 'ixbrl')),
    zip, path.join(dir, 'footnotes'),
  ];
  return { paths, zip, members };
}

export const glob = (dir: string, name: string): string => `${dir}/${name}/**/*.parquet`;
const read = (p: string): string => `read_parquet(${p}, hive_partitioning = true, union_by_name = true)`;

/** A plain in-memory DuckDB that compares warehouses on disk. */
export class WarehouseComparer {
  private constructor(private readonly conn: DuckDBConnection) {}

  static async open(): Promise<WarehouseComparer> {
    return new WarehouseComparer(await (await DuckDBInstance.create(':memory:')).connect());
  }

  close(): void {
    this.conn.closeSync();
  }

  async query<T>(sql: string, params: Record<string, DuckDBValue> = {}): Promise<T[]> {
    return (await this.conn.runAndReadAll(sql, params)).getRowObjectsJson() as T[];
  }

  async scalar(sql: string, params: Record<string, DuckDBValue> = {}): Promise<number> {
    const [row] = await this.query<{ n: number }>(sql, params);
    return Number(row?.n);
  }

  /** Every dataset's rows, schema and files: equal between the two warehouses. */
  async assertSameWarehouse(a: string, b: string): Promise<void> {
    for (const spec of DATASETS) {
      const params = { a: glob(a, spec.name), b: glob(b, spec.name) };
      const [counts] = await this.query<{ a: number; b: number; aOnly: number; bOnly: number }>(`
        SELECT (SELECT count(*) FROM ${read('$a')})::INTEGER AS a, (SELECT count(*) FROM ${read('$b')})::INTEGER AS b,
          (SELECT count(*) FROM (FROM ${read('$a')} EXCEPT ALL FROM ${read('$b')}))::INTEGER AS aOnly,
          (SELECT count(*) FROM (FROM ${read('$b')} EXCEPT ALL FROM ${read('$a')}))::INTEGER AS bOnly`, params);
      assert.ok(counts);
      assert.deepEqual(counts, { ...counts, aOnly: 0, bOnly: 0 }, `${spec.name}: rows differ`);
      assert.equal(counts.a, counts.b, `${spec.name}: row counts differ`);
      const describe = async (p: string) => (await this.query<{ column_name: string; column_type: string }>(
        `SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM ${read('$p')})`, { p })).map((r) => `${r.column_name} ${r.column_type}`);
      assert.deepEqual(await describe(params.a), await describe(params.b), `${spec.name}: schema differs`);
    }
    // each file's own schema too (a reader of one file, without union_by_name), and the buckets written
    const fileSchemas = async (dir: string) => {
      const files = fs.readdirSync(path.join(dir, 'facts'), { recursive: true }).map(String).filter((f) => f.endsWith('.parquet') && !f.includes('schema'));
      const schemas = new Set<string>();
      for (const f of files) {
        const rows = await this.query<{ column_name: string; column_type: string }>('SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet($p))', { p: path.join(dir, 'facts', f) });
        schemas.add(rows.map((r) => `${r.column_name} ${r.column_type}`).join(', '));
      }
      return { schemas: [...schemas], buckets: [...new Set(files.map((f) => f.split(path.sep)[0]))].sort() };
    };
    assert.deepEqual(await fileSchemas(a), await fileSchemas(b));
  }

  /** Rows out of new_facts()' order within any facts file of the warehouse. */
  async unsorted(dir: string): Promise<number> {
    return this.scalar(`
      SELECT count(*)::INTEGER AS n FROM (
        SELECT struct_pack(cik, concept, period_end, accession) AS k,
          lag(struct_pack(cik, concept, period_end, accession)) OVER (PARTITION BY filename ORDER BY file_row_number) AS prev
        FROM read_parquet($p, filename = true, file_row_number = true)) WHERE prev > k`, { p: glob(dir, 'facts') });
  }
}
