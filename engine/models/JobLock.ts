// Who may run a company's model job right now: a lease with an expiry, renewed while the job runs. A process that dies
// stops renewing, its lease lapses and another runner takes the job over (same jobId). Two backends: an exclusive lock
// file in the models folder (processes sharing one warehouse), Redis SET NX PX when REDIS_URL is configured.
export interface JobLock {
  /** True when `owner` now holds the lease on `key` for `ttlMs`. */
  tryAcquire(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Extends a lease `owner` holds; false when it lapsed and someone else took it. */
  renew(key: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `owner` still holds it. */
  release(key: string, owner: string): Promise<void>;
  close(): Promise<void>;
}
