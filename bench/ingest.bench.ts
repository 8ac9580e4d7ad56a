// Benchmark (a): ingest throughput of companyfacts JSON into the Parquet warehouse through ingestPaths (parse, stage,
// dedupe, sort, write zstd Parquet, commit), in MB/s of JSON, against plain JSON.parse of the same bytes in the same
// run. Inputs: Apple's real companyfacts file (fixture) and seeded synthetic filers from the demo generator, also as one
// bulk companyfacts.zip. Each measure is the median of --runs (3); every ingest run starts from an empty warehouse; the
// per-stage breakdown (read, parse, stage, write, commit) is that of the median run, in multiples of JSON.parse time.
// CPU seconds of the whole process (JavaScript and DuckDB's threads) are printed beside wall time: the box is shared, so
// wall time alone moves with other jobs' load.
// Usage: npm run bench -- ingest [--synthetic 24] [--runs 3] [--only bulk] [--batch-mb 256] [--writer js|duckdb|both] [--workers 0,1]
// [--into-held]; --workers lists the parse worker counts to alternate (0 = parse on the main thread; default: FILINGS_PARSE_WORKERS); BENCH_THREADS sets
// DuckDB's threads (default 2); --only keeps the inputs whose label contains the word (apple, filers, together, bulk);
// --batch-mb sets the ingest batch size (each batch is written while the next one is parsed: with several batches the
// stage times overlap and add up to more than the wall time); --write-knobs measures the write step's parts and a parse
// worker's hand-off instead (bench/ingestWriteKnobs.ts).
// first: a writer's jemalloc options, read when DuckDB loads (engine/db/writerMalloc.ts)
import '../engine/db/writerProcess.ts';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { defaultFactsWriter, defaultParseWorkers, ingestPaths, type FactsWriter } from '../engine/ingest/ingest.ts';
import type { IngestStage } from '../engine/ingest/IngestStages.ts';
import { syntheticCompanies } from '../demo/demoCompanies.ts';
import { writeDemoSources } from '../demo/writeDemoSources.ts';
import { BENCH_OUT } from './universe.ts';
import { formatBytes, numberArg, percentile, printTable } from './measure.ts';
import { writeZip } from '../test/helpers/writeZip.ts';
import { defined } from '../engine/query/defined.ts';
import { measureWriteKnobs } from './ingestWriteKnobs.ts';

const APPLE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../shared/fixtures/sec-datasets/bulk-json/companyfacts/CIK0000320193.json');
const argv = process.argv.slice(2);
const synthetic = numberArg(argv, 'synthetic', 24);
const runs = numberArg(argv, 'runs', 3);
const batchMb = numberArg(argv, 'batch-mb', 256);
const onlyAt = argv.indexOf('--only');
const intoHeld = argv.includes('--into-held');
const writerAt = argv.indexOf('--writer');
const writerArg = writerAt === -1 ? defaultFactsWriter() : argv[writerAt + 1] ?? '';
const writers: FactsWriter[] = writerArg === 'both' ? ['duckdb', 'js'] : [defaultFactsWriter({ FILINGS_FACTS_WRITER: writerArg })];
const workersAt = argv.indexOf('--workers');
const workerCounts = workersAt === -1 ? [defaultParseWorkers()] : (argv[workersAt + 1] ?? '').split(',').map((n) => defaultParseWorkers({ FILINGS_PARSE_WORKERS: n }));
/** Each measured path: a facts writer and a parse worker count (workers serve the js writer only). */
const variants = writers.flatMap((writer) => (writer === 'js' ? workerCounts : [0]).map((workers) => ({ writer, workers })));
const only = onlyAt === -1 ? null : (argv[onlyAt + 1] ?? '').toLowerCase();

function syntheticInputs(count: number): string[] {
  const dir = path.join(BENCH_OUT, `ingest-src-v1-${String(count)}`);
  const ready = path.join(dir, 'READY');
  if (!fs.existsSync(ready)) {
    fs.rmSync(dir, { recursive: true, force: true });
    writeDemoSources(dir, syntheticCompanies(count, 7), { first: 2009, last: 2024 });
    fs.writeFileSync(ready, '');
  }
  const folder = path.join(dir, 'companyfacts');
  return fs.readdirSync(folder).sort().map((f) => path.join(folder, f));
}

/** The synthetic filers as SEC ships them in bulk: one companyfacts.zip, a member per company. */
function bulkZip(files: string[]): string {
  const zip = path.join(path.dirname(defined(files[0], 'first synthetic file')), '..', 'companyfacts.zip');
  if (!fs.existsSync(zip)) writeZip(zip, new Map(files.map((f) => [path.basename(f), fs.readFileSync(f)])));
  return zip;
}

