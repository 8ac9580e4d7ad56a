// What the ingest's write step (COPY of new_facts() into bucketed zstd Parquet) and a parse worker's hand-off would
// cost, part by part, against JSON.parse of the same bytes in the same process: DuckDB threads and
// preserve_insertion_order, row group size, zstd level, the sort and the dedupe left out, no partitioning; each output
// read back (a full scan, one company by bucket and cik) and its size. Variants alternate within each round, so the
// box's load swings fall on all of them alike. `npm run bench -- ingest --synthetic 64 --write-knobs [--runs 3]`.
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { Batch } from '../engine/ingest/Batch.ts';
import { parseFile } from '../engine/ingest/ingest.ts';
import { appendRows } from '../engine/warehouse/commitBatch.ts';
import { facts } from '../engine/warehouse/datasets.ts';
import { CIK_BUCKETS } from '../engine/db/cikBuckets.ts';
import { SQL_ROOT } from '../engine/db/loadSqlFiles.ts';
import { quotePath } from '../engine/db/quote.ts';
import { defined } from '../engine/query/defined.ts';
import { formatBytes, percentile, printTable } from './measure.ts';

interface Variant { config: Record<string, string>; query: string; options: string }

const PARTITIONED = 'FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 16384, PARTITION_BY (bucket)';
const NEW_FACTS = 'SELECT * FROM new_facts()';
/** The first is the write as commitBatch runs it; each other changes one thing. */
const VARIANTS: Record<string, Variant> = {
  'as committed (2 threads)': { config: { threads: '2' }, query: NEW_FACTS, options: PARTITIONED },
  '1 thread': { config: { threads: '1' }, query: NEW_FACTS, options: PARTITIONED },
  'preserve_insertion_order=false': { config: { threads: '2', preserve_insertion_order: 'false' }, query: NEW_FACTS, options: PARTITIONED },
  '1 thread, preserve_insertion_order=false': { config: { threads: '1', preserve_insertion_order: 'false' }, query: NEW_FACTS, options: PARTITIONED },
  'row groups of 65,536': { config: { threads: '2' }, query: NEW_FACTS, options: PARTITIONED.replace('16384', '65536') },
  'row groups of 122,880': { config: { threads: '2' }, query: NEW_FACTS, options: PARTITIONED.replace('16384', '122880') },
  'zstd level 1': { config: { threads: '2' }, query: NEW_FACTS, options: `${PARTITIONED}, COMPRESSION_LEVEL 1` },
  'no sort (DISTINCT only)': { config: { threads: '2' }, query: 'SELECT DISTINCT * FROM final_facts()', options: PARTITIONED },
  'no sort, no dedupe (typed rows only)': { config: { threads: '2' }, query: 'SELECT * FROM final_facts()', options: PARTITIONED },
  'one file, no PARTITION_BY': { config: { threads: '2' }, query: NEW_FACTS, options: 'FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 16384' },
};

/** A DuckDB of its own per variant (threads and insertion order are instance settings), holding the staged batch. */
async function stagedInstance(config: Record<string, string>, rows: readonly object[]): Promise<DuckDBConnection> {
  const db = await DuckDBInstance.create(':memory:', { memory_limit: '4GB', ...config });
  const c = await db.connect();
  await c.run('SET VARIABLE cik_buckets = $n', { n: CIK_BUCKETS });
  const sql = (file: string) => fs.readFileSync(path.join(SQL_ROOT, file), 'utf8');
  await c.run(sql('00_sources/00_buckets.sql'));
  await c.run(sql('warehouse/10_stage_facts.sql'));
  // an empty warehouse: the dedupe against held rows finds nothing, as for companies new to it
  await c.run('CREATE TEMP TABLE src_facts AS SELECT * FROM final_facts() LIMIT 0');
  await c.run(sql('warehouse/20_new_facts.sql'));
  await appendRows(c, facts, rows);
  return c;
}

function parquetBytes(dir: string): number {
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.parquet')).reduce((s, f) => s + fs.statSync(path.join(dir, f)).size, 0);
}

function jsonParseMs(buffers: readonly Buffer[]): number {
  const started = performance.now();
  let keys = 0;
  for (const b of buffers) keys += Object.keys(JSON.parse(b.toString('utf8')) as object).length;
  if (keys === 0) throw new Error('nothing parsed');
  return performance.now() - started;
}

const median = (xs: readonly number[]): number => percentile([...xs].sort((a, b) => a - b), 50);
const spread = (xs: readonly number[], unit: number): string => `${(Math.min(...xs) / unit).toFixed(2)}-${(Math.max(...xs) / unit).toFixed(2)}x (median ${(median(xs) / unit).toFixed(2)}x)`;

