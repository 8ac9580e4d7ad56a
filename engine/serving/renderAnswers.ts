// Renders the rendered store after the periods refresh: every company's answers to the RENDERED_QUERIES (and its CIK
// resolution), run through the same live macros a request would run, written as a new generation and published for
// the warehouse version just committed. Incremental like the periods, by what each answer reads: facts and filings in
// a cik bucket change every answer of that bucket's companies; FX rates change every period answer (statements are
// converted to USD); entity descriptions and securities change every entity answer (details, CIK resolution: a ticker
// can move between companies), which are cheap in-memory reads. Other datasets change none of them. Call with the
// writer lock held, after materializePeriods.
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../db/Engine.ts';
import { liveJsonRows } from '../query/runMacro.ts';
import { liveResolveEntity } from '../query/resolveEntity.ts';
import { RenderedStoreReader, RenderedStoreWriter, type RenderedState } from './RenderedStore.ts';
import { RENDERED_QUERIES, renderArgs, renderedKey, resolutionKey, sourceOfKey, type RenderedSource } from './renderedQueries.ts';
import { CIK_BUCKETS } from '../db/cikBuckets.ts';

export interface RenderReport extends RenderedState {
  /** Companies some of whose answers this run computed. */
  rendered: number;
  /** Companies whose period answers (as-reported, statements) this run computed: the costly ones. */
  periodsRendered: number;
  /** Companies whose every answer was copied from the previous generation. */
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

/** What newer manifests changed: every answer of the companies in `buckets`, and every answer of the kinds in `all`. */
interface Changes {
  buckets: Set<number>;
  all: Set<RenderedSource>;
}

const EVERYTHING: Changes = { buckets: new Set(), all: new Set(['periods', 'entity']) };

/** From the manifests newer than `done`; everything when there is no usable previous state (none, history rewritten). */
function changesSince(warehouseDir: string, done: readonly string[] | null, manifests: readonly string[]): Changes {
  if (!done || done.some((m, i) => manifests[i] !== m)) return EVERYTHING;
  const changes: Changes = { buckets: new Set(), all: new Set() };
  for (const name of manifests.slice(done.length)) {
    const manifest = JSON.parse(fs.readFileSync(path.join(warehouseDir, '_manifest', name), 'utf8')) as { files?: string[] };
    for (const file of manifest.files ?? []) {
      const [dataset] = file.split(/[\\/]/);
      if (dataset === 'facts' || dataset === 'filings') {
        const m = /[\\/]bucket=(\d+)[\\/]/.exec(file);
        if (!m) return EVERYTHING;
        changes.buckets.add(Number(m[1]));
      } else if (dataset === 'fx_rates') {
        changes.all.add('periods');
      } else if (dataset === 'entities' || dataset === 'securities') {
        changes.all.add('entity');
      }
    }
  }
  return changes;
}

const cikOfKey = (key: string): number => Number(key.split('|')[1]);
const bucketOf = (cik: number): number => cik % CIK_BUCKETS;

export async function renderAnswers(engine: Engine, options: RenderOptions = {}): Promise<RenderReport> {
  const started = performance.now();
  const wh = engine.warehouseDir;
  const manifests = manifestNames(wh);
  const { version } = engine.warehouse();
  const previous = RenderedStoreReader.open(wh);
  const changes = options.full || !previous ? EVERYTHING : changesSince(wh, previous.state.manifests, manifests);
  const stale = (key: string, cik: number) => changes.buckets.has(bucketOf(cik)) || changes.all.has(sourceOfKey(key));
  const all = await engine.query<{ cik: number }>(
    'SELECT DISTINCT cik::INTEGER AS cik FROM (SELECT cik FROM src_facts UNION ALL SELECT cik FROM entity_index) WHERE cik IS NOT NULL ORDER BY cik',
  );
  // per company, the answer kinds to compute; the rest is copied from the previous generation
  const work = new Map<number, Set<RenderedSource>>();
  for (const { cik } of all) {
    const kinds = new Set<RenderedSource>(changes.buckets.has(bucketOf(cik)) ? ['periods', 'entity'] : changes.all);
    if (kinds.size > 0) work.set(cik, kinds);
  }
  const writer = new RenderedStoreWriter(wh, new Date().toISOString().replace(/[-:.]/g, ''));
  try {
    const kept = new Set<number>();
    if (previous && changes !== EVERYTHING) {
      for (const key of previous.keys()) {
        const cik = cikOfKey(key);
        if (stale(key, cik)) continue;
        const record = previous.record(key);
        if (record) writer.put(key, record);
        if (!work.has(cik)) kept.add(cik);
      }
    }
    const queue = [...work];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) await renderCompany(engine, writer, next[0], next[1]);
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, worker));
    const state = writer.publish({ version, manifests });
    const periodsRendered = [...work.values()].filter((k) => k.has('periods')).length;
    return { ...state, rendered: work.size, periodsRendered, copied: kept.size, ms: performance.now() - started };
  } catch (err) {
    writer.abandon();
    throw err;
  } finally {
    previous?.close();
  }
}

/** One company's answers; a variant the macro refuses (an error() of its own) is left to the live path. */
async function renderCompany(engine: Engine, writer: RenderedStoreWriter, cik: number, kinds: ReadonlySet<RenderedSource>): Promise<void> {
  if (kinds.has('entity')) {
    const entity = await liveResolveEntity(engine, { name: 'cik', value: cik });
    writer.putRows(resolutionKey(cik), entity ? [JSON.stringify(entity)] : []);
  }
  for (const q of RENDERED_QUERIES) {
    if (!kinds.has(q.source)) continue;
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
