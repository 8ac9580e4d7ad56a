// The response memo: complete responses of the rendered endpoints (as-reported, the three statements, company
// details), replayed before Koa's middleware chain for a repeated request. An entry is what the full chain answered
// (status, every header in order and case, the body bytes, even a body koa-compress encoded), captured by the app's
// first middleware; a later request with the same key gets those bytes again while everything a client can observe
// per request is still done per request: the token check (an unknown, malformed, revoked or missing token goes the
// full chain, which refuses it), the rate limit from the same limiter (its four headers; a refusal or a limiter that
// fails goes the full chain, which answers 429 or 503 and is not charged twice: a refused hit consumes nothing), a
// new request id, the access log line, If-None-Match (the 304 the chain answered for that ETag) and HEAD (its own
// entry), and the warehouse version, stat'ed per request as the chain does, so a commit is seen by the next request
// (a new version empties the memo).
//
// Key: the caller's plan, method, the request target as sent, Accept and Accept-Encoding as sent (everything the
// chain's answer depends on for a verified caller: the ETag is version, plan, path, query and format; the encoding is
// negotiated from Accept-Encoding). Only requests of those endpoints whose query names nothing but an entity
// identifier, `period` or `limit` are captured: asOf, currency and anything else run through the chain every time, as
// do every other route, MCP, OAuth, docs, health and every answer but a 200 or 304. Bounded in bytes, least recently
// used out first.
import type http from 'node:http';
import { Readable } from 'node:stream';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { RENDERED_QUERIES, type Engine } from '../engine/query/index.ts';
import type { TokenStore } from '../engine/accounts/TokenStore.ts';
import type { AppState } from './AppState.ts';
import type { Endpoint } from './registry.ts';
import type { RateLimiter } from './rateLimit/RateLimiter.ts';
import type { TierConfig } from './tiers.ts';
import { ENTITY_PARAM_NAMES } from './params/entityParams.ts';
import { matchesIfNoneMatch } from './endpointHandler.ts';
import { requestIdOf } from './requestLog.ts';

/** The per-request header values a replay fills in (the rest of an entry's headers are replayed as captured). */
const SLOTS = ['x-request-id', 'x-ratelimit-limit-minute', 'x-ratelimit-remaining-minute', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day'] as const;
type Slot = 0 | 1 | 2 | 3 | 4;

/** Query parameters a memoized request may carry (any other goes the full chain every time). */
const MEMO_PARAMS = new Set<string>([...ENTITY_PARAM_NAMES, 'period', 'limit']);

interface Entry {
  status: number;
  /** Header name then value (string) or the slot it is filled from per request, in the order the chain set them. */
  headers: (string | Slot)[];
  /** Null for HEAD and 304. */
  body: Buffer | null;
  /** The ETag the chain sent (a 304 entry is replayed only when If-None-Match matches it). */
  etag: string;
  bytes: number;
}

export interface ResponseMemoOptions {
  engine: Engine;
  tokens: TokenStore;
  limiter: RateLimiter;
  tiers: TierConfig;
  logger: Logger;
  endpoints: readonly Endpoint[];
  /** The path prefix of the endpoints (`/v1`). */
  base: string;
  /** Bytes of responses kept (bodies, headers and keys); 0 turns the memo off. */
  maxBytes: number;
}

export interface ResponseMemo {
  /** The app's first middleware: keeps the full chain's answer to a memoizable request. */
  capture: Koa.Middleware<AppState>;
  /** A request listener that replays a kept answer, or hands the request to `slow` (Koa's callback). */
  listener(slow: (req: http.IncomingMessage, res: http.ServerResponse) => unknown): http.RequestListener;
  /** Bytes held now (for tests and the bench). */
  readonly bytes: number;
  readonly entries: number;
  /** Requests answered by a replay so far. */
  readonly hits: number;
}

/** The memo behind a server's request listener (tests and the bench ask how much it holds and replays). */
const memoOfListener = new WeakMap<object, ResponseMemo>();

export function responseMemoOf(server: http.Server): ResponseMemo | undefined {
  for (const l of server.listeners('request')) {
    const m = memoOfListener.get(l);
    if (m) return m;
  }
  return undefined;
}

/** The endpoints whose default answers are rendered ahead of requests: the only ones memoized. */
function renderedPaths(endpoints: readonly Endpoint[], base: string): Set<string> {
  const macros = new Set(RENDERED_QUERIES.map((q) => q.macro));
  return new Set(endpoints.filter((e) => !e.job && e.shape !== 'paginated' && (macros.has(e.macro) || (e.stored !== undefined && macros.has(e.stored.macro)))).map((e) => base + e.path));
}

/** Whether a request target is one the memo keeps: a rendered endpoint's path and a query of memoized names only. */
function memoizable(url: string, paths: ReadonlySet<string>): boolean {
  const q = url.indexOf('?');
  if (!paths.has(q === -1 ? url : url.slice(0, q))) return false;
  if (q === -1) return true;
  for (const name of new URLSearchParams(url.slice(q + 1)).keys()) if (!MEMO_PARAMS.has(name)) return false;
  return true;
}

function keyOf(plan: string, req: http.IncomingMessage): string {
  const h = req.headers;
  // an absent header and an empty one negotiate differently (an empty Accept takes nothing: 406): \0 stands for absent
  return `${plan}\n${req.method ?? ''}\n${req.url ?? ''}\n${h.accept ?? '\0'}\n${h['accept-encoding'] ?? '\0'}`;
}

/** The bearer token of an Authorization header, or null (the chain answers every other shape). */
function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return m?.[1] ?? null;
}

