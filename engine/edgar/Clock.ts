// Time as the EDGAR client sees it: injectable so rate limits and backoff are tested without waiting.

export interface Clock {
  /** Milliseconds, monotonic enough for spacing requests. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: (ms) => (ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms))),
};
