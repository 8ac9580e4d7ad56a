// In-process rate limiter (the embedded default): admitted request times per key in a sliding 60 s window, plus a
// per-UTC-day counter. Each hit runs synchronously, so concurrent requests are admitted exactly up to the limit.
// The number of keys is bounded (anonymous callers are keyed by address, and addresses are cheap to rotate): past the
// bound the least recently seen key is forgotten. A forgotten caller starts a fresh budget, which is what any new
// address gets anyway, so the bound costs no protection that per-address limits gave.
import { defined } from '../../engine/query/defined.ts';
import { DAY_MS, WINDOW_MS, dayIndex, decision, type Clock, type Decision, type Limits, type RateLimiter } from './RateLimiter.ts';

interface KeyState {
  /** Admission times, oldest first; `head` skips the expired prefix without shifting the array each time. */
  stamps: number[];
  head: number;
  day: number;
  dayCount: number;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly keys = new Map<string, KeyState>();
  private hits = 0;

  /**
   * @param maxKeys callers remembered at most. Measured with one request per address: 400k addresses unbounded held
   * 136 MB of heap (176 MB RSS); bounded at 100k, 38 MB (the issue saw +330 MB for 400k addresses under load).
   */
  constructor(private readonly clock: Clock = Date.now, private readonly maxKeys = 100_000) {}

  hit(key: string, limits: Limits): Promise<Decision> {
    return Promise.resolve(this.decide(key, limits));
  }

  private decide(key: string, limits: Limits): Decision {
    const now = this.clock();
    let s = this.keys.get(key);
    if (s) {
      // re-insert so the Map's order is least recently seen first
      this.keys.delete(key);
    } else {
      s = { stamps: [], head: 0, day: dayIndex(now), dayCount: 0 };
      if (this.keys.size >= this.maxKeys) this.evictOldest();
    }
    this.keys.set(key, s);
    // a request stamped t counts while now - t < 60 s
    while (s.head < s.stamps.length && defined(s.stamps[s.head], 's.stamps[s.head]') <= now - WINDOW_MS) s.head++;
    if (s.head > 1024 && s.head * 2 > s.stamps.length) {
      s.stamps = s.stamps.slice(s.head);
      s.head = 0;
    }
    const today = dayIndex(now);
    if (s.day !== today) {
      s.day = today;
      s.dayCount = 0;
    }
    const inWindow = s.stamps.length - s.head;
    const minuteOk = inWindow < limits.perMinute;
    const dayOk = s.dayCount < limits.perDay;
    if (++this.hits % 10_000 === 0) this.sweep(now);
    if (minuteOk && dayOk) {
      s.stamps.push(now);
      s.dayCount++;
      return decision(true, limits, inWindow + 1, s.dayCount, 0);
    }
    let retry = 0;
    if (!minuteOk) retry = defined(s.stamps[s.stamps.length - limits.perMinute], 's.stamps[s.stamps.length - limits.perMinute]') + WINDOW_MS - now;
    if (!dayOk) retry = Math.max(retry, (today + 1) * DAY_MS - now);
    return decision(false, limits, inWindow, s.dayCount, retry);
  }

  /** Forget keys with nothing in the window and no count today, so memory follows active callers only. */
  private sweep(now: number): void {
    const today = dayIndex(now);
    for (const [key, s] of this.keys) {
      const live = s.stamps.length > s.head && defined(s.stamps[s.stamps.length - 1], 's.stamps[s.stamps.length - 1]') > now - WINDOW_MS;
      if (!live && s.day !== today) this.keys.delete(key);
    }
  }

  private evictOldest(): void {
    const oldest = this.keys.keys().next();
    if (!oldest.done) this.keys.delete(oldest.value);
  }

  /** Keys currently remembered (tests and the health endpoint). */
  get size(): number {
    return this.keys.size;
  }

  health(): Promise<{ backend: string; reachable: boolean }> {
    return Promise.resolve({ backend: 'memory', reachable: true });
  }

  close(): Promise<void> {
    this.keys.clear();
    return Promise.resolve();
  }
}
