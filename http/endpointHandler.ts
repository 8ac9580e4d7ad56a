// One registry entry becomes one Koa handler, in named steps that read top to bottom: authenticate (401), tier (403),
// validate (400), conditional GET (ETag/304), resolve entity (400), respond (the macro's rows in the negotiated format
// and the declared shape). Data comes from engine/query only; this file holds no SQL and no connection.
import crypto from 'node:crypto';
import type Koa from 'koa';
import { answerCache, countRows, jsonRows, macroCall, renderedGzipArray, renderedJsonArray, rowStream, LruCache, PoolBusyError, QueryAbortedError, type AnswerCache, type Engine, type ResolvedEntity } from '../engine/query/index.ts';
import type { Account } from '../engine/accounts/TokenStore.ts';
import type { AppState } from './AppState.ts';
import type { CallInput, Endpoint } from './registry.ts';
import { badRequest, forbidden, HttpError, unauthorized } from './HttpError.ts';
import { planMayCall, planRequiredMessage, type PlanLimits, type TierConfig } from './tiers.ts';
import { validateQuery, type ValidQuery } from './params/validateQuery.ts';
import { refuseFund, resolveEntity, resolveFundEntity } from './resolveEntity.ts';
import { negotiate, MEDIA, type Format } from './respond/negotiate.ts';
import { requestSignal, type RequestSignal } from './requestSignal.ts';
import type { ModelJobs } from '../engine/models/index.ts';
import { respondModel } from './respondModel.ts';

export interface HandlerDeps {
  engine: Engine;
  tiers: TierConfig;
  /** Cache-Control of successful responses: data changes daily, answers differ by plan (private). */
  cacheControl: string;
  /** Serialized JSON of object-shaped answers by ETag, in the engine's one cache of hot answers (rendered records too). */
  answers: AnswerCache;
  /** Entity resolutions, keyed by warehouse version and identifier. */
  entities: LruCache<ResolvedEntity>;
  /** Longest wait for a free DuckDB connection before 503 + Retry-After. */
  poolWaitMs: number;
  /** Longest a request's queries may run before they are interrupted (503). */
  queryDeadlineMs: number;
  /** The company-model jobs (routes with `job`). */
  models: ModelJobs;
}

/** The caches of an app over `engine`: its hot answers within `maxBytes` (shared with the rendered store's reads). */
export function handlerCaches(engine: Engine, maxBytes = 64 * 1024 * 1024): Pick<HandlerDeps, 'answers' | 'entities'> {
  return {
    answers: answerCache(engine, maxBytes),
    entities: new LruCache<ResolvedEntity>(maxBytes / 8, () => 256),
  };
}

/** What the validation step hands on: the request as the endpoint's types see it. */
interface Request {
  account: Account;
  plan: PlanLimits;
  query: ValidQuery;
  params: Record<string, unknown>;
  format: Format;
  version: string;
}

/** A request that will touch the database: its work is bound to the response's lifetime. */
interface DataRequest extends Request {
  work: RequestSignal;
}

export function endpointHandler(endpoint: Endpoint, deps: HandlerDeps): Koa.Middleware<AppState> {
  return async function handle(ctx) {
    const account = authenticate(ctx);
    admitTier(deps.tiers, account, endpoint);
    const request = validate(ctx, endpoint, deps, account);
    if (endpoint.job) {
      if (request.format !== 'json') throw new HttpError(406, `${endpoint.path} serves application/json only`);
      // as on every route: `*` matches whatever the client holds, before any work (here: before a job is queued)
      if (ctx.get('If-None-Match').trim() === '*') {
        ctx.status = 304;
        return;
      }
      const work = requestSignal(ctx, deps.queryDeadlineMs);
      try {
        const entity = await resolve(endpoint, deps, { ...request, work });
        if (entity?.cik == null) throw badRequest('Company models are built from SEC filings: identify a company with a CIK on record');
        await respondModel(ctx, endpoint.job, deps.models, entity.cik, deps.cacheControl);
      } catch (err) {
        throw asHttpError(err, work, deps);
      }
      return;
    }
    const etag = conditionalGet(ctx, endpoint, deps, request);
    if (etag === null) return;
    if (serveCachedBody(ctx, endpoint, deps, request, etag)) return;
    if (serveRendered(ctx, endpoint, deps, request)) return;
    // only now: a cached answer needs no timer nor close listener
    const data: DataRequest = { ...request, work: requestSignal(ctx, deps.queryDeadlineMs) };
    try {
      const entity = await resolve(endpoint, deps, data);
      await respond(ctx, endpoint, deps, data, { entity, params: data.params, plan: data.plan }, etag);
    } catch (err) {
      throw asHttpError(err, data.work, deps);
    }
  };
}

function authenticate(ctx: Koa.ParameterizedContext<AppState>): Account {
  const { account } = ctx.state;
  if (!account) throw unauthorized(ctx.state.authProblem);
  return account;
}

