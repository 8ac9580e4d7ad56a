// Wires the HTTP app. Middleware order (DESIGN.md): request id -> error body -> compression -> identify token ->
// rate limits (headers on every response) -> routes: public docs/openapi, then per endpoint: auth (401) -> tier (403)
// -> validation and entity resolution (400) -> run -> stream. Unknown paths 404, wrong methods 405, all as { error }.
// Ahead of Koa's callback, the response memo (responseMemo.ts) replays a repeated request's answer to a rendered
// endpoint, doing per request what a client can observe (token, rate limit, request id, log, 304, warehouse version).
import Koa from 'koa';
import Router from '@koa/router';
import compress from 'koa-compress';
import zlib from 'node:zlib';
import { pino, type Logger } from 'pino';
import { missingMacros, type Engine } from '../engine/query/index.ts';
import type { TokenStore } from '../engine/accounts/TokenStore.ts';
import type { AppState } from './AppState.ts';
import type { Endpoint } from './registry.ts';
import type { RateLimiter } from './rateLimit/RateLimiter.ts';
import { DEFAULT_TIERS, type TierConfig } from './tiers.ts';
import { ENDPOINTS } from './endpoints/index.ts';
import { errorBody } from './errorBody.ts';
import { HttpError } from './HttpError.ts';
import { identify } from './auth.ts';
import { rateLimit } from './rateLimit/rateLimit.ts';
import { requestLog } from './requestLog.ts';
import { endpointHandler, handlerCaches } from './endpointHandler.ts';
import { buildOpenApi } from './openapi.ts';
import { docsHtml, readScalarBundle } from './docsPage.ts';
import { healthRoute } from './health.ts';
import { mountMcp, type McpOptions } from './mcp/mountMcp.ts';
import { openModelJobs, type ModelJobs } from '../engine/models/index.ts';
import { responseMemo } from './responseMemo.ts';

export const BASE = '/v1';
export const API_VERSION = '1.0.0';

export interface AppDeps {
  engine: Engine;
  tokens: TokenStore;
  limiter: RateLimiter;
  tiers?: TierConfig;
  endpoints?: readonly Endpoint[];
  logger?: Logger;
  /** Reverse proxies trusted for X-Forwarded-For (the client address of anonymous rate limits); 0/false: none. */
  proxy?: boolean | number;
  /**
   * Bytes of hot answers kept in memory, object answers and rendered records alike (default 64 MiB; 0 turns caching
   * off), plus an eighth of it for entity resolutions.
   */
  cacheBytes?: number;
  /**
   * Bytes of complete responses of the rendered endpoints replayed before Koa's chain for a repeated request
   * (http/responseMemo.ts; default 8 MiB, 0 turns it off; an answer above a sixteenth of it is not kept).
   */
  memoBytes?: number;
  /** Longest wait for a free DuckDB connection before 503 + Retry-After (default 2000 ms). */
  poolWaitMs?: number;
  /** Longest a request's queries may run before they are interrupted with a 503 (default 120 s). */
  queryDeadlineMs?: number;
  /** The MCP endpoint /mcp and its OAuth 2.1 server; absent: neither is served. */
  mcp?: McpOptions;
  /** Company-model jobs; default: offline provider, lock files in the warehouse's models folder, started now. */
  models?: ModelJobs;
}

