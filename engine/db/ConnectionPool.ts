// The Engine's fixed set of DuckDB connections: lent one at a time, waited for in order, and (when the caller says how
// long it may wait) refused with PoolBusyError instead of queueing forever. A lease is returned exactly once.
import type { DuckDBConnection } from '@duckdb/node-api';

/** Every connection stayed busy for the whole wait: the caller should answer "try again later", not hang. */
export class PoolBusyError extends Error {
  constructor(readonly waitedMs: number) {
    super(`all DuckDB connections stayed busy for ${String(waitedMs)} ms`);
    this.name = 'PoolBusyError';
  }
}

export interface PoolStats {
  size: number;
  inUse: number;
  free: number;
  waiting: number;
}

interface Waiter {
  resolve(c: DuckDBConnection): void;
}

export class ConnectionPool {
  private readonly idle: DuckDBConnection[];
  private readonly waiters: Waiter[] = [];

  constructor(private readonly all: readonly DuckDBConnection[]) {
    this.idle = [...all];
  }

  /** Wait at most `waitMs` (default: as long as it takes) for a free connection. */
  async acquire(waitMs?: number): Promise<DuckDBConnection> {
    const free = this.idle.pop();
    if (free) return free;
    return new Promise<DuckDBConnection>((resolve, reject) => {
      const waiter: Waiter = { resolve };
      this.waiters.push(waiter);
      if (waitMs === undefined) return;
      const timer = setTimeout(() => {
        const at = this.waiters.indexOf(waiter);
        if (at >= 0) this.waiters.splice(at, 1);
        reject(new PoolBusyError(waitMs));
      }, waitMs);
      waiter.resolve = (c) => {
        clearTimeout(timer);
        resolve(c);
      };
    });
  }

  release(c: DuckDBConnection): void {
    const next = this.waiters.shift();
    if (next) next.resolve(c);
    else this.idle.push(c);
  }

  stats(): PoolStats {
    return { size: this.all.length, inUse: this.all.length - this.idle.length, free: this.idle.length, waiting: this.waiters.length };
  }
}
