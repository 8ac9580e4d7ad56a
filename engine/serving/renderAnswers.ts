// Renders the rendered store after the periods refresh: every company's answers to the RENDERED_QUERIES (and its CIK
// resolution), written as a new generation and published for the warehouse version and the stored-periods generation
// just committed. The period answers (as-reported, statements) are read from the stored periods and statements many
// companies at a time (one SQL pass per chunk of companies and answer kind, sql/96_rendered, the same lines the
// single-company macros select); the entity answers (details, CIK resolution: cheap in-memory reads) one company at a time.
// Incremental by what each answer reads: a bucket's period answers are rendered again when its stored periods or
// statements files are not the ones the previous generation read (whatever rewrote them: an ingest's refresh, a full
// or interrupted refresh), or when FX rates changed (statements are converted to USD); entity answers when entity
// descriptions or securities changed (all of them: a ticker can move between companies) or facts or filings of the
// company's bucket did. Call with the writer lock held, after materializePeriods.
import fs from 'node:fs';
import path from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Engine } from '../db/Engine.ts';
import { quoteIdentifier } from '../db/quote.ts';
import { CIK_BUCKETS } from '../db/cikBuckets.ts';
import { manifestNames, manifestsSince } from '../warehouse/manifests.ts';
import { periodsAreCurrent, readPeriodsState } from '../financials/materializePeriods.ts';
import { liveJsonRows } from '../query/runMacro.ts';
import type { ResolvedEntity } from '../query/resolveEntity.ts';
import { jsonRowsSelect, macroCallSql, placeholders } from '../query/macroSql.ts';
import { RenderedStoreReader, RenderedStoreWriter, writeState, type RenderedState } from './RenderedStore.ts';
import { RENDERED_QUERIES, renderArgs, renderedKey, resolutionKey, sourceOfKey, type RenderedQuery, type RenderedSource } from './renderedQueries.ts';

export interface RenderReport extends RenderedState {
  /** Companies some of whose answers this run computed. */
  rendered: number;
  /** Companies whose period answers (as-reported, statements) this run computed: the costly ones. */
  periodsRendered: number;
  /** Buckets whose period answers this run computed. */
  bucketsRendered: number;
  /** Companies whose every answer was copied from the previous generation. */
  copied: number;
  /** SQL statements run to render (a measure of the batching). */
  queries: number;
  /** Time in the bucket passes (period answers) and in the per-company entity answers. */
  periodsMs: number;
  entityMs: number;
  /** CPU time of this process (DuckDB's threads included) in the bucket passes and in the entity answers. */
  periodsCpuMs: number;
  entityCpuMs: number;
  /** Per pass (macro and variant), the time its statements took (where the period answers' time goes). */
  passMs: Record<string, number>;
  ms: number;
}

export interface RenderOptions {
  /** Render every company even when nothing it reads changed. */
  full?: boolean;
  /** Bucket-pass statements run at once (default 2: the box's cores). */
  concurrency?: number;
  /** Companies per pass (bounds the rows held at once; default 256). */
  chunk?: number;
}

/** Folders of the stored results the period answers read (materializePeriods' outputs). */
const STORED_FOLDERS = ['periods', 'statements'];

/** Per bucket, the identity (inode, mtime, size) of every stored file its period answers read. */
function storedStamps(warehouseDir: string): Record<string, string> {
  const stamps: Record<string, string> = {};
  for (let b = 0; b < CIK_BUCKETS; b++) {
    const parts: string[] = [];
    for (const folder of STORED_FOLDERS) {
      const dir = path.join(warehouseDir, folder, `bucket=${String(b)}`);
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
      for (const f of files) {
        const st = fs.statSync(path.join(dir, f), { bigint: true });
        parts.push(`${folder}/${f}:${String(st.ino)}:${String(st.mtimeNs)}:${String(st.size)}`);
      }
    }
    stamps[String(b)] = parts.join(',');
  }
  return stamps;
}

/** What newer manifests changed: entity answers of the companies in `buckets`, and every answer of the kinds in `all`. */
interface Changes {
  buckets: Set<number>;
  all: Set<RenderedSource>;
}

const EVERYTHING: Changes = { buckets: new Set(), all: new Set(['periods', 'entity']) };

