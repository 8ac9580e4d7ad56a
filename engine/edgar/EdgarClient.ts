// HTTP client for SEC EDGAR: declared User-Agent on every request, a shared requests-per-second ceiling,
// compressed transfer, retries with backoff on throttling and server errors, and 404 as a result rather than an error.
import type { Config } from '../config.ts';
import { systemClock, type Clock } from './Clock.ts';
import { RateLimiter } from './RateLimiter.ts';

export type EdgarResponse =
  | { readonly found: true; readonly url: string; readonly body: Buffer; readonly contentType: string | null }
  | { readonly found: false; readonly url: string };

/** A request that could not be completed; names the URL and what happened on the last attempt. */
export class EdgarRequestError extends Error {
  constructor(readonly url: string, readonly attempts: number, reason: string, readonly status: number | null = null, options?: { cause?: unknown }) {
    super(`EDGAR request failed after ${String(attempts)} attempt${attempts === 1 ? '' : 's'}: ${url}: ${reason}`, options);
    this.name = 'EdgarRequestError';
  }
}

export class MissingUserAgentError extends Error {
  constructor() {
    super(
      'online ingest needs a declared User-Agent: the SEC refuses anonymous clients. ' +
        'Set SEC_USER_AGENT to your name or organisation and a contact email, e.g. ' +
        'SEC_USER_AGENT="Acme Research admin@acme.com" npm run ingest -- --tickers AAPL',
    );
    this.name = 'MissingUserAgentError';
  }
}

export interface EdgarClientOptions {
  userAgent: string;
  maxRequestsPerSecond: number;
  clock?: Clock;
  /** Source of jitter in [0, 1). */
  random?: () => number;
  /** Attempts per request, the first included (default 5). */
  maxAttempts?: number;
  /** First backoff step; doubles per attempt (default 1000 ms). */
  baseDelayMs?: number;
  /** Ceiling of one wait, Retry-After included (default 60 s); a longer Retry-After fails the request. */
  maxDelayMs?: number;
  /** Per-attempt timeout covering headers and body (default 60 s). */
  timeoutMs?: number;
  /** Told of every request as it is sent, with the time the rate limiter granted it (for logs and tests). */
  onRequest?: (info: { url: string; attempt: number; at: number }) => void;
}

const RETRYABLE = (status: number) => status === 429 || status >= 500;

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowEpochMs: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowEpochMs);
}

export class EdgarClient {
  readonly limiter: RateLimiter;
  private readonly clock: Clock;
  private readonly random: () => number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly timeoutMs: number;
  /** Requests sent, retries included. */
  requests = 0;

  constructor(private readonly options: EdgarClientOptions) {
    if (!options.userAgent.trim()) throw new MissingUserAgentError();
    if (options.maxRequestsPerSecond > 10) throw new RangeError('the SEC allows at most 10 requests per second');
    this.clock = options.clock ?? systemClock;
    this.limiter = new RateLimiter(options.maxRequestsPerSecond, this.clock);
    this.random = options.random ?? Math.random;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.baseDelayMs = options.baseDelayMs ?? 1000;
    this.maxDelayMs = options.maxDelayMs ?? 60_000;
    this.timeoutMs = options.timeoutMs ?? 60_000;
  }

  static fromConfig(config: Config, overrides: Partial<Omit<EdgarClientOptions, 'userAgent' | 'maxRequestsPerSecond'>> = {}): EdgarClient {
    if (config.secUserAgent === null) throw new MissingUserAgentError();
    return new EdgarClient({ ...overrides, userAgent: config.secUserAgent, maxRequestsPerSecond: config.edgarMaxRequestsPerSecond });
  }

  /** Equal jitter: half the exponential step fixed, half random, so retries of many callers spread out. */
  private backoff(attempt: number): number {
    const step = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** (attempt - 1));
    return step / 2 + (step / 2) * this.random();
  }

  async get(url: string): Promise<EdgarResponse> {
    let lastReason = '';
    let lastStatus: number | null = null;
    let lastCause: unknown;
    for (let attempt = 1; attempt <= this.maxAttempts; attempt++) {
      const at = await this.limiter.acquire();
      this.requests++;
      this.options.onRequest?.({ url, attempt, at });
      let wait: number | null = null;
      try {
        const res = await fetch(url, {
          headers: { 'User-Agent': this.options.userAgent, 'Accept-Encoding': 'gzip, deflate' },
          redirect: 'follow',
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        if (res.ok) {
          const body = Buffer.from(await res.arrayBuffer());
          return { found: true, url, body, contentType: res.headers.get('content-type') };
        }
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) return { found: false, url };
        lastStatus = res.status;
        lastReason = `HTTP ${String(res.status)} ${res.statusText}`.trim();
        if (res.status === 403) {
          // EDGAR answers 403 both to undeclared agents and to clients over the rate ceiling
          throw new EdgarRequestError(url, attempt, `${lastReason} (the SEC refuses requests without a declared SEC_USER_AGENT or above 10 requests per second)`, 403);
        }
        if (!RETRYABLE(res.status)) throw new EdgarRequestError(url, attempt, lastReason, res.status);
        wait = retryAfterMs(res.headers.get('retry-after'));
        if (wait !== null && wait > this.maxDelayMs) {
          throw new EdgarRequestError(url, attempt, `${lastReason}; server asked to retry after ${String(Math.round(wait / 1000))} s, more than the ${String(Math.round(this.maxDelayMs / 1000))} s this client waits`, res.status);
        }
      } catch (err) {
        if (err instanceof EdgarRequestError) throw err;
        lastStatus = null;
        lastCause = err;
        lastReason = describeNetworkError(err);
      }
      if (attempt < this.maxAttempts) await this.clock.sleep(wait ?? this.backoff(attempt));
    }
    throw new EdgarRequestError(url, this.maxAttempts, lastReason, lastStatus, lastCause === undefined ? undefined : { cause: lastCause });
  }
}

function describeNetworkError(err: unknown): string {
  const e = err as (Error & { cause?: { code?: string; message?: string } }) | null | undefined;
  if (e?.name === 'TimeoutError') return 'timed out';
  const cause = e?.cause?.code ?? e?.cause?.message;
  return cause && e ? `${e.message} (${cause})` : String(e?.message ?? err);
}