export async function measureWriteKnobs(files: readonly string[], workDir: string, rounds: number): Promise<void> {
  const buffers = files.map((f) => fs.readFileSync(f));
  const batch = new Batch();
  buffers.forEach((bytes, i) => parseFile({ name: defined(files[i], 'file'), bytes }, batch));
  const rows = batch.facts;
  const cik = defined(rows[Math.floor(rows.length / 2)], 'a middle fact').cik;
  const parseMs: number[] = [];
  const results = new Map<string, { cpu: number[]; wall: number[]; bytes: number; scan: number[]; point: number[] }>();
  for (let round = 0; round < rounds; round++) {
    parseMs.push(jsonParseMs(buffers));
    for (const [name, variant] of Object.entries(VARIANTS)) {
      const c = await stagedInstance(variant.config, rows);
      try {
        const out = path.join(workDir, 'write-knobs');
        fs.rmSync(out, { recursive: true, force: true });
        fs.mkdirSync(out, { recursive: true });
        const partitioned = variant.options.includes('PARTITION_BY');
        const target = partitioned ? out : path.join(out, 'part.parquet');
        const cpu = process.cpuUsage();
        const started = performance.now();
        await c.run(`COPY (${variant.query}) TO ${quotePath(target)} (${variant.options})`);
        const wall = performance.now() - started;
        const used = process.cpuUsage(cpu);
        const files = `read_parquet(${quotePath(path.join(out, '**', '*.parquet'))}, hive_partitioning = ${String(partitioned)})`;
        const scanStarted = performance.now();
        await c.run(`SELECT concept, count(*), sum(value) FROM ${files} GROUP BY concept`);
        const scan = performance.now() - scanStarted;
        const pointStarted = performance.now();
        for (let i = 0; i < 10; i++) {
          await c.run(`SELECT * FROM ${files} WHERE ${partitioned ? 'bucket = $bucket AND ' : ''}cik = $cik`, partitioned ? { bucket: cik % CIK_BUCKETS, cik } : { cik });
        }
        const entry = results.get(name) ?? { cpu: [], wall: [], bytes: parquetBytes(out), scan: [], point: [] };
        results.set(name, entry);
        entry.cpu.push((used.user + used.system) / 1000);
        entry.wall.push(wall);
        entry.scan.push(scan);
        entry.point.push((performance.now() - pointStarted) / 10);
        fs.rmSync(out, { recursive: true, force: true });
      } finally {
        c.closeSync();
      }
    }
  }
  const unit = median(parseMs);
  console.log(`write step of ${rows.length.toLocaleString('en-US')} staged facts (${String(files.length)} files, ${formatBytes(buffers.reduce((s, b) => s + b.length, 0))}), ${String(rounds)} rounds; JSON.parse of the same bytes ${parseMs.map((ms) => ms.toFixed(0)).join(' / ')} ms = 1x`);
  const table = [['write', 'COPY CPU / JSON.parse', 'COPY wall / JSON.parse', 'Parquet', 'scan ms (median)', 'one company ms (median)']];
  for (const [name, r] of results) {
    table.push([name, spread(r.cpu, unit), spread(r.wall, unit), formatBytes(r.bytes), median(r.scan).toFixed(0), median(r.point).toFixed(1)]);
  }
  printTable(table);
  measureHandOff(files, buffers, unit);
}

/**
 * A parse worker must hand its rows to the thread that stages them: structured clone is what postMessage pays for
 * anything but transferred buffers (serialize in the worker, deserialize on the main thread).
 */
function measureHandOff(files: readonly string[], buffers: readonly Buffer[], unit: number): void {
  const started = performance.now();
  const batch = new Batch();
  buffers.forEach((bytes, i) => parseFile({ name: defined(files[i], 'file'), bytes }, batch));
  const parse = performance.now() - started;
  const rows = batch.facts;
  const cloneStarted = performance.now();
  const copy = structuredClone(rows);
  const clone = performance.now() - cloneStarted;
  const fields = Object.keys(defined(rows[0], 'a fact')) as (keyof typeof rows[number])[];
  const columns = fields.map((f) => rows.map((row) => row[f]));
  const columnsStarted = performance.now();
  const columnsCopy = structuredClone(columns);
  const columnsClone = performance.now() - columnsStarted;
  if (copy.length !== rows.length || columnsCopy.length !== fields.length) throw new Error('clone lost rows');
  console.log(`hand-off of parsed rows, in multiples of JSON.parse: parse to rows ${(parse / unit).toFixed(2)}x; structuredClone of the row objects ${(clone / unit).toFixed(2)}x; of one array per column ${(columnsClone / unit).toFixed(2)}x`);
}