function admitTier(tiers: TierConfig, account: Account, endpoint: Endpoint): void {
  if (!planMayCall(tiers, account.plan, endpoint.tiers)) throw forbidden(planRequiredMessage(tiers, account.plan, endpoint.tiers));
}

function validate(ctx: Koa.Context, endpoint: Endpoint, deps: HandlerDeps, account: Account): Request {
  const query = validateQuery(endpoint, ctx.query);
  const format = negotiate(ctx);
  const plan = deps.tiers.plans[account.plan];
  const params: Record<string, unknown> = { ...query.params };
  if (Object.hasOwn(endpoint.params, 'limit')) {
    const asked = typeof params.limit === 'number' ? params.limit : plan.maxLimit;
    params.limit = Math.min(asked, plan.maxLimit);
    ctx.set('X-Limit-Applied', String(params.limit));
  }
  return { account, plan, query, params, format, version: deps.engine.warehouse().version };
}

/** Sets the ETag and caching headers; answers 304 (returns null) when the client already has this answer. */
function conditionalGet(ctx: Koa.Context, endpoint: Endpoint, deps: HandlerDeps, request: Request): string | null {
  ctx.set('Cache-Control', deps.cacheControl);
  // one parse of the Vary header instead of two (the same `Authorization, Accept`)
  ctx.vary(VARY);
  const etag = etagFor(request.version, request.account.plan, endpoint.path, ctx.querystring, request.format);
  ctx.set('ETag', etag);
  // Not ctx.fresh: it ignores If-None-Match whenever the request says Cache-Control: no-cache, which fetch() adds to
  // every conditional request; an origin server may still answer 304 (RFC 9110 13.1.2, weak comparison).
  if (!matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) return etag;
  ctx.status = 304;
  return null;
}

function serveCachedBody(ctx: Koa.Context, endpoint: Endpoint, deps: HandlerDeps, request: Request, etag: string): boolean {
  const cached = endpoint.shape === 'object' && request.format === 'json' ? deps.answers.body(etag) : undefined;
  if (cached === undefined) return false;
  ctx.type = `${MEDIA.json}; charset=utf-8`;
  ctx.body = cached;
  return true;
}

/**
 * A rendered array whose entity is already resolved (a repeated key): answered as `respond` would, before the request
 * allocates its abort signal, deadline timer and close listener, which only database work needs.
 */
function serveRendered(ctx: Koa.Context, endpoint: Endpoint, deps: HandlerDeps, request: Request): boolean {
  if (endpoint.shape !== 'array' || request.format !== 'json') return false;
  const entity = cachedEntity(endpoint, deps, request);
  if (entity === undefined) return false;
  return sendRendered(ctx, deps.engine, macroCall(deps.engine, endpoint, { entity, params: request.params, plan: request.plan }));
}

/**
 * Sends the call's rendered JSON array (the bytes the stream would write); false when the store does not hold it. A
 * client that takes gzip gets the gzip the store keeps beside the record, as-is (koa-compress leaves a body that has a
 * Content-Encoding alone), where koa-compress would compress the same bytes on every request.
 */
function sendRendered(ctx: Koa.Context, engine: Engine, call: ReturnType<typeof macroCall>): boolean {
  const gzipped = takesGzip(ctx) ? renderedGzipArray(engine, call) : null;
  if (gzipped) {
    ctx.type = `${MEDIA.json}; charset=utf-8`;
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzipped;
    return true;
  }
  const rendered = renderedJsonArray(engine, call);
  if (!rendered) return false;
  ctx.type = `${MEDIA.json}; charset=utf-8`;
  ctx.body = rendered;
  return true;
}

/**
 * Whether koa-compress would send this response gzip-encoded or in another encoding the client prefers to identity (a
 * GET whose Accept-Encoding takes gzip; a missing header means identity there, `*` gzip): the stored gzip is then what
 * the client decodes. HEAD stays identity, as koa-compress leaves it.
 */
function takesGzip(ctx: Koa.Context): boolean {
  const accepted = ctx.get('Accept-Encoding');
  if (ctx.method !== 'GET' || (!accepted.includes('gzip') && !accepted.includes('*'))) return false;
  return ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
}

function entityKey(endpoint: Endpoint, request: Request): string | null {
  const given = request.query.entity;
  if (!endpoint.entity || !given) return null;
  return `${request.version}\n${endpoint.entityKind ?? 'any'}\n${given.name}\n${String(given.value).toUpperCase()}`;
}

/** The request's entity without a query: null when it names none, undefined when it is not resolved yet. */
function cachedEntity(endpoint: Endpoint, deps: HandlerDeps, request: Request): ResolvedEntity | null | undefined {
  const key = entityKey(endpoint, request);
  return key === null ? null : deps.entities.get(key);
}

async function resolve(endpoint: Endpoint, deps: HandlerDeps, request: DataRequest): Promise<ResolvedEntity | null> {
  const given = request.query.entity;
  const key = entityKey(endpoint, request);
  if (key === null || !given) return null;
  const kind = endpoint.entityKind ?? 'any';
  const cached = deps.entities.get(key);
  if (cached) return cached;
  const options = { signal: request.work.signal, waitMs: deps.poolWaitMs };
  if (kind === 'stock') await refuseFund(deps.engine, given, options);
  const entity = kind === 'fund' ? await resolveFundEntity(deps.engine, given, options) : await resolveEntity(deps.engine, given, options);
  deps.entities.set(key, entity);
  return entity;
}

