// Redis rate limiter: several API processes share one budget per token. One Lua script does the whole decision
// atomically (Redis runs scripts one at a time), so N concurrent requests against a limit of L admit exactly L, across
// processes. The window is a ZSET of admission times (ZREMRANGEBYSCORE drops those 60 s old, ZCARD counts, ZADD admits);
// the day is a counter whose key names the UTC day (INCR, with an expiry a little past midnight).
// Time comes from the injected clock, not Redis's, so expiries are relative (PEXPIRE/EXPIRE) rather than EXPIREAT.
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

export class RedisRateLimiter implements RateLimiter {
  private readonly redis: Redis;
  private sequence = 0;
  private readonly instance = crypto.randomBytes(4).toString('hex');

  constructor(url: string, private readonly clock: Clock = Date.now, private readonly prefix = 'fe:rl:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.redis.defineCommand('feRateHit', { numberOfKeys: 2, lua: SCRIPT });
    // connection errors surface as rejected hits (503 per request, logged there); without a listener ioredis prints them
    this.redis.on('error', () => {});
  }

  async hit(key: string, limits: Limits): Promise<Decision> {
    const now = this.clock();
    const today = dayIndex(now);
    // the hash tag keeps both keys of one caller in the same cluster slot
    const tag = `{${this.prefix}${key}}`;
    const member = `${now}:${this.instance}:${++this.sequence}`;
    const run = (this.redis as unknown as Record<string, (...args: (string | number)[]) => Promise<number[]>>).feRateHit!;
    const [allowed, usedMinute, usedDay, retry] = await run.call(
      this.redis, `${tag}:m`, `${tag}:d:${today}`, now, WINDOW_MS, limits.perMinute, limits.perDay, (today + 1) * DAY_MS, member,
    );
    return decision(allowed === 1, limits, usedMinute!, usedDay!, retry!);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
