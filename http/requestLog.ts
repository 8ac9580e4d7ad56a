// Request ids and structured access logs (pino): each request gets an id (a sane incoming X-Request-Id is kept),
// echoed in the response and attached to every log line of the request. Tokens and query values are not logged.
import crypto from 'node:crypto';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { AppState } from './AppState.ts';

/** Bindings of a request whose child logger nobody asked for yet (pino's child() costs more than the rest of a hit). */
const pending = new WeakMap<AppState, Record<string, unknown>>();

export function requestLog(logger: Logger): Koa.Middleware<AppState> {
  return async function requestLog(ctx, next) {
    const incoming = ctx.get('X-Request-Id');
    const id = /^[A-Za-z0-9._-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    ctx.state.requestId = id;
    lazyLog(ctx.state, logger, { reqId: id });
    ctx.set('X-Request-Id', id);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      // a logger that drops info lines needs no child to drop this one
      if (!pending.has(ctx.state) || logger.isLevelEnabled('info')) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.respond === false ? ctx.res.statusCode : ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
      }
    }
  };
}

/** `state.log` becomes `logger.child(bindings)` on first read; assigning it replaces it as a plain property would. */
function lazyLog(state: AppState, logger: Logger, bindings: Record<string, unknown>): void {
  let log: Logger | undefined;
  pending.set(state, bindings);
  Object.defineProperty(state, 'log', {
    configurable: true,
    enumerable: true,
    get: () => {
      if (log === undefined) {
        log = logger.child(bindings);
        pending.delete(state);
      }
      return log;
    },
    set: (value: Logger) => {
      log = value;
      pending.delete(state);
    },
  });
}

/** Adds bindings to the request's logger: the same lines as `state.log = state.log.child(extra)`, one child fewer. */
export function bindLog(state: AppState, extra: Record<string, unknown>): void {
  const bindings = pending.get(state);
  if (bindings) Object.assign(bindings, extra);
  else state.log = state.log.child(extra);
}
