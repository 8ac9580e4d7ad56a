// The lifetime of a request's database work: aborted when the response closes (sent, HEAD answered, client gone) or
// when the query deadline passes. The engine interrupts the running statement and returns its connection on abort,
// so nothing a request borrowed outlives it, whatever Koa does with the body stream.
import type Koa from 'koa';

export interface RequestSignal {
  signal: AbortSignal;
  /** True when the deadline (not the client) ended the work. */
  timedOut(): boolean;
}

export function requestSignal(ctx: Koa.Context, deadlineMs: number): RequestSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, deadlineMs);
  timer.unref();
  ctx.res.once('close', () => {
    clearTimeout(timer);
    controller.abort();
  });
  return { signal: controller.signal, timedOut: () => timedOut };
}