function median(xs: number[]): number {
  return percentile([...xs].sort((a, b) => a - b), 50);
}

const results: Record<string, unknown>[] = [];
const STAGES: IngestStage[] = ['read', 'parse', 'stage', 'write', 'commit'];
/** Per run: process RSS, the JavaScript heap in use, and RSS outside the JavaScript heap and its buffers (DuckDB, code). */
interface MemoryPeak { start: number; rss: number; heapUsed: number; outsideHeap: number }
const memoryRows: string[][] = [['input', 'JSON', 'RSS at start (engine open)', 'peak RSS per run', 'peak JS heap used', 'peak RSS outside JS heap and buffers', 'facts Parquet files written']];
const stageRows: string[][] = [['input', ...STAGES.map((s) => `${s} / parse`), 'other / parse']];

/**
 * JSON.parse of the files' bytes, in ms. The bytes are read here each run, after the run's ingest: read before it, the
 * freed buffers and parsed objects of a 538 MB input still sat in the process when the ingest started (693 MB RSS at
 * its start), so its peak was not its own.
 */
function timeJsonParse(files: string[]): number {
  const buffers = files.map((f) => fs.readFileSync(f));
  const started = performance.now();
  let keys = 0;
  for (const b of buffers) keys += Object.keys(JSON.parse(b.toString('utf8')) as object).length;
  const ms = performance.now() - started;
  if (keys === 0) throw new Error('nothing parsed');
  return ms;
}

/** One writer's runs of one input. */
interface Runs { ingestMs: number[]; cpuMs: number[]; stageMs: Record<string, number>[]; peaks: MemoryPeak[]; written: number[]; facts: number }

