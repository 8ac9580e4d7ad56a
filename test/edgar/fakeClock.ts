// A virtual clock for the EDGAR client's tests: sleeping advances time at once, and every sleep is recorded.
import type { Clock } from '../../engine/edgar/Clock.ts';
import { defined } from '../helpers/defined.ts';

export interface FakeClock extends Clock {
  readonly sleeps: number[];
  advance(ms: number): void;
}

export function fakeClock(start = 0): FakeClock {
  let t = start;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    advance(ms) {
      t += ms;
    },
    sleep(ms) {
      sleeps.push(ms);
      const target = t + ms;
      return Promise.resolve().then(() => {
        t = Math.max(t, target);
      });
    },
  };
}

/** The most grants that fall in any half-open window [t, t + 1000). */
export function maxPerSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (defined(sorted[i], 'sorted[i]') - defined(sorted[j], 'sorted[j]') >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}
