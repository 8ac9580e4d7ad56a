// The rate-limit contract both backends honour: one atomic hit against a sliding 60-second window and a UTC-day count.
// A rejected request consumes neither budget.
export interface Limits {
  readonly perMinute: number;
  readonly perDay: number;
}

export interface Decision {
  readonly allowed: boolean;
  readonly minute: { readonly limit: number; readonly remaining: number };
  readonly day: { readonly limit: number; readonly remaining: number };
  /** Whole seconds until a request would be admitted (0 when allowed). */
  readonly retryAfterSeconds: number;
}

/** Milliseconds since the epoch; injected so tests can walk time across the 60 s edge and midnight UTC. */
export type Clock = () => number;

export interface RateLimiter {
  hit(key: string, limits: Limits): Promise<Decision>;
  /** For the health endpoint: which store decides, and whether it answers right now. */
  health(): Promise<{ backend: string; reachable: boolean }>;
  close(): Promise<void>;
}

export const WINDOW_MS = 60_000;
export const DAY_MS = 86_400_000;

export function dayIndex(nowMs: number): number {
  return Math.floor(nowMs / DAY_MS);
}

export function decision(allowed: boolean, limits: Limits, usedMinute: number, usedDay: number, retryAfterMs: number): Decision {
  return {
    allowed,
    minute: { limit: limits.perMinute, remaining: Math.max(0, limits.perMinute - usedMinute) },
    day: { limit: limits.perDay, remaining: Math.max(0, limits.perDay - usedDay) },
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(retryAfterMs / 1000)),
  };
}
