// The bench universe made servable: an SEC-format submissions JSON per company ingested through the real pipeline, the
// periods refreshed and the answers rendered, cached beside the universe (`<universe>-served/`) and built one cik
// bucket at a time so a killed build resumes with the next unfinished bucket (in this session or a later one).
// Each bucket is its own small warehouse (that bucket's facts hard-linked from the universe, its companies'
// submissions), refreshed and rendered by the production code (refreshPeriodsLocked with render). The served warehouse
// is then assembled from them: every fact hard-linked, every company's submissions ingested once, each bucket's stored
// periods and statements files hard-linked from its bucket warehouse, and the bucket stores' records copied into one
// rendered generation published for the assembled warehouse's version and periods generation. A company's answers
// read only its own bucket's files and its own entity rows, so they are the ones the whole warehouse would render; the
// cold-serving bench checks a sample byte for byte against the live path of the assembled warehouse.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../engine/financials/refreshPeriods.ts';
import { MATERIALIZED_OUTPUTS, type PeriodsState } from '../engine/financials/materializePeriods.ts';
import { RenderedStoreReader, RenderedStoreWriter } from '../engine/serving/RenderedStore.ts';
import { renderedStoreFor } from '../engine/serving/renderedStoreFor.ts';
import { submissionsJson } from '../demo/submissionsJson.ts';
import { DEMO_COMPANIES } from '../demo/demoCompanies.ts';
import { defined } from '../engine/query/defined.ts';
import { duration, takeBuildLock, universeCik, type Universe } from './universe.ts';
import { manifestNames } from '../engine/warehouse/manifests.ts';

const BUCKETS = 64;

/** What one bucket's build took, kept in its folder (BUCKET.json) so a resumed build still reports every stage. */
export interface BucketBuild {
  bucket: number;
  companies: number;
  ingestSeconds: number;
  periodsSeconds: number;
  periodsCpuSeconds: number;
  renderSeconds: number;
  renderCpuSeconds: number;
  renderedKeys: number;
  renderedBytes: number;
  /** Peak RSS of the building process when the bucket finished (DuckDB's memory included). */
  maxRssMb: number;
}

export interface ServedWarehouse {
  dir: string;
  ciks: number[];
  buckets: BucketBuild[];
  assembleSeconds: number;
  periodsBytes: number;
  renderedBytes: number;
}

/** Every company's submissions JSON (name, ticker, SIC), written into a fresh temporary folder for one ingest. */
function writeSubmissions(ciks: readonly number[]): string {
  const inputs = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-served-in-'));
  const template = defined(DEMO_COMPANIES[0], 'a demo company');
  for (const cik of ciks) {
    const company = { ...template, cik, name: `Universe Filer ${String(cik)} (DEMO DATA)`, ticker: `U${String(cik)}`, formerNames: [] };
    fs.writeFileSync(path.join(inputs, `CIK${String(cik).padStart(10, '0')}.json`), JSON.stringify(submissionsJson(company, [])));
  }
  return inputs;
}

/** Hard links of every file under `from` into `to` (same tree), falling back to a copy across file systems. */
function linkTree(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, e.name);
    const dst = path.join(to, e.name);
    if (e.isDirectory()) {
      linkTree(src, dst);
    } else if (e.isFile()) {
      fs.mkdirSync(to, { recursive: true });
      try {
        fs.linkSync(src, dst);
      } catch {
        fs.copyFileSync(src, dst);
      }
    }
  }
}

function bytesUnder(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .reduce((s, e) => s + fs.statSync(path.join(e.parentPath, e.name)).size, 0);
}