export async function createApp(deps: AppDeps): Promise<Koa<AppState>> {
  const tiers = deps.tiers ?? DEFAULT_TIERS;
  const endpoints = deps.endpoints ?? ENDPOINTS;
  const logger = deps.logger ?? pino({ level: 'silent' });
  await assertMacrosExist(deps.engine, endpoints);

  const hops = deps.proxy === true ? 1 : Number(deps.proxy ?? 0);
  // maxIpsCount keeps only the addresses the trusted proxies appended; the left-most of those is the client
  const app = new Koa<AppState>({ proxy: hops > 0, maxIpsCount: hops });
  // errors are logged by errorBody with the request id; Koa's default handler would print them again
  app.silent = true;

  const openapi = JSON.stringify(buildOpenApi(endpoints, tiers, API_VERSION));
  const docs = docsHtml(BASE);
  let scalar: Buffer | null = null;

  const router = new Router<AppState>({ prefix: BASE });
  router.get('/openapi.json', (ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = openapi;
  });
  router.get('/docs', (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = docs;
  });
  router.get('/docs/scalar.js', (ctx) => {
    scalar ??= readScalarBundle();
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = scalar;
  });
  const handlerDeps = {
    engine: deps.engine,
    tiers,
    cacheControl: 'private, max-age=3600, must-revalidate',
    poolWaitMs: deps.poolWaitMs ?? 2000,
    // 120 s: statements read stored results for "now", but asOf requests, eps-history/growth/scores/trends and every
    // footnote endpoint still run the period engine per request (revenue segmentation measured 13 s p50 on the
    // loaded 2-core box, bench/statements.bench.ts), so 30 s would turn slow-but-correct answers into 503s
    queryDeadlineMs: deps.queryDeadlineMs ?? 120_000,
    models: deps.models ?? openModelJobs(deps.engine, { logger }),
    ...handlerCaches(deps.engine, deps.cacheBytes ?? 64 * 1024 * 1024),
  };
  const handlers = new Map<Endpoint, Koa.Middleware<AppState>>();
  for (const endpoint of endpoints) {
    const handler = endpointHandler(endpoint, handlerDeps);
    handlers.set(endpoint, handler);
    router.get(endpoint.path, handler);
  }
  const mcp = deps.mcp ? mountMcp(deps.mcp, { app, handlers, endpoints, tiers, limiter: deps.limiter, tokens: deps.tokens, openapi, version: API_VERSION, proxy: hops > 0 }) : null;

  // first: it sees the answer as the whole chain left it, and keeps it for the listener in front of Koa (below)
  const memo = responseMemo({ engine: deps.engine, tokens: deps.tokens, limiter: deps.limiter, tiers, logger, endpoints, base: BASE, maxBytes: deps.memoBytes ?? DEFAULT_MEMO_BYTES });
  app.use(memo.capture);
  app.use(requestLog(logger));
  app.use(errorBody());
  // before identify and rate limits: health must answer (and say so) when the limiter's store is down
  app.use(healthRoute(`${BASE}/health`, { engine: deps.engine, limiter: deps.limiter, tokens: deps.tokens }));
  // /mcp answers tool calls under the account's own budget (mcpServer.ts), not the anonymous one of its address
  if (mcp) app.use(mcp.resource);
  app.use(compress({ threshold: 1024, gzip: { level: 6 }, br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }, deflate: false }));
  app.use(identify(deps.tokens));
  app.use(rateLimit(deps.limiter, tiers));
  // sign-in pages and OAuth endpoints spend the anonymous per-address budget: password guessing is rate limited
  if (mcp) app.use(mcp.authorizationServer);
  app.use(router.routes());
  app.use(router.allowedMethods({
    throw: true,
    methodNotAllowed: () => new HttpError(405, 'Method not allowed: every operation of this API is a GET', { Allow: 'GET, HEAD' }),
    // TRACE, PROPFIND, CONNECT...: the client's fault, answered like any other method this API does not take
    notImplemented: () => new HttpError(405, 'Method not allowed: every operation of this API is a GET', { Allow: 'GET, HEAD' }),
  }));
  // every server of this app (startServer, openServing, the cluster workers, tests) asks Koa for its callback
  const koaCallback = app.callback.bind(app);
  app.callback = () => memo.listener(koaCallback()) as ReturnType<typeof koaCallback>;
  return app;
}

/** The response memo's default bound (AppDeps.memoBytes). */
export const DEFAULT_MEMO_BYTES = 8 * 1024 * 1024;

async function assertMacrosExist(engine: Engine, endpoints: readonly Endpoint[]): Promise<void> {
  const missing = await missingMacros(engine, endpoints.flatMap((e) => (e.stored ? [e.macro, e.stored.macro] : [e.macro])).concat('resolve_entity'));
  if (missing.length) throw new Error(`endpoint registry names SQL macros that are not defined: ${missing.join(', ')}`);
}
