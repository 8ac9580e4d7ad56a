// OAuth records in Redis, for several API processes behind one balancer: a key per record with the record's TTL, a
// uid / user-code index, and a set per grant naming the keys its revocation removes. Consuming sets a field inside the
// stored JSON atomically (a Lua script), so two processes cannot both rotate one refresh token unseen.
import { Redis } from 'ioredis';
import type { OAuthPayload, OAuthStore } from './OAuthStore.ts';

const CONSUME = `
local v = redis.call('GET', KEYS[1])
if not v then return 0 end
local doc = cjson.decode(v)
doc['consumed'] = tonumber(ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('SET', KEYS[1], cjson.encode(doc), 'PX', ttl) else redis.call('SET', KEYS[1], cjson.encode(doc)) end
return 1`;

export class RedisOAuthStore implements OAuthStore {
  private readonly redis: Redis;

  constructor(url: string, private readonly prefix = 'filings:oauth:') {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    // a command that cannot reach Redis fails and the request gets its error; the connection keeps retrying
    this.redis.on('error', (err: Error) => {
      this.lastError = err.message;
    });
  }

  /** The last connection error seen (for diagnostics); null while none was. */
  lastError: string | null = null;

  private key(model: string, id: string): string {
    return `${this.prefix}${model}:${id}`;
  }

  async upsert(model: string, id: string, payload: OAuthPayload, expiresInSeconds: number | undefined): Promise<void> {
    const key = this.key(model, id);
    const multi = this.redis.multi();
    const set = (k: string, value: string) => (expiresInSeconds ? multi.set(k, value, 'EX', expiresInSeconds) : multi.set(k, value));
    set(key, JSON.stringify(payload));
    if (typeof payload.grantId === 'string') {
      const grantKey = `${this.prefix}grant:${payload.grantId}`;
      multi.rpush(grantKey, key);
      if (expiresInSeconds) multi.expire(grantKey, expiresInSeconds, 'GT');
    }
    if (typeof payload.uid === 'string') set(`${this.prefix}uid:${payload.uid}`, id);
    if (typeof payload.userCode === 'string') set(`${this.prefix}userCode:${payload.userCode}`, id);
    await multi.exec();
    if (typeof payload.grantId === 'string' && expiresInSeconds) {
      // EXPIRE GT leaves a list without TTL alone; a fresh list gets the record's TTL
      const grantKey = `${this.prefix}grant:${payload.grantId}`;
      if ((await this.redis.ttl(grantKey)) < 0) await this.redis.expire(grantKey, expiresInSeconds);
    }
  }

  async find(model: string, id: string): Promise<OAuthPayload | undefined> {
    const text = await this.redis.get(this.key(model, id));
    return text === null ? undefined : (JSON.parse(text) as OAuthPayload);
  }

  async findByUid(model: string, uid: string): Promise<OAuthPayload | undefined> {
    const id = await this.redis.get(`${this.prefix}uid:${uid}`);
    return id === null ? undefined : this.find(model, id);
  }

  async findByUserCode(model: string, userCode: string): Promise<OAuthPayload | undefined> {
    const id = await this.redis.get(`${this.prefix}userCode:${userCode}`);
    return id === null ? undefined : this.find(model, id);
  }

  async consume(model: string, id: string): Promise<void> {
    await this.redis.eval(CONSUME, 1, this.key(model, id), String(Math.floor(Date.now() / 1000)));
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.redis.del(this.key(model, id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const grantKey = `${this.prefix}grant:${grantId}`;
    const keys = await this.redis.lrange(grantKey, 0, -1);
    await this.redis.del(...keys, grantKey);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
