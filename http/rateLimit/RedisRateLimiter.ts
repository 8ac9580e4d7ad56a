// Redis rate limiter: several API processes share one budget per token. One Lua script does the whole decision
// atomically (Redis runs scripts one at a time), so N concurrent requests against a limit of L admit exactly L, across
// processes. The window is a ZSET of admission times (ZREMRANGEBYSCORE drops those 60 s old, ZCARD counts, ZADD admits);
// the day is a counter whose key names the UTC day (INCR, with an expiry a little past midnight).
// Time comes from the injected clock, not Redis's, so expiries are relative (PEXPIRE/EXPIRE) rather than EXPIREAT.
import { defined } from '../../engine/query/defined.ts';
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { DAY_MS, WINDOW_MS, dayIndex, decision, type Clock, type Decision, type Limits, type RateLimiter } from './RateLimiter.ts';

const SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local perMinute = tonumber(ARGV[3])
local perDay = tonumber(ARGV[4])
local dayEndMs = tonumber(ARGV[5])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local day = tonumber(redis.call('GET', KEYS[2]) or '0')
if used < perMinute and day < perDay then
  redis.call('ZADD', KEYS[1], now, ARGV[6])
  redis.call('PEXPIRE', KEYS[1], window)
  day = redis.call('INCR', KEYS[2])
  redis.call('PEXPIRE', KEYS[2], dayEndMs - now + 60000)
  return {1, used + 1, day, 0}
end
local retry = 0
if used >= perMinute then
  local idx = used - perMinute
  local entry = redis.call('ZRANGE', KEYS[1], idx, idx, 'WITHSCORES')
  retry = tonumber(entry[2]) + window - now
end
if day >= perDay then
  retry = math.max(retry, dayEndMs - now)
end
return {0, used, day, retry}
`;

/** Where the limiter reports an outage and its end: once each, not per request (pino's Logger fits). */
export interface LimiterLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface RedisLimiterOptions {
  /**
   * A command not answered within this many ms fails (503 upstream) and opens the circuit. A hit takes well under a
   * millisecond on loopback; only the requests in flight when Redis stalls wait this long, later ones are refused at once.
   */
  commandTimeoutMs?: number;
  logger?: LimiterLog;
}

/** How often an open circuit PINGs Redis to find out it is back. */
const PROBE_MS = 250;

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private sequence = 0;
  private readonly instance = crypto.randomBytes(4).toString('hex');
  private readonly log: LimiterLog | null;
  /** Start of the current outage (ms since epoch, real time), or null while Redis answers. */
  private downSince: number | null = null;
  private closing = false;
  private probe: NodeJS.Timeout | null = null;
  /** Settles at the first connection or the first failure: requests at start-up wait for it instead of a 503. */
  private firstContact: Promise<void> | null;

  constructor(url: string, private readonly clock: Clock = Date.now, private readonly prefix = 'fe:rl:', options: RedisLimiterOptions = {}) {
    this.log = options.logger ?? null;
    this.redis = new Redis(url, {
      lazyConnect: false,
      // fail closed fast: no command waits for a connection (offline queue off, no per-request retries) and none waits
      // on a stalled server (SIGSTOP, partition) longer than the command timeout
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: options.commandTimeoutMs ?? 50,
      connectTimeout: 1000,
      // reconnect forever in the background, at most a second apart, so service resumes by itself
      retryStrategy: (times) => Math.min(50 * times, 1000),
    });
    this.redis.defineCommand('feRateHit', { numberOfKeys: 2, lua: SCRIPT });
    this.firstContact = new Promise<void>((resolve) => {
      const settle = () => {
        this.firstContact = null;
        resolve();
      };
      // load the script before the first hit, so a burst at start-up does not pay a NOSCRIPT round trip per command
      this.redis.once('ready', () => void this.redis.script('LOAD', SCRIPT).then(settle, settle));
      this.redis.once('error', settle);
      this.redis.once('end', settle);
    });
    this.redis.on('error', (err: Error) => { this.down(err); });
    this.redis.on('close', () => { this.down(new Error('connection closed')); });
  }

  async hit(key: string, limits: Limits): Promise<Decision> {
    const now = this.clock();
    const today = dayIndex(now);
    // the hash tag keeps both keys of one caller in the same cluster slot
    const tag = `{${this.prefix}${key}}`;
    const member = `${String(now)}:${this.instance}:${String(++this.sequence)}`;
    if (this.firstContact) await this.firstContact;
    // while the store is known to be down, refuse at once instead of each request waiting out the command timeout;
    // a background PING closes the circuit again (measured under a SIGSTOP: 503s took 106-420 ms on a loaded box when
    // every request waited for its own timeout)
    if (this.downSince !== null) throw new Error('rate-limit store unreachable');
    const run = defined((this.redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number[]>>).feRateHit, '(this.redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number[]>>).feRateHit');
    let reply: number[];
    try {
      reply = await run.call(
        this.redis, `${tag}:m`, `${tag}:d:${String(today)}`, now, WINDOW_MS, limits.perMinute, limits.perDay, (today + 1) * DAY_MS, member,
      );
    } catch (err) {
      this.down(err as Error);
      throw err;
    }
    this.up();
    const [allowed, usedMinute, usedDay, retry] = reply;
    return decision(allowed === 1, limits, defined(usedMinute, 'usedMinute'), defined(usedDay, 'usedDay'), defined(retry, 'retry'));
  }

  /** Whether Redis answers a PING within the command timeout right now. */
  async health(): Promise<{ backend: string; reachable: boolean }> {
    try {
      if (this.firstContact) await this.firstContact;
      await this.redis.ping();
      this.up();
      return { backend: 'redis', reachable: true };
    } catch (err) {
      this.down(err as Error);
      return { backend: 'redis', reachable: false };
    }
  }

  private down(err: Error): void {
    if (this.downSince !== null || this.closing) return;
    this.downSince = Date.now();
    this.log?.error({ err: { message: err.message } }, 'rate-limit store unreachable: answering 503 until it is back');
    this.probe = setInterval(() => {
      this.redis.ping().then(() => { this.up(); }, () => {});
    }, PROBE_MS);
    this.probe.unref();
  }

  private up(): void {
    if (this.downSince === null) return;
    const outageMs = Date.now() - this.downSince;
    this.downSince = null;
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
    this.log?.info({ outageMs }, 'rate-limit store reachable again');
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.probe) clearInterval(this.probe);
    await this.redis.quit().catch(() => { this.redis.disconnect(); });
  }
}
