// The one bounded cache of hot answers in a serving process, under one byte budget (the app's cacheBytes, default
// 64 MiB), least recently used out first: serialized object answers keyed by ETag (which embeds the warehouse version)
// and decoded rendered records keyed by store generation and key (a generation's files never change). Entries of an
// older version or generation are never asked for again and age out.
import type { Engine } from '../db/Engine.ts';
import type { GzippedAnswer, HotRecords, RenderedRows } from '../serving/RenderedStore.ts';
import { LruCache } from './LruCache.ts';

export const DEFAULT_ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

type Kept = string | RenderedRows | GzippedAnswer;

function sizeOf(value: Kept): number {
  if (typeof value === 'string') return value.length * 2;
  return 'gzip' in value ? value.gzip.length + 16 : value.array.length + 4 * (value.ends.length + 1);
}

export class AnswerCache implements HotRecords {
  private readonly lru: LruCache<Kept>;

  constructor(readonly maxBytes: number) {
    this.lru = new LruCache(maxBytes, sizeOf);
  }

  /** An object-shaped answer's JSON text. */
  body(etag: string): string | undefined {
    const v = this.lru.get(`b\n${etag}`);
    return typeof v === 'string' ? v : undefined;
  }

  keepBody(etag: string, body: string): void {
    this.lru.set(`b\n${etag}`, body);
  }

  rows(generation: string, key: string): RenderedRows | undefined {
    const v = this.lru.get(`r\n${generation}\n${key}`);
    return typeof v === 'string' || v === undefined || 'gzip' in v ? undefined : v;
  }

  keep(generation: string, key: string, rows: RenderedRows): void {
    this.lru.set(`r\n${generation}\n${key}`, rows);
  }

  gzipped(generation: string, key: string): GzippedAnswer | undefined {
    const v = this.lru.get(`g\n${generation}\n${key}`);
    return typeof v === 'string' || v === undefined || !('gzip' in v) ? undefined : v;
  }

  keepGzipped(generation: string, key: string, answer: GzippedAnswer): void {
    this.lru.set(`g\n${generation}\n${key}`, answer);
  }
}

const caches = new WeakMap<Engine, AnswerCache>();

/** The engine's cache of hot answers; `maxBytes` (an app's cacheBytes) gives it that budget (0 turns caching off). */
export function answerCache(engine: Engine, maxBytes?: number): AnswerCache {
  let cache = caches.get(engine);
  if (!cache || (maxBytes !== undefined && cache.maxBytes !== maxBytes)) {
    cache = new AnswerCache(maxBytes ?? DEFAULT_ANSWER_CACHE_BYTES);
    caches.set(engine, cache);
  }
  return cache;
}