/** From the manifests newer than `done`; everything when there is no usable previous state (none, history rewritten). */
function changesSince(warehouseDir: string, done: readonly string[], manifests: readonly string[]): Changes {
  const since = manifestsSince(done, manifests);
  if (!since) return EVERYTHING;
  const changes: Changes = { buckets: new Set(), all: new Set() };
  for (const name of since) {
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

/**
 * The bucket pass's statement: cik, the variant columns (k0, k1...), and each row's JSON exactly as the live path
 * renders it (one shaping function for both: engine/query/macroSql.ts).
 */
function bucketPassSql(q: RenderedQuery, argCount: number): string {
  const pass = q.bucketPass;
  if (!pass) throw new Error(`${q.macro} has no bucket pass`);
  const lead = [{ expr: 't.cik::INTEGER', as: 'cik' }, ...pass.keyColumns.map((k, i) => ({ expr: `t.${quoteIdentifier(k)}::VARCHAR`, as: `k${String(i)}` }))];
  return jsonRowsSelect(`${macroCallSql(pass.macro, placeholders(argCount))} t`, q.omitWhenNull, lead, ['cik', ...pass.keyColumns]);
}

export async function renderAnswers(engine: Engine, options: RenderOptions = {}): Promise<RenderReport> {
  const started = performance.now();
  const wh = engine.warehouseDir;
  const manifests = manifestNames(wh);
  const periodsState = readPeriodsState(wh);
  // the period answers are read from the stored periods: rendering stale ones would publish them as current
  if (!periodsState || !periodsAreCurrent(wh)) throw new Error('the stored periods do not reflect every ingest; nothing rendered');
  const { version } = engine.warehouse();
  const stamps = storedStamps(wh);
  const previous = RenderedStoreReader.open(wh);
  const changes = options.full || !previous ? EVERYTHING : changesSince(wh, previous.state.manifests, manifests);
  const periodBuckets = new Set<number>();
  for (let b = 0; b < CIK_BUCKETS; b++) {
    if (changes.all.has('periods') || previous?.state.buckets[String(b)] !== stamps[String(b)]) periodBuckets.add(b);
  }
  const entityStale = (cik: number) => changes.all.has('entity') || changes.buckets.has(bucketOf(cik));
  // a company new to the store (known from a submissions file, say, in a bucket without facts the refresh left as it
  // was) has no period answers to copy
  const hadPeriods = new Set<number>();
  if (previous) for (const key of previous.keys()) if (sourceOfKey(key) === 'periods') hadPeriods.add(cikOfKey(key));
  const periodsStale = (cik: number) => periodBuckets.has(bucketOf(cik)) || !hadPeriods.has(cik);
  const fields = { version, manifests, periodsGeneration: periodsState.generation, buckets: stamps };
  let queries = 1;
  let periodsMs = 0;
  let entityMs = 0;
  const passMs: Record<string, number> = {};
  let periodsCpuMs = 0;
  let entityCpuMs = 0;
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  const all = (await engine.query<{ cik: number }>(
    'SELECT DISTINCT cik::INTEGER AS cik FROM (SELECT cik FROM src_facts UNION ALL SELECT cik FROM entity_index) WHERE cik IS NOT NULL ORDER BY cik',
  )).map((r) => r.cik);
  const entityWork = all.filter(entityStale);
  const periodWork = all.filter(periodsStale);
  const touched = new Set([...entityWork, ...periodWork]);
  const report = (state: RenderedState): RenderReport => ({
    ...state, rendered: touched.size, periodsRendered: periodWork.length, bucketsRendered: new Set(periodWork.map(bucketOf)).size,
    copied: all.length - touched.size, queries, periodsMs, entityMs, periodsCpuMs, entityCpuMs, passMs, ms: performance.now() - started,
  });
  if (previous && touched.size === 0 && !options.full) {
    // nothing any answer reads changed: the same records, stamped for this version and periods generation
    const state: RenderedState = { ...previous.state, ...fields, builtAt: new Date().toISOString() };
    previous.close();
    writeState(wh, state);
    return report(state);
  }
  const writer = new RenderedStoreWriter(wh, new Date().toISOString().replace(/[-:.]/g, ''));
  try {
    if (previous && changes !== EVERYTHING) {
      for (const key of previous.keys()) {
        const cik = cikOfKey(key);
        if (sourceOfKey(key) === 'periods' ? periodsStale(cik) : entityStale(cik)) continue;
        writer.copy(previous, key);
      }
    }
    let t = performance.now();
    let c = cpuMs();
    const periodQueries = await renderPeriodBuckets(engine, writer, passMs, periodWork, options.chunk ?? 256, options.concurrency ?? 2);
    queries += periodQueries;
    periodsMs = performance.now() - t;
    periodsCpuMs = cpuMs() - c;
    t = performance.now();
    c = cpuMs();
    queries += await renderEntities(engine, writer, entityWork, options.chunk ?? 256);
    entityMs = performance.now() - t;
    entityCpuMs = cpuMs() - c;
    return report(writer.publish(fields));
  } catch (err) {
    writer.abandon();
    throw err;
  } finally {
    previous?.close();
  }
}

/**
 * The period answers of `ciks`, in chunks of up to `chunk` companies taken bucket after bucket (a chunk reads the
 * stored files of the buckets its companies are in): one statement per chunk and rendered query (or per variant, where
 * a pass renders one), `concurrency` statements at once. Few, large statements: planning the statements' macros costs
 * about as much as rendering a few companies, so a statement per bucket made a refresh touching many small buckets
 * mostly planning. A company without rows answers `[]`, as live.
 */
async function renderPeriodBuckets(engine: Engine, writer: RenderedStoreWriter, passMs: Record<string, number>, ciks: readonly number[], chunk: number, concurrency: number): Promise<number> {
  const ordered = [...ciks].sort((a, b) => bucketOf(a) - bucketOf(b) || a - b);
  const chunks: { buckets: string; ciks: string; part: number[] }[] = [];
  for (let i = 0; i < ordered.length; i += chunk) {
    const part = ordered.slice(i, i + chunk);
    chunks.push({ buckets: [...new Set(part.map(bucketOf))].join(','), ciks: part.join(','), part });
  }
  const tasks: (() => Promise<void>)[] = [];
  for (const { buckets, ciks: list, part } of chunks) {
    for (const q of RENDERED_QUERIES) {
      const pass = q.bucketPass;
      if (!pass) continue;
      const passes: readonly (readonly DuckDBValue[])[] = pass.keyColumns.length > 0 ? [[]] : q.variants;
      for (const args of passes) {
        const label = [q.macro, ...args.map(String)].join('|');
        tasks.push(async () => {
          const t = performance.now();
          const found = await engine.query<Record<string, string | number>>(bucketPassSql(q, 2 + args.length), [buckets, list, ...args]);
          const rows = new Map<string, string[]>();
          for (const r of found) {
            const variant = pass.keyColumns.length > 0 ? pass.keyColumns.map((_, k) => String(r[`k${String(k)}`])) : args;
            const key = renderedKey(q.macro, Number(r.cik), variant);
            const at = rows.get(key) ?? [];
            at.push(String(r.j));
            rows.set(key, at);
          }
          // the variants this statement rendered: every one of a keyed pass, else the one it was run for
          const variants = pass.keyColumns.length > 0 ? q.variants : [args];
          for (const cik of part) for (const variant of variants) {
            const key = renderedKey(q.macro, cik, variant);
            writer.putRows(key, rows.get(key) ?? []);
          }
          passMs[label] = (passMs[label] ?? 0) + performance.now() - t;
        });
      }
    }
  }
  let next = 0;
  const worker = async () => {
    for (let task = tasks[next++]; task; task = tasks[next++]) await task();
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return tasks.length;
}

/**
 * The entity answers (CIK resolution, company details) of `ciks`, a chunk of companies per statement: the single-company
 * macro applied to each cik of the chunk by a LATERAL join (the same macro, so the same answer: compared byte for byte
 * with one call per company in test/serving; one plan per chunk instead of one per company, which cost about 40 ms of
 * planning each). A chunk whose statement fails (a macro's own error() for one company) is rendered one company at a
 * time, leaving the refused answers to the live path. These macros answer one row per company.
 */
async function renderEntities(engine: Engine, writer: RenderedStoreWriter, ciks: readonly number[], chunk: number): Promise<number> {
  let queries = 0;
  for (let i = 0; i < ciks.length; i += chunk) {
    const part = ciks.slice(i, i + chunk);
    const list = part.join(',');
    queries++;
    const resolved = await engine.query<ResolvedEntity>(
      'SELECT t.* FROM unnest(string_split($1, \',\')::INTEGER[]) AS c(cik), LATERAL resolve_entity(NULL, c.cik, NULL, NULL, NULL) t', [list],
    );
    const byCik = new Map(resolved.map((r) => [r.cik, r]));
    for (const cik of part) {
      const entity = byCik.get(cik);
      writer.putRows(resolutionKey(cik), entity ? [JSON.stringify(entity)] : []);
    }
    for (const q of RENDERED_QUERIES) {
      if (q.source !== 'entity') continue;
      for (const variant of q.variants) {
        queries++;
        const args = placeholders(renderArgs(q, 0, variant).length - 1, 2);
        const from = `unnest(string_split($1, ',')::INTEGER[]) AS c(cik), LATERAL ${macroCallSql(q.macro, ['c.cik', ...args])} t`;
        const sql = jsonRowsSelect(from, q.omitWhenNull, [{ expr: 'c.cik', as: 'k' }]);
        let found: { k: number; j: string }[];
        try {
          found = await engine.query<{ k: number; j: string }>(sql, [list, ...renderArgs(q, 0, variant).slice(1)]);
        } catch {
          for (const cik of part) queries += await renderEntityAlone(engine, writer, q, cik, variant);
          continue;
        }
        const rows = new Map<number, string[]>();
        for (const r of found) rows.set(r.k, [...(rows.get(r.k) ?? []), r.j]);
        for (const cik of part) writer.putRows(renderedKey(q.macro, cik, variant), rows.get(cik) ?? []);
      }
    }
  }
  return queries;
}

/** One company's answer to `q`; a variant the macro refuses (an error() of its own) is left to the live path. */
async function renderEntityAlone(engine: Engine, writer: RenderedStoreWriter, q: RenderedQuery, cik: number, variant: readonly DuckDBValue[]): Promise<number> {
  try {
    writer.putRows(renderedKey(q.macro, cik, variant), await liveJsonRows(engine, { macro: q.macro, args: renderArgs(q, cik, variant), omitWhenNull: q.omitWhenNull }));
  } catch {
    // left to the live path
  }
  return 1;
}
