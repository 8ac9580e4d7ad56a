// A sliding-window limiter: at most `perSecond` grants in any window of 1000 ms, shared by every concurrent caller.
import { defined } from '../query/defined.ts';
import { systemClock, type Clock } from './Clock.ts';

const WINDOW_MS = 1000;

/**
 * Each caller reserves its slot synchronously, in call order, so concurrent callers never race: slot k is at least
 * one window after slot k - perSecond. Then the caller sleeps until its slot. Holding only the last `perSecond`
 * slots makes the guarantee exact (no burst at a window edge as a fixed-window counter would allow).
 */
export class RateLimiter {
  private readonly slots: number[] = [];

  constructor(readonly perSecond: number, private readonly clock: Clock = systemClock) {
    if (!Number.isInteger(perSecond) || perSecond < 1) throw new RangeError(`requests per second must be a whole number >= 1, got ${String(perSecond)}`);
  }

  /** Resolves when the caller may send; returns the granted time on the limiter's clock. */
  async acquire(): Promise<number> {
    const now = this.clock.now();
    const last = this.slots[this.slots.length - 1] ?? -Infinity;
    const oldest = this.slots.length < this.perSecond ? -Infinity : defined(this.slots[this.slots.length - this.perSecond], 'this.slots[this.slots.length - this.perSecond]');
    // max with `last` keeps grants in call order even if the clock steps backwards
    const slot = Math.max(now, last, oldest + WINDOW_MS);
    this.slots.push(slot);
    if (this.slots.length > this.perSecond) this.slots.splice(0, this.slots.length - this.perSecond);
    await this.clock.sleep(slot - now);
    return slot;
  }
}
