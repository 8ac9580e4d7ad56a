// In-process rate limiter (the embedded default): admitted request times per key in a sliding 60 s window, plus a
// per-UTC-day counter. Each hit runs synchronously, so concurrent requests are admitted exactly up to the limit.
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

  constructor(private readonly clock: Clock = Date.now) {}

  async hit(key: string, limits: Limits): Promise<Decision> {
    const now = this.clock();
    let s = this.keys.get(key);
    if (!s) {
      s = { stamps: [], head: 0, day: dayIndex(now), dayCount: 0 };
      this.keys.set(key, s);
    }
    // a request stamped t counts while now - t < 60 s
    while (s.head < s.stamps.length && s.stamps[s.head]! <= now - WINDOW_MS) s.head++;
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
    if (!minuteOk) retry = s.stamps[s.stamps.length - limits.perMinute]! + WINDOW_MS - now;
    if (!dayOk) retry = Math.max(retry, (today + 1) * DAY_MS - now);
    return decision(false, limits, inWindow, s.dayCount, retry);
  }

  /** Forget keys with nothing in the window and no count today, so memory follows active callers only. */
  private sweep(now: number): void {
    const today = dayIndex(now);
    for (const [key, s] of this.keys) {
      const live = s.stamps.length > s.head && s.stamps[s.stamps.length - 1]! > now - WINDOW_MS;
      if (!live && s.day !== today) this.keys.delete(key);
    }
  }

  async close(): Promise<void> {
    this.keys.clear();
  }
}
