// Rate limits with an injected clock: the sliding 60 s window at its edge, the UTC day boundary, and exact admission
// under concurrency, for the in-process backend and for Redis (a real redis-server, two app instances sharing it).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import path from 'node:path';
import { MemoryRateLimiter } from '../../http/rateLimit/MemoryRateLimiter.ts';
import { RedisRateLimiter } from '../../http/rateLimit/RedisRateLimiter.ts';
import type { RateLimiter } from '../../http/rateLimit/RateLimiter.ts';
import { DEFAULT_TIERS, type TierConfig } from '../../http/tiers.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { bearer, fixtureWarehouse, RATE_HEADERS, startTestApp, type TestWarehouse } from './testApp.ts';
import { redisAvailable, REDIS_SKIP_REASON, startTestRedis, type TestRedis } from './redisServer.ts';
import { fixture } from '../helpers/tempWarehouse.ts';
import { loadConfig } from '../../engine/config.ts';
import { defined } from '../helpers/defined.ts';

/** 2026-01-15 12:00:30 UTC: half a minute past a clock minute, so a fixed-minute limiter would reset mid-test. */
const T0 = Date.UTC(2026, 0, 15, 12, 0, 30);

class ManualClock {
  constructor(public now: number) {}
  readonly read = () => this.now;
}

type Backend = { name: string; make(clock: () => number, namespace?: string): RateLimiter; skip: string | false };

function limiterSuite(backend: Backend) {
  describe(`${backend.name} rate limiter`, { skip: backend.skip }, () => {
    test('the window slides: a request drops out exactly 60 s after it was admitted, not at a minute boundary', async () => {
      const clock = new ManualClock(T0);
      const limiter = backend.make(clock.read);
      const key = `k-${crypto.randomUUID()}`;
      const limits = { perMinute: 3, perDay: 1000 };
      try {
        for (const offset of [0, 10_000, 20_000]) {
          clock.now = T0 + offset;
          assert.equal((await limiter.hit(key, limits)).allowed, true, `at +${String(offset)}`);
        }
        clock.now = T0 + 30_000; // 12:01:00, where a fixed window would reset
        const denied = await limiter.hit(key, limits);
        assert.equal(denied.allowed, false);
        assert.equal(denied.retryAfterSeconds, 30);
        assert.deepEqual(denied.minute, { limit: 3, remaining: 0 });
        clock.now = T0 + 59_999;
        assert.equal((await limiter.hit(key, limits)).allowed, false, '1 ms before the first request leaves the window');
        clock.now = T0 + 60_000;
        const admitted = await limiter.hit(key, limits);
        assert.equal(admitted.allowed, true, 'the first request left the window');
        assert.equal(admitted.minute.remaining, 0);
        clock.now = T0 + 60_001;
        assert.equal((await limiter.hit(key, limits)).allowed, false, 'the second request is still inside');
        clock.now = T0 + 70_000;
        assert.equal((await limiter.hit(key, limits)).allowed, true);
      } finally {
        await limiter.close();
      }
    });

    test('the daily count resets at 00:00 UTC, and Retry-After points at midnight', async () => {
      const beforeMidnight = Date.UTC(2026, 0, 15, 23, 59, 0);
      const clock = new ManualClock(beforeMidnight);
      const limiter = backend.make(clock.read);
      const key = `k-${crypto.randomUUID()}`;
      const limits = { perMinute: 100, perDay: 5 };
      try {
        for (let i = 0; i < 5; i++) {
          clock.now = beforeMidnight + i * 1000;
          const d = await limiter.hit(key, limits);
          assert.equal(d.allowed, true);
          assert.equal(d.day.remaining, 4 - i);
        }
        clock.now = beforeMidnight + 5000; // 23:59:05
        const denied = await limiter.hit(key, limits);
        assert.equal(denied.allowed, false);
        assert.equal(denied.retryAfterSeconds, 55);
        clock.now = Date.UTC(2026, 0, 15, 23, 59, 59, 999);
        assert.equal((await limiter.hit(key, limits)).allowed, false);
        clock.now = Date.UTC(2026, 0, 16, 0, 0, 0, 0);
        const fresh = await limiter.hit(key, limits);
        assert.equal(fresh.allowed, true);
        assert.equal(fresh.day.remaining, 4);
      } finally {
        await limiter.close();
      }
    });

    test('rejected requests consume neither budget', async () => {
      const clock = new ManualClock(T0);
      const limiter = backend.make(clock.read);
      const key = `k-${crypto.randomUUID()}`;
      try {
        await limiter.hit(key, { perMinute: 1, perDay: 10 });
        for (let i = 0; i < 5; i++) assert.equal((await limiter.hit(key, { perMinute: 1, perDay: 10 })).allowed, false);
        clock.now = T0 + 60_000;
        const d = await limiter.hit(key, { perMinute: 1, perDay: 10 });
        assert.equal(d.allowed, true);
        assert.equal(d.day.remaining, 8);
      } finally {
        await limiter.close();
      }
    });

    test('a burst of 100 concurrent hits against a limit of 37 admits exactly 37, across two limiter instances', async () => {
      const clock = new ManualClock(T0);
      const namespace = crypto.randomUUID();
      const a = backend.make(clock.read, namespace);
      const b = backend.name === 'redis' ? backend.make(clock.read, namespace) : a;
      const key = `k-${crypto.randomUUID()}`;
      try {
        const results = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).hit(key, { perMinute: 37, perDay: 1000 })));
        assert.equal(results.filter((r) => r.allowed).length, 37);
      } finally {
        await a.close();
        if (b !== a) await b.close();
      }
    });
  });
}

