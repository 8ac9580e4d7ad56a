// The limiter's promise: never more than N grants in any one-second window, however many callers ask at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RateLimiter } from '../../engine/edgar/RateLimiter.ts';
import { fakeClock, maxPerSecond } from './fakeClock.ts';
import { defined } from '../helpers/defined.ts';

test('fifty concurrent callers at 10 per second are granted 10 per second, the 50th after four seconds', async () => {
  const clock = fakeClock();
  const limiter = new RateLimiter(10, clock);
  const grants = await Promise.all(Array.from({ length: 50 }, () => limiter.acquire()));
  assert.equal(maxPerSecond(grants), 10);
  assert.equal(Math.max(...grants), 4000);
  for (let i = 10; i < grants.length; i++) assert.ok(defined(grants[i], 'grants[i]') - defined(grants[i - 10], 'grants[i - 10]') >= 1000, `grant ${String(i)} too close to grant ${String(i - 10)}`);
});

test('a caller arriving after a quiet spell is granted at once', async () => {
  const clock = fakeClock();
  const limiter = new RateLimiter(2, clock);
  await limiter.acquire();
  await limiter.acquire();
  clock.advance(5000);
  const at = await limiter.acquire();
  assert.equal(at, 5000);
});

test('a burst that straddles a window edge still holds at most N in every window (no fixed-window double burst)', async () => {
  const clock = fakeClock();
  const limiter = new RateLimiter(5, clock);
  clock.advance(900);
  const first = await Promise.all(Array.from({ length: 5 }, () => limiter.acquire()));
  clock.advance(200); // now 1100: a fixed 1-second bucket would allow 5 more at once
  const second = await Promise.all(Array.from({ length: 5 }, () => limiter.acquire()));
  assert.deepEqual(first, [900, 900, 900, 900, 900]);
  assert.deepEqual(second, [1900, 1900, 1900, 1900, 1900]);
});

test('for any arrival pattern no one-second window holds more than N grants', async () => {
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 1, max: 10 }), fc.array(fc.integer({ min: 0, max: 700 }), { minLength: 1, maxLength: 60 }), async (n, gaps) => {
      const clock = fakeClock();
      const limiter = new RateLimiter(n, clock);
      const pending: Promise<number>[] = [];
      const calledAt: number[] = [];
      for (const gap of gaps) {
        clock.advance(gap);
        calledAt.push(clock.now());
        pending.push(limiter.acquire());
      }
      const grants = await Promise.all(pending);
      assert.ok(maxPerSecond(grants) <= n);
      // grants keep call order and never precede the call
      grants.forEach((g, i) => { assert.ok(g >= defined(calledAt[i], 'calledAt[i]') && (i === 0 || g >= defined(grants[i - 1], 'grants[i - 1]'))); });
    }),
    { numRuns: 200 },
  );
});

test('a limit that is not a whole number of at least one is refused', () => {
  assert.throws(() => new RateLimiter(0), /whole number >= 1/);
  assert.throws(() => new RateLimiter(2.5), /whole number >= 1/);
});
