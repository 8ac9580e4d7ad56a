// GET /v1/health: public, no token, not rate limited (it must answer when the limiter's store is down, to say so).
// Shows the warehouse version, the DuckDB pool (in use / free / waiting), whether the rate-limit backend answers and
// the tokens file's status. 200 when every part is fine, 503 otherwise; never cached.
import type Koa from 'koa';
import type { Engine } from '../engine/query/index.ts';
import type { RateLimiter } from './rateLimit/RateLimiter.ts';
import type { TokenStore } from '../engine/accounts/TokenStore.ts';

export interface HealthDeps {
  engine: Engine;
  limiter: RateLimiter;
  tokens: TokenStore;
}

const PROBE_MS = 500;

export async function healthReport(deps: HealthDeps) {
  const warehouse = deps.engine.warehouse();
  const pool = deps.engine.poolStats();
  const limiter = await Promise.race([
    deps.limiter.health().catch(() => ({ backend: 'unknown', reachable: false })),
    new Promise<{ backend: string; reachable: boolean }>((resolve) => setTimeout(() => { resolve({ backend: 'unknown', reachable: false }); }, PROBE_MS).unref()),
  ]);
  const tokens = deps.tokens.health();
  const ok = limiter.reachable && tokens.ok;
  return {
    status: ok ? 'ok' : 'degraded',
    warehouse: { version: warehouse.version, periodsCurrent: warehouse.periodsCurrent },
    pool,
    limiter,
    tokens,
  };
}

export function healthRoute(path: string, deps: HealthDeps): Koa.Middleware {
  return async function health(ctx, next) {
    if (ctx.path !== path || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) { await next(); return; }
    const report = await healthReport(deps);
    ctx.status = report.status === 'ok' ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(report);
  };
}
