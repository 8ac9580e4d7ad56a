// Request ids and structured access logs (pino): each request gets an id (a sane incoming X-Request-Id is kept),
// echoed in the response and attached to every log line of the request. Tokens and query values are not logged.
import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { AppState } from './AppState.ts';

export function requestLog(logger: Logger): Koa.Middleware<AppState> {
  return async function requestLog(ctx, next) {
    const incoming = ctx.get('X-Request-Id');
    const id = /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = id;
    ctx.state.log = logger.child({ reqId: id });
    ctx.set('X-Request-Id', id);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.respond === false ? ctx.res.statusCode : ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  };
}
