// Rate-limit middleware: every response carries the four X-RateLimit-* headers (4xx and 429 included); 429 adds
// Retry-After. Callers with a valid token are keyed by token; everyone else by client address (anonymous budget).
import type Koa from 'koa';
import type { TierConfig } from '../tiers.ts';
import type { RateLimiter } from './RateLimiter.ts';
import { HttpError } from '../HttpError.ts';
import type { AppState } from '../AppState.ts';

export function rateLimit(limiter: RateLimiter, tiers: TierConfig): Koa.Middleware<AppState> {
  return async function rateLimit(ctx, next) {
    const account = ctx.state.account;
    const key = account ? `t:${account.tokenId}` : `ip:${ctx.ip}`;
    const limits = account ? tiers.plans[account.plan] : tiers.anonymous;
    let d;
    try {
      d = await limiter.hit(key, limits);
    } catch (err) {
      // fail closed: without the shared store no process can tell how much of the budget is left; the limiter logs the
      // outage and its end once each, so a stall does not write one error line per request
      ctx.state.log.debug({ err }, 'rate limiter unavailable');
      ctx.set('X-RateLimit-Limit-Minute', String(limits.perMinute));
      ctx.set('X-RateLimit-Remaining-Minute', '0');
      ctx.set('X-RateLimit-Limit-Day', String(limits.perDay));
      ctx.set('X-RateLimit-Remaining-Day', '0');
      throw new HttpError(503, 'Service unavailable: the rate-limit store cannot be reached; try again shortly', { 'Retry-After': '5' });
    }
    ctx.set('X-RateLimit-Limit-Minute', String(d.minute.limit));
    ctx.set('X-RateLimit-Remaining-Minute', String(d.minute.remaining));
    ctx.set('X-RateLimit-Limit-Day', String(d.day.limit));
    ctx.set('X-RateLimit-Remaining-Day', String(d.day.remaining));
    if (!d.allowed) {
      const which = d.minute.remaining === 0 && d.day.remaining > 0 ? `per-minute limit of ${String(d.minute.limit)}` : `daily limit of ${String(d.day.limit)} (resets at 00:00 UTC)`;
      throw new HttpError(429, `Rate limit exceeded: ${which}; retry in ${String(d.retryAfterSeconds)} s`, { 'Retry-After': String(d.retryAfterSeconds) });
    }
    await next();
  };
}