let redis: TestRedis | null = null;
const redisSkip = redisAvailable() ? false : REDIS_SKIP_REASON;
before(async () => {
  if (!redisSkip) redis = await startTestRedis();
});
after(async () => {
  if (redis) {
    // a shared CI server keeps running: remove this suite's keys (all under fe:test:)
    const client = new Redis(redis.url);
    const keys = await client.keys('{fe:test:*');
    if (keys.length) await client.del(...keys);
    await client.quit();
  }
  await redis?.stop();
});

limiterSuite({ name: 'in-process', make: (clock) => new MemoryRateLimiter(clock), skip: false });

test('in-process state is bounded: past maxKeys the least recently seen caller is forgotten, active ones are kept', async () => {
  // regression: 400k distinct anonymous addresses grew the process by 330 MB until the day changed
  const clock = new ManualClock(T0);
  const limiter = new MemoryRateLimiter(clock.read, 3);
  const limits = { perMinute: 1, perDay: 10 };
  for (const ip of ['a', 'b', 'c']) assert.equal((await limiter.hit(ip, limits)).allowed, true);
  assert.equal((await limiter.hit('a', limits)).allowed, false, 'a is seen again, so b is now the least recent');
  assert.equal((await limiter.hit('d', limits)).allowed, true);
  assert.equal(limiter.size, 3);
  assert.equal((await limiter.hit('a', limits)).allowed, false, 'a was kept: its window still holds its request');
  assert.equal((await limiter.hit('c', limits)).allowed, false);
  assert.equal((await limiter.hit('b', limits)).allowed, true, 'b was forgotten and starts a fresh budget');
  for (let i = 0; i < 1000; i++) await limiter.hit(`ip-${String(i)}`, limits);
  assert.equal(limiter.size, 3);
  assert.deepEqual(await limiter.health(), { backend: 'memory', reachable: true });
});
// these suites count admissions, not latency: a generous command timeout keeps a loaded CI box from turning a slow
// answer into a 503 (test/chaos/redisStall.test.ts holds the production timeout to its 200 ms promise)
const COUNTING = { commandTimeoutMs: 5000 };
limiterSuite({ name: 'redis', make: (clock, namespace = crypto.randomUUID()) => new RedisRateLimiter(defined(redis, 'redis').url, clock, `fe:test:${namespace}:`, COUNTING), skip: redisSkip });

