// One registry entry becomes one Koa handler: tier check (403), validation (400), ETag/304, entity resolution (400),
// then the macro's rows in the negotiated format and the declared shape.
import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Engine } from '../engine/db/Engine.ts';
import type { AppState } from './AppState.ts';
import type { CallInput, Endpoint, ResolvedEntity } from './registry.ts';
import { badRequest, forbidden } from './HttpError.ts';
import { planMayCall, planRequiredMessage, type TierConfig } from './tiers.ts';
import { validateQuery } from './params/validateQuery.ts';
import { resolveEntity } from './resolveEntity.ts';
import { countSql, jsonRowsSql, rowsSql } from './query/macroSql.ts';
import { negotiate, MEDIA } from './respond/negotiate.ts';
import { writeRows } from './respond/writeRows.ts';
import type { WarehouseVersion } from './warehouseVersion.ts';
import { LruCache } from './LruCache.ts';

export interface HandlerDeps {
  engine: Engine;
  tiers: TierConfig;
  version: WarehouseVersion;
  /** Cache-Control of successful responses: data changes daily, answers differ by plan (private). */
  cacheControl: string;
  /** Serialized JSON of object-shaped answers, keyed by ETag (which embeds the warehouse version). */
  bodies: LruCache<string>;
  /** Entity resolutions, keyed by warehouse version and identifier. */
  entities: LruCache<ResolvedEntity>;
}

export function handlerCaches(maxBytes = 64 * 1024 * 1024): Pick<HandlerDeps, 'bodies' | 'entities'> {
  return {
    bodies: new LruCache<string>(maxBytes, (s) => s.length * 2),
    entities: new LruCache<ResolvedEntity>(maxBytes / 8, () => 256),
  };
}

export function endpointHandler(endpoint: Endpoint, deps: HandlerDeps): Koa.Middleware<AppState> {
  const { engine, tiers } = deps;
  return async function handle(ctx) {
    const account = ctx.state.account!;
    if (!planMayCall(tiers, account.plan, endpoint.tiers)) throw forbidden(planRequiredMessage(tiers, account.plan, endpoint.tiers));
    const query = validateQuery(endpoint, ctx.query);
    const format = negotiate(ctx);

    const plan = tiers.plans[account.plan];
    const params: Record<string, unknown> = { ...query.params };
    if (Object.hasOwn(endpoint.params, 'limit')) {
      const asked = typeof params.limit === 'number' ? params.limit : plan.maxLimit;
      params.limit = Math.min(asked, plan.maxLimit);
      ctx.set('X-Limit-Applied', String(params.limit));
    }

    ctx.set('Cache-Control', deps.cacheControl);
    ctx.vary('Authorization');
    ctx.vary('Accept');
    const version = deps.version.get();
    const etag = etagFor(version, account.plan, endpoint.path, ctx.querystring, format);
    ctx.set('ETag', etag);
    // Not ctx.fresh: it ignores If-None-Match whenever the request says Cache-Control: no-cache, which fetch() adds to
    // every conditional request; an origin server may still answer 304 (RFC 9110 13.1.2, weak comparison).
    if (matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) {
      ctx.status = 304;
      return;
    }

    const cachedBody = endpoint.shape === 'object' && format === 'json' ? deps.bodies.get(etag) : undefined;
    if (cachedBody !== undefined) {
      ctx.type = `${MEDIA.json}; charset=utf-8`;
      ctx.body = cachedBody;
      return;
    }

    let entity: ResolvedEntity | null = null;
    if (query.entity) {
      const entityKey = `${version}\n${query.entity.name}\n${String(query.entity.value).toUpperCase()}`;
      entity = deps.entities.get(entityKey) ?? null;
      if (!entity) {
        entity = await resolveEntity(engine, query.entity);
        deps.entities.set(entityKey, entity);
      }
    }
    const input: CallInput = { entity, params, plan };
    const useStored = endpoint.stored !== undefined && (endpoint.stored.appliesTo?.(input) ?? true) && endpoint.stored.current(engine.warehouseDir);
    const macro = useStored ? endpoint.stored!.macro : endpoint.macro;
    const args = useStored ? endpoint.stored!.args(input) : endpoint.args(input);

    if (endpoint.shape === 'object') {
      const rows = await engine.query<{ j: string }>(jsonRowsSql(macro, args.length, false, endpoint.omitWhenNull), args);
      const row = rows[0];
      if (!row) throw badRequest(endpoint.emptyMessage?.(input) ?? 'No data for this request');
      if (format === 'json') {
        deps.bodies.set(etag, row.j);
        ctx.type = `${MEDIA.json}; charset=utf-8`;
        ctx.body = row.j;
        return;
      }
      await writeRows(ctx, engine, format, { rowsSql: rowsSql(macro, args.length, false), jsonSql: '', args });
      return;
    }

    if (endpoint.shape === 'array') {
      await writeRows(ctx, engine, format, {
        rowsSql: rowsSql(macro, args.length, false),
        jsonSql: jsonRowsSql(macro, args.length, false, endpoint.omitWhenNull),
        args,
      });
      return;
    }

    const pageSize = Math.min(
      typeof params.pageSize === 'number' ? params.pageSize : tiers.defaultPageSize,
      plan.maxPageSize,
      endpoint.maxPageSize ?? 500,
    );
    const page = typeof params.page === 'number' ? params.page : 1;
    const [counted] = await engine.query<{ n: number }>(countSql(macro, args.length), args);
    const totalResults = counted?.n ?? 0;
    const totalPages = Math.ceil(totalResults / pageSize);
    if (page > Math.max(1, totalPages)) {
      throw badRequest(`Invalid parameter "page": ${page} is past the end; ${totalResults} results make ${totalPages} page${totalPages === 1 ? '' : 's'} of ${pageSize}`);
    }
    ctx.set('X-Total-Results', String(totalResults));
    ctx.set('X-Total-Pages', String(totalPages));
    ctx.set('X-Page', String(page));
    ctx.set('X-Page-Size', String(pageSize));
    const pagedArgs = [...args, pageSize, (page - 1) * pageSize];
    await writeRows(
      ctx, engine, format,
      { rowsSql: rowsSql(macro, args.length, true), jsonSql: jsonRowsSql(macro, args.length, true, endpoint.omitWhenNull), args: pagedArgs },
      { prefix: `{"page":${page},"pageSize":${pageSize},"totalPages":${totalPages},"totalResults":${totalResults},"data":`, suffix: '}' },
    );
  };
}

function etagFor(version: string, plan: string, path: string, querystring: string, format: string): string {
  const hash = crypto.createHash('sha1').update(`${version}\n${plan}\n${path}\n${querystring}\n${format}`).digest('base64url');
  return `W/"${hash.slice(0, 27)}"`;
}

function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header === '') return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}
