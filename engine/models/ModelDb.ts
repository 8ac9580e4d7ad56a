// The DuckDB connections model builds run on: their own small set, opened beside the Engine's request pool on the same
// instance, so a build (seconds of period-engine SQL on a big filer) never holds a connection an API request waits for.
import type { DuckDBConnection } from '@duckdb/node-api';
import { ConnectionPool } from '../db/ConnectionPool.ts';
import type { BorrowOptions, Engine, Params } from '../db/Engine.ts';
import type { WarehouseSnapshot } from '../db/WarehouseState.ts';
import { CIK_BUCKETS } from '../db/cikBuckets.ts';
import { runInterruptible } from '../db/runInterruptible.ts';

/** What the builder queries: the Engine itself (tests, the REPL) or a ModelDb. */
export interface ModelQueries {
  query<T = Record<string, unknown>>(sql: string, params?: Params, options?: BorrowOptions): Promise<T[]>;
  warehouse(): WarehouseSnapshot;
}

export class ModelDb implements ModelQueries {
  private pool: Promise<ConnectionPool> | null = null;
  private closed = false;

  /** `size` connections (default 1), opened on first use. */
  constructor(private readonly engine: Engine, private readonly size = 1) {}

  warehouse(): WarehouseSnapshot {
    return this.engine.warehouse();
  }

  private open(): Promise<ConnectionPool> {
    this.pool ??= (async () => {
      const all: DuckDBConnection[] = [];
      for (let i = 0; i < this.size; i++) {
        const c = await this.engine.instance.connect();
        // the per-connection variables the SQL layers read (as Engine sets them on its own connections)
        await c.run('SET VARIABLE warehouse = $dir', { dir: this.engine.warehouseDir });
        await c.run('SET VARIABLE cik_buckets = $n', { n: CIK_BUCKETS });
        all.push(c);
      }
      return new ConnectionPool(all);
    })();
    return this.pool;
  }

  async query<T = Record<string, unknown>>(sql: string, params: Params = {}, options: BorrowOptions = {}): Promise<T[]> {
    if (this.closed) throw new Error('model connections closed');
    await this.engine.ensureFresh();
    const pool = await this.open();
    const c = await pool.acquire(options.waitMs);
    try {
      return await runInterruptible(c, async (conn) => (await conn.runAndReadAll(sql, params)).getRowObjectsJson() as T[], options.signal);
    } finally {
      this.giveBack(pool, c);
    }
  }

  /** A connection coming back after close() is closed instead of pooled. */
  private giveBack(pool: ConnectionPool, c: DuckDBConnection): void {
    if (this.closed) c.closeSync();
    else pool.release(c);
  }

  /** Closes the idle connections now and a busy one when its statement returns. */
  async close(): Promise<void> {
    this.closed = true;
    if (!this.pool) return;
    const pool = await this.pool;
    while (pool.stats().free > 0) (await pool.acquire()).closeSync();
  }
}