export function responseMemo(o: ResponseMemoOptions): ResponseMemo {
  const paths = renderedPaths(o.endpoints, o.base);
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;
  /** The warehouse version every entry was answered for. */
  let version = '';
  const maxEntry = o.maxBytes / 16;

  /** The entries of `current`: a new version empties the memo (the old answers can never be asked for again). */
  function sync(current: string): void {
    if (current === version) return;
    entries.clear();
    bytes = 0;
    version = current;
  }

  function get(key: string): Entry | undefined {
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      entries.set(key, hit);
    }
    return hit;
  }

  function keep(key: string, entry: Entry): void {
    if (entry.bytes > maxEntry) return;
    const old = entries.get(key);
    if (old) {
      bytes -= old.bytes;
      entries.delete(key);
    }
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const [k, e] of entries) {
      if (bytes <= o.maxBytes) break;
      entries.delete(k);
      bytes -= e.bytes;
    }
  }

  /** The response's headers as sent, the per-request ones as slots. */
  function template(res: http.ServerResponse, dropBodyHeaders: boolean): (string | Slot)[] {
    const out: (string | Slot)[] = [];
    // the names in the case they were set (Node 20 has it; @types/node does not declare it yet)
    for (const name of (res as http.ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
      const lower = name.toLowerCase();
      // Koa drops these when it answers 304 (an empty body)
      if (dropBodyHeaders && (lower === 'content-type' || lower === 'content-length' || lower === 'transfer-encoding')) continue;
      const slot = (SLOTS as readonly string[]).indexOf(lower);
      if (slot !== -1) {
        out.push(name, slot as Slot);
        continue;
      }
      const value = res.getHeader(name);
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.push(name, String(v));
    }
    return out;
  }

  function sizeOf(key: string, headers: (string | Slot)[], body: Buffer | null): number {
    let n = key.length + 64 + (body?.length ?? 0);
    for (const h of headers) n += typeof h === 'string' ? h.length + 8 : 8;
    return n;
  }

  const capture: Koa.Middleware<AppState> = async function captureResponse(ctx, next) {
    const { req } = ctx;
    if (o.maxBytes <= 0 || (req.method !== 'GET' && req.method !== 'HEAD') || req.headers.authorization === undefined || !memoizable(req.url ?? '', paths)) {
      await next();
      return;
    }
    const answeredFor = o.engine.warehouse().version;
    await next();
    const account = ctx.state.account;
    const status = ctx.status;
    if (!account || ctx.respond === false || (status !== 200 && status !== 304)) return;
    const etag = ctx.response.get('ETag');
    if (etag === '') return;
    const key = status === 304 ? `${keyOf(account.plan, req)}\n304` : keyOf(account.plan, req);
    const store = (body: Buffer | null): void => {
      // answered from the version the key was taken at (a commit in between: the next request asks again)
      if (o.engine.warehouse().version !== answeredFor) return;
      sync(answeredFor);
      const headers = template(ctx.res, status === 304);
      keep(key, { status, headers, body, etag, bytes: sizeOf(key, headers, body) });
    };
    const body: unknown = ctx.body;
    if (status === 304 || req.method === 'HEAD') {
      // the headers are complete now; Koa sends them with no body
      if (status === 304 || Buffer.isBuffer(body) || typeof body === 'string') store(null);
      return;
    }
    // a copy: the body may be a view into a larger buffer (a rendered record) the memo would otherwise keep alive
    if (Buffer.isBuffer(body)) store(Buffer.from(body));
    else if (typeof body === 'string') store(Buffer.from(body));
    else if (body instanceof Readable) {
      // koa-compress's encoder (or a row stream): kept once it ended and the response finished whole
      const chunks: Buffer[] = [];
      let length = 0;
      let ended = false;
      const collect = (chunk: Buffer | string): void => {
        if (length > maxEntry) return;
        const b = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        chunks.push(b);
        length += b.length;
      };
      body.on('data', collect);
      body.once('end', () => { ended = true; });
      ctx.res.once('finish', () => {
        if (ended && length <= maxEntry && ctx.res.statusCode === status) store(Buffer.concat(chunks, length));
      });
    }
  };

  function listener(slow: (req: http.IncomingMessage, res: http.ServerResponse) => unknown): http.RequestListener {
    if (o.maxBytes <= 0) return (req, res) => { void slow(req, res); };
    const memoListener: http.RequestListener = (req, res) => {
      const started = process.hrtime.bigint();
      const entry = lookup(req);
      if (entry === undefined) {
        void slow(req, res);
        return;
      }
      void replay(req, res, entry.entry, entry.tokenId, entry.plan, started, slow);
    };
    memoOfListener.set(memoListener, memo);
    return memoListener;
  }

  /** The kept answer this request would get from the chain, when there is one and the token is good. */
  function lookup(req: http.IncomingMessage): { entry: Entry; tokenId: string; plan: string } | undefined {
    if (entries.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
    // another route: no token check here (the chain does its own)
    const url = req.url ?? '';
    const q = url.indexOf('?');
    if (!paths.has(q === -1 ? url : url.slice(0, q))) return undefined;
    const token = bearerToken(req.headers.authorization);
    if (token === null) return undefined;
    const account = o.tokens.verify(token);
    if (!account) return undefined;
    sync(o.engine.warehouse().version);
    const key = keyOf(account.plan, req);
    const inm = req.headers['if-none-match'];
    if (inm !== undefined && inm !== '') {
      const notModified = get(`${key}\n304`);
      if (notModified && matchesIfNoneMatch(inm, notModified.etag)) return { entry: notModified, tokenId: account.tokenId, plan: account.plan };
      const full = entries.get(key);
      // a 200 only when the chain would answer 200: the tag it holds is not this answer's
      if (!full || matchesIfNoneMatch(inm, full.etag)) return undefined;
    }
    const entry = get(key);
    return entry && { entry, tokenId: account.tokenId, plan: account.plan };
  }

  async function replay(req: http.IncomingMessage, res: http.ServerResponse, entry: Entry, tokenId: string, plan: string, started: bigint, slow: (req: http.IncomingMessage, res: http.ServerResponse) => unknown): Promise<void> {
    const limits = o.tiers.plans[plan as keyof TierConfig['plans']];
    let decision;
    try {
      decision = await o.limiter.hit(`t:${tokenId}`, limits);
    } catch {
      decision = null;
    }
    // refused or the limiter failed: the chain answers it (429 / 503 with its body and headers); a refused hit
    // consumed nothing, so asking again charges nothing twice
    if (!decision?.allowed) {
      void slow(req, res);
      return;
    }
    const id = requestIdOf(req.headers['x-request-id']);
    const slots = [id, String(decision.minute.limit), String(decision.minute.remaining), String(decision.day.limit), String(decision.day.remaining)];
    const headers: string[] = [];
    const t = entry.headers;
    for (let i = 0; i < t.length; i += 2) {
      const value = t[i + 1];
      headers.push(t[i] as string, typeof value === 'string' ? value : (slots[value as Slot] as string));
    }
    hits++;
    res.writeHead(entry.status, headers);
    if (entry.body === null || req.method === 'HEAD') res.end();
    else res.end(entry.body);
    if (o.logger.isLevelEnabled('info')) {
      const url = req.url ?? '';
      const q = url.indexOf('?');
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      o.logger.info({ reqId: id, token: tokenId, method: req.method, path: q === -1 ? url : url.slice(0, q), status: entry.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  }

  const memo: ResponseMemo = {
    capture,
    listener,
    get bytes() { return bytes; },
    get entries() { return entries.size; },
    get hits() { return hits; },
  };
  return memo;
}
