// Job leases in Redis for API processes that share one Redis: SET key owner NX PX ttl takes a lease; renew and release
// are Lua scripts that act only while the caller still owns the key, so a lapsed lease is never extended or freed by
// its former holder.
import { Redis } from 'ioredis';
import type { JobLock } from './JobLock.ts';

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

export class RedisJobLock implements JobLock {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'filings:model-job:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
    // connection errors surface on the commands; without a listener ioredis prints each one
    this.redis.on('error', () => undefined);
  }

  async tryAcquire(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, owner, 'PX', ttlMs, 'NX')) === 'OK';
  }

  async renew(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return Number(await this.redis.eval(RENEW, 1, this.prefix + key, owner, String(ttlMs))) === 1;
  }

  async release(key: string, owner: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.prefix + key, owner);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