async function ingestOnce(files: string[], writer: FactsWriter, workers: number, into: Runs): Promise<void> {
  // one per process: two bench runs side by side (a memory run and a timed one) must not remove each other's
  const dir = path.join(BENCH_OUT, `ingest-warehouse-${String(process.pid)}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const engine = await Engine.open({ warehouseDir: dir, mode: 'write', threads: Number(process.env.BENCH_THREADS ?? 2) });
  try {
    // --into-held: the timed ingest meets a warehouse holding every company already (a monthly re-ingest of the zip)
    if (intoHeld) await ingestPaths(engine, files, { batchBytes: batchMb * 1024 * 1024, factsWriter: 'duckdb', parseWorkers: 0 });
    const stages: Record<string, number> = {};
    const atStart = process.memoryUsage();
    const peak: MemoryPeak = { start: atStart.rss, rss: 0, heapUsed: 0, outsideHeap: 0 };
    into.peaks.push(peak);
    // sampled at every unit and stage end (the JavaScript thread is busy in between, so a timer would rarely fire)
    const sample = () => {
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
      peak.outsideHeap = Math.max(peak.outsideHeap, m.rss - m.heapTotal - m.external);
    };
    const t = performance.now();
    const cpu = process.cpuUsage();
    const report = await ingestPaths(engine, files, {
      batchBytes: batchMb * 1024 * 1024,
      factsWriter: writer,
      parseWorkers: workers,
      onStage: (stage, ms) => { stages[stage] = (stages[stage] ?? 0) + ms; sample(); },
      onUnit: sample,
    });
    into.ingestMs.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    into.cpuMs.push((used.user + used.system) / 1000);
    into.stageMs.push(stages);
    into.facts = report.rows.facts ?? 0;
    // smaller batches bound memory but each writes its own file per bucket it touches: the count readers pay for
    into.written.push(fs.readdirSync(path.join(dir, 'facts'), { recursive: true }).filter((f) => String(f).endsWith('.parquet')).length);
    if (intoHeld && into.facts !== 0) throw new Error(`re-ingest added ${String(into.facts)} facts`);
  } finally {
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Each writer's runs alternate (duckdb, js, duckdb, js...), so both see the same swings of the shared box's load. */
async function measure(label: string, files: string[], jsonFiles: string[] = files): Promise<string[][]> {
  const bytes = jsonFiles.reduce((s, f) => s + fs.statSync(f).size, 0);
  const parseMs: number[] = [];
  const byWriter = new Map<string, Runs & { writer: FactsWriter; workers: number }>(variants.map((v) => [`${v.writer}${v.writer === 'js' ? `, ${String(v.workers)} workers` : ''}`,
    { ...v, ingestMs: [], cpuMs: [], stageMs: [], peaks: [], written: [], facts: 0 }]));
  for (let r = 0; r < runs; r++) {
    for (const into of byWriter.values()) await ingestOnce(files, into.writer, into.workers, into);
    parseMs.push(timeJsonParse(jsonFiles));
  }
  const mb = bytes / 1e6;
  const p = median(parseMs);
  const out: string[][] = [];
  for (const [variant, { writer, workers, ingestMs, cpuMs, stageMs, peaks, written, facts }] of byWriter) {
    const name = byWriter.size > 1 ? `${label} (${variant})` : label;
    const i = median(ingestMs);
    // the breakdown of the run whose total is the median, in multiples of the same run's median JSON.parse time
    const stages = stageMs[ingestMs.indexOf(i)] ?? {};
    const cpuOfMedian = cpuMs[ingestMs.indexOf(i)] ?? NaN;
    const peakRss = Math.max(...peaks.map((m) => m.rss));
    memoryRows.push([name, formatBytes(bytes), peaks.map((m) => formatBytes(m.start)).join(' / '), peaks.map((m) => formatBytes(m.rss)).join(' / '), peaks.map((m) => formatBytes(m.heapUsed)).join(' / '),
      peaks.map((m) => formatBytes(m.outsideHeap)).join(' / '), written.join(' / ')]);
    const staged = STAGES.reduce((sum, s) => sum + (stages[s] ?? 0), 0);
    stageRows.push([name, ...STAGES.map((s) => `${((stages[s] ?? 0) / p).toFixed(2)}x`), `${((i - staged) / p).toFixed(2)}x`]);
    results.push({ label, writer, workers, bytes, facts, parseMs: p, parseRuns: parseMs, ingestMs: i, ingestRuns: ingestMs, cpuRuns: cpuMs, parseMBps: mb / (p / 1000), ingestMBps: mb / (i / 1000), ratio: i / p, cpuMs: cpuOfMedian, stages, peakRss, peaks, files: written });
    out.push([name, formatBytes(bytes), facts.toLocaleString('en-US'), (mb / (p / 1000)).toFixed(1), (mb / (i / 1000)).toFixed(1),
      `${(i / p).toFixed(1)}x`, `1/${(i / p).toFixed(1)}`, (i / 1000).toFixed(2), (cpuOfMedian / 1000).toFixed(2),
      cpuMs.map((c) => (c / 1000).toFixed(2)).join(' / '), `${(cpuOfMedian / p).toFixed(1)}x`, Math.round(facts / (i / 1000)).toLocaleString('en-US'), formatBytes(peakRss)]);
  }
  return out;
}

const synth = syntheticInputs(synthetic);
if (argv.includes('--write-knobs')) {
  await measureWriteKnobs(synth, BENCH_OUT, runs);
  process.exit(0);
}
const inputs: [string, () => [string[], string[]?]][] = [
  ['Apple companyfacts (real)', () => [[APPLE]]],
  [`${String(synthetic)} synthetic filers`, () => [synth]],
  ['both together', () => [[APPLE, ...synth]]],
  [`${String(synthetic)} synthetic filers, bulk zip`, () => [[bulkZip(synth)], synth]],
];
const rows = [['input', 'JSON', 'facts', 'JSON.parse MB/s', 'ingest MB/s', 'ingest / parse time', 'ingest MB/s / parse MB/s', 'ingest s', 'ingest CPU s', 'CPU s of each run', 'CPU / JSON.parse wall', 'facts/s', 'peak RSS (process)']];
for (const [label, files] of inputs) {
  if (only !== null && !label.toLowerCase().includes(only)) continue;
  const [paths, json] = files();
  rows.push(...await measure(label, paths, json));
}
console.log(`median of ${String(runs)} runs; ingest = ingestPaths into an empty warehouse (Engine already open), ${process.env.BENCH_THREADS ?? '2'} DuckDB threads (BENCH_THREADS), batches of ${String(batchMb)} MiB, facts writer ${writers.join(' and ')} (--writer js|duckdb|both), parse workers ${workerCounts.join(' and ')} (--workers); the paths alternate within each run${intoHeld ? ', into a warehouse holding the input already (--into-held)' : ''}`);
printTable(rows);
console.log('per-stage time, in multiples of JSON.parse of the same bytes (median run):');
printTable(stageRows);
console.log('peak memory of each run (sampled after every input unit and stage):');
printTable(memoryRows);
fs.writeFileSync(path.join(BENCH_OUT, 'ingest.json'), JSON.stringify({ runs, results, measuredAt: new Date().toISOString() }, null, 2));