async function respond(ctx: Koa.Context, endpoint: Endpoint, deps: HandlerDeps, request: DataRequest, input: CallInput, etag: string): Promise<void> {
  const { engine } = deps;
  const call = macroCall(engine, endpoint, input);
  const options = { signal: request.work.signal, waitMs: deps.poolWaitMs };
  const { format } = request;

  if (endpoint.shape === 'object' && format === 'json') {
    const [row] = await jsonRows(engine, call, options);
    if (row === undefined) throw badRequest(endpoint.emptyMessage?.(input) ?? 'No data for this request');
    if (endpoint.rowError !== undefined) rejectRowError(row, endpoint.rowError);
    deps.answers.keepBody(etag, row);
    ctx.type = `${MEDIA.json}; charset=utf-8`;
    ctx.body = row;
    return;
  }

  // rendered at ingest: the same bytes the stream below would write, read without DuckDB
  if (endpoint.shape === 'array' && format === 'json' && sendRendered(ctx, engine, call)) return;

  if (endpoint.shape !== 'paginated') {
    setStream(ctx, format, await rowStream(engine, call, format, options));
    return;
  }

  const pageSize = Math.min(
    typeof request.params.pageSize === 'number' ? request.params.pageSize : deps.tiers.defaultPageSize,
    request.plan.maxPageSize,
    endpoint.maxPageSize ?? 500,
  );
  const page = typeof request.params.page === 'number' ? request.params.page : 1;
  const totalResults = await countRows(engine, call, options);
  const totalPages = Math.ceil(totalResults / pageSize);
  if (page > Math.max(1, totalPages)) {
    throw badRequest(`Invalid parameter "page": ${String(page)} is past the end; ${String(totalResults)} results make ${String(totalPages)} page${totalPages === 1 ? '' : 's'} of ${String(pageSize)}`);
  }
  ctx.set('X-Total-Results', String(totalResults));
  ctx.set('X-Total-Pages', String(totalPages));
  ctx.set('X-Page', String(page));
  ctx.set('X-Page-Size', String(pageSize));
  const envelope = { prefix: `{"page":${String(page)},"pageSize":${String(pageSize)},"totalPages":${String(totalPages)},"totalResults":${String(totalResults)},"data":`, suffix: '}' };
  setStream(ctx, format, await rowStream(engine, call, format, { ...options, page: { size: pageSize, offset: (page - 1) * pageSize }, envelope }));
}

function rejectRowError(row: string, field: string): void {
  const reason = (JSON.parse(row) as Record<string, unknown>)[field];
  if (typeof reason === 'string') throw badRequest(reason);
}

function setStream(ctx: Koa.Context, format: Format, body: NodeJS.ReadableStream & { destroy(): void }): void {
  ctx.type = format === 'json' ? `${MEDIA.json}; charset=utf-8` : format === 'csv' ? `${MEDIA.csv}; charset=utf-8; header=present` : MEDIA.arrow;
  ctx.body = body;
}

/** Pool exhaustion and a passed deadline are "try again later", not faults; a client that left gets nothing. */
function asHttpError(err: unknown, work: RequestSignal, deps: HandlerDeps): unknown {
  if (err instanceof PoolBusyError) {
    return new HttpError(503, `Server busy: every database connection stayed in use for ${String(deps.poolWaitMs)} ms; retry shortly`, { 'Retry-After': '1' });
  }
  if (err instanceof QueryAbortedError || (work.signal.aborted && !(err instanceof HttpError))) {
    return work.timedOut()
      ? new HttpError(503, `The query took longer than ${String(Math.round(deps.queryDeadlineMs / 1000))} s and was stopped; narrow the request or retry later`, { 'Retry-After': '5' })
      : new HttpError(499, 'Client closed the request');
  }
  return err;
}

const VARY = ['Authorization', 'Accept'];

/** ETags of recent requests by what they hash: a repeated key skips the sha1 (~2% of a hot hit's CPU in the profile). */
const etags = new Map<string, string>();
const ETAGS_KEPT = 10_000;

function etagFor(version: string, plan: string, path: string, querystring: string, format: string): string {
  const input = `${version}\n${plan}\n${path}\n${querystring}\n${format}`;
  let etag = etags.get(input);
  if (etag === undefined) {
    etag = `W/"${crypto.createHash('sha1').update(input).digest('base64url').slice(0, 27)}"`;
    // a new warehouse version makes every kept input unreachable: dropped all at once when the map is full
    if (etags.size >= ETAGS_KEPT) etags.clear();
    etags.set(input, etag);
  }
  return etag;
}

/** RFC 9110's weak comparison of If-None-Match against an ETag (`*` matches any); the response memo asks it too. */
export function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header === '') return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
