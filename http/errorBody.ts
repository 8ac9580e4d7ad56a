// The one error serializer: every failure leaves as `{ error: string }` with its status. Unexpected errors (SQL,
// file system, bugs) are logged with the request id and answered with a generic message; their text never leaves.
import { defined } from '../engine/query/defined.ts';
import type Koa from 'koa';
import { HttpError } from './HttpError.ts';
import type { AppState } from './AppState.ts';

const GENERIC: Record<number, string> = {
  500: 'Internal error; the request id in the X-Request-Id header identifies it in the server log',
};

export function errorBody(): Koa.Middleware {
  return async function errorBody(ctx, next) {
    try {
      await next();
      // a middleware that wrote the response itself (respond = false: OAuth server, MCP transport) is not a 404
      if (ctx.status === 404 && ctx.body === undefined && ctx.respond !== false) throw new HttpError(404, `No such endpoint: ${ctx.method} ${ctx.path}`);
    } catch (err) {
      const known = err instanceof HttpError;
      // koa-compress / body parsers raise http-errors style objects with expose=true and a 4xx status.
      const foreign = err as { status?: unknown; expose?: unknown; message?: unknown };
      const status = known ? err.status : typeof foreign.status === 'number' && foreign.status >= 400 && foreign.status < 500 && foreign.expose === true ? foreign.status : 500;
      const message = known && (err.expose || err.status === 503) ? err.message : status < 500 && typeof foreign.message === 'string' ? foreign.message : GENERIC[status] ?? defined(GENERIC[500], 'GENERIC[500]');
      // client faults and "retry later" are not server errors: no error-level line, no stack
      // typed optional: this serializer must not fail when mounted without requestLog ahead of it
      const log = (ctx.state as Partial<AppState>).log;
      if (status === 500) log?.error({ err }, 'request failed');
      else if (status >= 500) log?.warn({ status, reason: message }, 'request refused');
      if (ctx.headerSent) {
        // The body is already streaming: all that can be done is to cut the connection so the client sees a truncation.
        ctx.req.socket.destroy();
        return;
      }
      ctx.status = status;
      if (known) for (const [k, value] of Object.entries(err.headers)) ctx.set(k, value);
      ctx.remove('Content-Disposition');
      ctx.remove('ETag');
      ctx.remove('Last-Modified');
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify({ error: message });
    }
  };
}
