// Renders the rendered store after the periods refresh: every company's answers to the RENDERED_QUERIES (and its CIK
// resolution), run through the same live macros a request would run, written as a new generation and published for
// the warehouse version just committed. Incremental like the periods: companies in cik buckets no newer manifest
// touched keep their previous records; a manifest file outside a cik bucket (entities, FX rates, ...) can change any
// company's answer, so it renders everything. Call with the writer lock held, after materializePeriods.
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../db/Engine.ts';
import { liveJsonRows } from '../query/runMacro.ts';
import { liveResolveEntity } from '../query/resolveEntity.ts';
import { RenderedStoreReader, RenderedStoreWriter, type RenderedState } from './RenderedStore.ts';
import { RENDERED_QUERIES, renderArgs, renderedKey, resolutionKey } from './renderedQueries.ts';
import { CIK_BUCKETS } from '../db/cikBuckets.ts';

export interface RenderReport extends RenderedState {
  /** Companies whose answers this run computed (the others were copied from the previous generation). */
  rendered: number;
  copied: number;
  ms: number;
}

export interface RenderOptions {
  /** Render every company even when only some buckets changed. */
  full?: boolean;
  /** Companies rendered at once, each query on its own pooled connection (default 2: the box's cores). */
  concurrency?: number;
}

function manifestNames(warehouseDir: string): string[] {
  const dir = path.join(warehouseDir, '_manifest');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
}

/** Buckets named by manifests newer than `done`; null = render everything (no usable previous state, or a global file). */
function changedBuckets(warehouseDir: string, done: readonly string[] | null, manifests: readonly string[]): Set<number> | null {
  if (!done || done.some((m, i) => manifests[i] !== m)) return null;
  const changed = new Set<number>();
  for (const name of manifests.slice(done.length)) {
    const manifest = JSON.parse(fs.readFileSync(path.join(warehouseDir, '_manifest', name), 'utf8')) as { files?: string[] };
    for (const file of manifest.files ?? []) {
      const m = /[\\/]bucket=(\d+)[\\/]/.exec(file);
      if (!m) return null;
      changed.add(Number(m[1]));
    }
  }
  return changed;
}

const cikOfKey = (key: string): number => Number(key.split('|')[1]);
const bucketOf = (cik: number): number => cik % CIK_BUCKETS;

export async function renderAnswers(engine: Engine, options: RenderOptions = {}): Promise<RenderReport> {
  const started = performance.now();
  const wh = engine.warehouseDir;
  const manifests = manifestNames(wh);
  const { version } = engine.warehouse();
  const previous = RenderedStoreReader.open(wh);
  const changed = options.full ? null : changedBuckets(wh, previous?.state.manifests ?? null, manifests);
  const all = await engine.query<{ cik: number }>(
    'SELECT DISTINCT cik::INTEGER AS cik FROM (SELECT cik FROM src_facts UNION ALL SELECT cik FROM entity_index) WHERE cik IS NOT NULL ORDER BY cik',
  );
  const ciks = all.map((r) => r.cik).filter((c) => changed === null || changed.has(bucketOf(c)));
  const writer = new RenderedStoreWriter(wh, new Date().toISOString().replace(/[-:.]/g, ''));
  try {
    let copied = 0;
    if (previous && changed !== null) {
      const kept = new Set<number>();
      for (const key of previous.keys()) {
        const cik = cikOfKey(key);
        if (changed.has(bucketOf(cik))) continue;
        const record = previous.record(key);
        if (record) writer.put(key, record);
        kept.add(cik);
      }
      copied = kept.size;
    }
    const queue = [...ciks];
    const worker = async () => {
      for (let cik = queue.shift(); cik !== undefined; cik = queue.shift()) await renderCompany(engine, writer, cik);
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
    const state = writer.publish({ version, manifests });
    return { ...state, rendered: ciks.length, copied, ms: performance.now() - started };
  } catch (err) {
    writer.abandon();
    throw err;
  } finally {
    previous?.close();
  }
}

/** One company's answers; a variant the macro refuses (an error() of its own) is left to the live path. */
async function renderCompany(engine: Engine, writer: RenderedStoreWriter, cik: number): Promise<void> {
  const entity = await liveResolveEntity(engine, { name: 'cik', value: cik });
  writer.putRows(resolutionKey(cik), entity ? [JSON.stringify(entity)] : []);
  for (const q of RENDERED_QUERIES) {
    for (const variant of q.variants) {
      let rows: string[];
      try {
        rows = await liveJsonRows(engine, { macro: q.macro, args: renderArgs(q, cik, variant), omitWhenNull: q.omitWhenNull });
      } catch {
        continue;
      }
      writer.putRows(renderedKey(q.macro, cik, variant), rows);
    }
  }
}