/** One bucket's warehouse: its facts, its companies' submissions, refreshed and rendered by the production code. */
async function buildBucket(universe: Universe, bucket: number, ciks: readonly number[], dir: string): Promise<BucketBuild> {
  const building = `${dir}.building`;
  fs.rmSync(building, { recursive: true, force: true });
  linkTree(path.join(universe.dir, 'facts', `bucket=${String(bucket)}`), path.join(building, 'facts', `bucket=${String(bucket)}`));
  const inputs = writeSubmissions(ciks);
  const writer = await Engine.open({ warehouseDir: building, mode: 'write', threads: 2 });
  let record: BucketBuild;
  try {
    let t = performance.now();
    await ingestPaths(writer, [inputs]);
    const ingestSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    const cpu0 = process.cpuUsage();
    const outcome = await refreshPeriodsLocked(writer, true, { render: true });
    const cpu = process.cpuUsage(cpu0);
    if (!outcome.ok) throw outcome.error;
    const r = outcome.rendered;
    if (r === null || r instanceof Error) throw r ?? new Error('the refresh did not render');
    const renderCpuSeconds = (r.periodsCpuMs + r.entityCpuMs) / 1000;
    record = {
      bucket, companies: ciks.length, ingestSeconds,
      periodsSeconds: outcome.report.ms / 1000, periodsCpuSeconds: (cpu.user + cpu.system) / 1e6 - renderCpuSeconds,
      renderSeconds: r.ms / 1000, renderCpuSeconds, renderedKeys: r.keys, renderedBytes: bytesUnder(path.join(building, '_rendered')),
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    writer.close();
    fs.rmSync(inputs, { recursive: true, force: true });
  }
  fs.writeFileSync(path.join(building, 'BUCKET.json'), JSON.stringify(record, null, 2));
  fs.renameSync(building, dir);
  return record;
}

/** The identity of each bucket's stored files, as renderAnswers stamps them (its next incremental render compares). */
function storedStamps(warehouseDir: string): Record<string, string> {
  const stamps: Record<string, string> = {};
  for (let b = 0; b < BUCKETS; b++) {
    const parts: string[] = [];
    for (const folder of ['periods', 'statements']) {
      const dir = path.join(warehouseDir, folder, `bucket=${String(b)}`);
      for (const f of fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []) {
        const st = fs.statSync(path.join(dir, f), { bigint: true });
        parts.push(`${folder}/${f}:${String(st.ino)}:${String(st.mtimeNs)}:${String(st.size)}`);
      }
    }
    stamps[String(b)] = parts.join(',');
  }
  return stamps;
}

/** The served warehouse from the finished bucket warehouses (see the file's head). */
async function assemble(universe: Universe, ciks: readonly number[], bucketDirs: Map<number, string>, dir: string): Promise<void> {
  const building = `${dir}.building`;
  fs.rmSync(building, { recursive: true, force: true });
  linkTree(path.join(universe.dir, 'facts'), path.join(building, 'facts'));
  const inputs = writeSubmissions(ciks);
  const writer = await Engine.open({ warehouseDir: building, mode: 'write', threads: 2 });
  try {
    await ingestPaths(writer, [inputs]);
  } finally {
    writer.close();
    fs.rmSync(inputs, { recursive: true, force: true });
  }
  // a bucket without companies gets the zero-row file any bucket warehouse wrote for it
  const anyDir = defined([...bucketDirs.values()][0], 'a bucket warehouse');
  let periods = 0;
  for (const o of MATERIALIZED_OUTPUTS) {
    for (let b = 0; b < BUCKETS; b++) {
      const from = path.join(bucketDirs.get(b) ?? anyDir, o.folder, `bucket=${String(b)}`, o.file);
      const to = path.join(building, o.folder, `bucket=${String(b)}`, o.file);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.linkSync(from, to);
    }
  }
  for (const d of bucketDirs.values()) {
    periods += (JSON.parse(fs.readFileSync(path.join(d, 'periods', '_state.json'), 'utf8')) as PeriodsState).periods;
  }
  const manifests = manifestNames(building);
  const generation = new Date().toISOString().replace(/[-:.]/g, '');
  const periodsState: PeriodsState = { generation, builtAt: new Date().toISOString(), manifests, periods };
  fs.writeFileSync(path.join(building, 'periods', '_state.json'), JSON.stringify(periodsState, null, 2));
  const store = new RenderedStoreWriter(building, generation);
  try {
    for (const d of bucketDirs.values()) {
      const reader = RenderedStoreReader.open(d);
      if (!reader) throw new Error(`bucket warehouse ${d} has no rendered store`);
      try {
        for (const key of reader.keys()) store.put(key, defined(reader.record(key), key));
      } finally {
        reader.close();
      }
    }
    store.publish({ version: `${String(manifests.length)}:${manifests.at(-1) ?? 'empty'}`, periodsGeneration: generation, buckets: storedStamps(building), manifests });
  } catch (err) {
    store.abandon();
    throw err;
  }
  // the assembled warehouse must be what a server answers from: periods current, the store published for its version
  const check = await Engine.open({ warehouseDir: building, mode: 'read', threads: 1 });
  try {
    if (!check.warehouse().periodsCurrent) throw new Error(`assembled warehouse ${building}: stored periods not current`);
    if (!renderedStoreFor(check)) throw new Error(`assembled warehouse ${building}: the rendered store is not the one its version serves`);
  } finally {
    check.close();
  }
  fs.renameSync(building, dir);
}

/** The served warehouse of `universe`, built (or resumed) bucket by bucket, then assembled; reused when READY. */
export async function ensureServedWarehouse(universe: Universe, log: (s: string) => void): Promise<ServedWarehouse> {
  const root = `${universe.dir}-served`;
  const dir = path.join(root, 'warehouse');
  const ready = path.join(root, 'READY.json');
  const ciks = Array.from({ length: universe.companies }, (_, i) => universeCik(universe, i));
  if (fs.existsSync(ready)) return { ...(JSON.parse(fs.readFileSync(ready, 'utf8')) as Omit<ServedWarehouse, 'ciks'>), dir, ciks };
  const release = takeBuildLock(`${root}.lock`);
  try {
    const byBucket = new Map<number, number[]>();
    for (const cik of ciks) byBucket.set(cik % BUCKETS, [...(byBucket.get(cik % BUCKETS) ?? []), cik]);
    const bucketDirs = new Map([...byBucket.keys()].sort((a, b) => a - b).map((b) => [b, path.join(root, 'buckets', `bucket-${String(b)}`)]));
    const builds: BucketBuild[] = [];
    const started = performance.now();
    let thisRun = 0;
    for (const [b, d] of bucketDirs) {
      if (fs.existsSync(path.join(d, 'BUCKET.json'))) {
        builds.push(JSON.parse(fs.readFileSync(path.join(d, 'BUCKET.json'), 'utf8')) as BucketBuild);
        continue;
      }
      const r = await buildBucket(universe, b, defined(byBucket.get(b), 'ciks'), d);
      builds.push(r);
      thisRun++;
      const elapsed = (performance.now() - started) / 1000;
      const left = bucketDirs.size - builds.length;
      log(`  served: bucket ${String(b)} (${String(builds.length)}/${String(bucketDirs.size)}): ${String(r.companies)} companies, ingest ${r.ingestSeconds.toFixed(1)} s, ` +
        `periods ${r.periodsSeconds.toFixed(1)} s (cpu ${r.periodsCpuSeconds.toFixed(1)} s), render ${r.renderSeconds.toFixed(1)} s (cpu ${r.renderCpuSeconds.toFixed(1)} s), ` +
        `${(r.renderedBytes / 1e6).toFixed(0)} MB rendered, max RSS ${r.maxRssMb.toFixed(0)} MB; about ${duration((elapsed / thisRun) * left)} to go`);
    }
    const t = performance.now();
    await assemble(universe, ciks, bucketDirs, dir);
    const served: Omit<ServedWarehouse, 'ciks'> = {
      dir, buckets: builds, assembleSeconds: (performance.now() - t) / 1000,
      periodsBytes: bytesUnder(path.join(dir, 'periods')) + bytesUnder(path.join(dir, 'statements')), renderedBytes: bytesUnder(path.join(dir, '_rendered')),
    };
    log(`  served: assembled in ${served.assembleSeconds.toFixed(1)} s: ${(served.periodsBytes / 1e6).toFixed(0)} MB of stored periods and statements, ${(served.renderedBytes / 1e6).toFixed(0)} MB rendered, in ${dir}`);
    fs.writeFileSync(ready, JSON.stringify(served, null, 2));
    return { ...served, ciks };
  } finally {
    release();
  }
}