describe('rate limits over HTTP', () => {
  let wh: TestWarehouse;
  const tiers: TierConfig = { ...DEFAULT_TIERS, plans: { ...DEFAULT_TIERS.plans, Free: { ...DEFAULT_TIERS.plans.Free, perMinute: 15, perDay: 1000 } } };
  before(async () => {
    wh = await fixtureWarehouse([fixture('edgar', 'submissions', 'CIK0000320193.json.gz')]);
  });
  after(() => { wh.cleanup(); });

  // these tests count admissions: on a loaded box 15 admitted queries can wait longer than the default 2 s for a DuckDB
  // connection and be answered 503 busy, which would be the pool's answer, not the limiter's
  const ADMITTED_WAIT = { poolWaitMs: 120_000 };

  async function burst(bases: string[], token: string, n: number) {
    return Promise.all(Array.from({ length: n }, (_, i) => fetch(`${String(bases[i % bases.length])}/api/company/details?cik=320193`, bearer(token))));
  }

  test('in-process: 40 parallel requests against 15 per minute give exactly 15 answers and 25 429s with Retry-After', async () => {
    const clock = new ManualClock(T0);
    const app = await startTestApp(wh.engine, { limiter: new MemoryRateLimiter(clock.read), tiers, ...ADMITTED_WAIT });
    try {
      const responses = await burst([app.base], app.tokens.Free, 40);
      const statuses = responses.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 15, statuses.join(' '));
      assert.equal(statuses.filter((s) => s === 429).length, 25);
      for (const r of responses) for (const h of RATE_HEADERS) assert.ok(r.headers.get(h) !== null, h);
      const limited = defined(responses.find((r) => r.status === 429), 'responses.find((r) => r.status === 429)');
      assert.equal(limited.headers.get('retry-after'), '60');
      assert.equal(limited.headers.get('x-ratelimit-remaining-minute'), '0');
      assert.match(((await limited.json()) as { error: string }).error, /Rate limit exceeded: per-minute limit of 15/);
      clock.now = T0 + 60_000;
      assert.equal(defined((await burst([app.base], app.tokens.Free, 1))[0], '(await burst([app.base], app.tokens.Free, 1))[0]').status, 200);
    } finally {
      await app.close();
    }
  });

  test('anonymous callers are limited per address and their 401s carry the headers', async () => {
    const anonTiers: TierConfig = { ...tiers, anonymous: { perMinute: 2, perDay: 100 } };
    const app = await startTestApp(wh.engine, { tiers: anonTiers });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const r = await fetch(`${app.base}/api/company/details?cik=320193`);
        statuses.push(r.status);
        assert.equal(r.headers.get('x-ratelimit-limit-minute'), '2');
      }
      assert.deepEqual(statuses, [401, 401, 429]);
    } finally {
      await app.close();
    }
  });

  test('behind a trusted proxy anonymous callers are told apart by X-Forwarded-For; without one the header is ignored', async () => {
    const anonTiers: TierConfig = { ...tiers, anonymous: { perMinute: 1, perDay: 100 } };
    const call = (base: string, xff: string) => fetch(`${base}/api/company/details?cik=320193`, { headers: { 'X-Forwarded-For': xff } });
    const proxied = await startTestApp(wh.engine, { tiers: anonTiers, proxy: 1 });
    const direct = await startTestApp(wh.engine, { tiers: anonTiers });
    try {
      // the proxy appends the address it saw; what the client wrote to the left of it is not trusted
      assert.equal((await call(proxied.base, '9.9.9.9, 203.0.113.1')).status, 401);
      assert.equal((await call(proxied.base, '203.0.113.2')).status, 401, 'another client address: its own budget');
      assert.equal((await call(proxied.base, '8.8.8.8, 203.0.113.1')).status, 429, 'a forged left-most entry does not buy a new budget');
      assert.equal((await call(direct.base, '203.0.113.1')).status, 401);
      assert.equal((await call(direct.base, '203.0.113.2')).status, 429, 'without a trusted proxy every caller here is 127.0.0.1');
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  test('an unreachable Redis fails closed: 503 with { error }, Retry-After and the limit headers', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = srv.address() as net.AddressInfo;
        srv.close(() => { resolve(p); });
      });
    });
    const app = await startTestApp(wh.engine, { limiter: new RedisRateLimiter(`redis://127.0.0.1:${String(port)}`), tiers });
    try {
      const started = performance.now();
      const res = await fetch(`${app.base}/api/company/details?cik=320193`, bearer(app.tokens.Free));
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('retry-after'), '5');
      assert.equal(res.headers.get('x-ratelimit-limit-minute'), '15');
      assert.equal(res.headers.get('x-ratelimit-remaining-minute'), '0');
      assert.match(((await res.json()) as { error: string }).error, /rate-limit store cannot be reached/);
      assert.ok(performance.now() - started < 1000, 'refused at once, not after retries (each 503 took up to 10 s)');
    } finally {
      await app.close();
    }
  });

  test('redis: two app instances sharing one redis-server admit exactly the limit between them', { skip: redisSkip }, async () => {
    const clock = new ManualClock(T0);
    const prefix = `fe:test:${crypto.randomUUID()}:`;
    const tokensFile = path.join(tempDir('tokens-'), 'tokens.json');
    const one = await startTestApp(wh.engine, { limiter: new RedisRateLimiter(defined(redis, 'redis').url, clock.read, prefix, COUNTING), tiers, tokensFile, ...ADMITTED_WAIT });
    const two = await startTestApp(wh.engine, { limiter: new RedisRateLimiter(defined(redis, 'redis').url, clock.read, prefix, COUNTING), tiers, tokensFile, tokens: one.tokens, ...ADMITTED_WAIT });
    try {
      const responses = await burst([one.base, two.base], one.tokens.Free, 40);
      const statuses = responses.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 200).length, 15, statuses.join(' '));
      assert.equal(statuses.filter((s) => s === 429).length, 25);
      const last = await fetch(`${two.base}/api/company/details?cik=320193`, bearer(one.tokens.Free));
      assert.equal(last.status, 429);
      assert.equal(last.headers.get('x-ratelimit-remaining-minute'), '0');
      assert.equal(last.headers.get('x-ratelimit-remaining-day'), String(1000 - 15));
    } finally {
      await one.close();
      await two.close();
    }
  });
});

test('FILINGS_TRUST_PROXY is off by default and takes a number of hops', () => {
  assert.equal(loadConfig({}, '/tmp').trustProxyHops, 0);
  assert.equal(loadConfig({ FILINGS_TRUST_PROXY: '0' }, '/tmp').trustProxyHops, 0);
  assert.equal(loadConfig({ FILINGS_TRUST_PROXY: '2' }, '/tmp').trustProxyHops, 2);
  assert.throws(() => loadConfig({ FILINGS_TRUST_PROXY: 'yes' }, '/tmp'), /FILINGS_TRUST_PROXY: expected a whole number/);
});
