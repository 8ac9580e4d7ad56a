// One DuckDB instance per process over the Parquet warehouse: locked down, SQL layers loaded, values always bound.
import { defined } from '../query/defined.ts';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import { listLayerFiles, runSqlFile, sqlFilesIn, SQL_ROOT, storedFolderOf, storedOutputExists } from './loadSqlFiles.ts';
import { ensureWarehouse } from '../warehouse/ensureWarehouse.ts';
import { ConnectionPool, type PoolStats } from './ConnectionPool.ts';
import { WarehouseState, type WarehouseSnapshot } from './WarehouseState.ts';
import { CIK_BUCKETS } from './cikBuckets.ts';
import { runInterruptible } from './runInterruptible.ts';
import { lockDown } from './lockDown.ts';

export interface EngineOptions {
  warehouseDir: string;
  threads?: number;
  memoryLimit?: string;
  /** Writers create the warehouse folders, load the staging DDL (sql/warehouse) and may write inside the warehouse. */
  mode: 'read' | 'write';
  /** Extra directories DuckDB may touch (the REPL's export folder). */
  extraDirectories?: string[];
  /** Connections kept for parallel queries (default 4). */
  poolSize?: number;
  /**
   * DuckDB's block_allocator_memory: physical memory its buffer blocks keep once touched, not handed back to the
   * operating system until the instance closes (a size such as 4GB; '0B' gives every freed block back). Default: the
   * memory limit for writers, 0 (DuckDB's default) for readers. A refresh allocates and frees blocks all the time, and
   * each block handed back had to be faulted in and zeroed by the kernel again: one full-density bucket's values table
   * and two outputs, one thread, a process per run, alternating, 35.3-35.6 CPU-s by default and 22.8-23.4 with 3GB
   * (0.65x; system time 9-10 -> 4.7 s), peak RSS the same (2.6-3.1 GB); 1GB gave 0.75-0.85x, 6GB the same as 3GB.
   * Readers keep the default: a server's memory must fall back after a burst (issue 18's flat RSS under load).
   */
  blockAllocatorMemory?: string;
}

export type Params = Record<string, DuckDBValue> | DuckDBValue[];

export interface BorrowOptions {
  /** Interrupts the running statement when aborted (the client went away); the connection is returned either way. */
  signal?: AbortSignal;
  /** Longest wait for a free connection before PoolBusyError (default: wait as long as it takes). */
  waitMs?: number;
}

/** A query stopped because its caller aborted it (not a SQL fault). */
export { QueryAbortedError } from './QueryAbortedError.ts';

export class Engine {
  private readonly pool: ConnectionPool;
  /** In-memory tables derived from the warehouse (`*_index.sql` files), rebuilt when the warehouse stamp moves. */
  private readonly indexFiles = listLayerFiles().filter((f) => /_index\.sql$/.test(path.basename(f)));
  /** Deferred layer files not loaded yet: their stored output had no files when last looked at. */
  private pendingStored = listLayerFiles().filter((f) => storedFolderOf(f) !== null);
  private loadingStored: Promise<void> | null = null;
  private indexedStamp: string;
  private refreshing: Promise<void> | null = null;
  /** The one reader of the warehouse's state (version, stored periods current, bucket count). */
  readonly state: WarehouseState;

  private constructor(
    readonly instance: DuckDBInstance,
    readonly warehouseDir: string,
    readonly mode: 'read' | 'write',
    private readonly all: DuckDBConnection[],
    state: WarehouseState,
  ) {
    this.pool = new ConnectionPool(all);
    this.state = state;
    this.indexedStamp = state.current().stamp;
  }

  static async open(options: EngineOptions): Promise<Engine> {
    const warehouseDir = path.resolve(options.warehouseDir);
    // a server or the REPL only reads: creating folders or schema files is a writer's job
    if (options.mode === 'write') await ensureWarehouse(warehouseDir);
    else if (!fs.existsSync(path.join(warehouseDir, '_manifest'))) {
      throw new Error(`no warehouse at ${warehouseDir}: build one first (npm run ingest, or npm run demo)`);
    }
    // read before the layers load, so the index tables built now carry this stamp
    const state = new WarehouseState(warehouseDir);
    const memoryLimit = options.memoryLimit ?? '4GB';
    const instance = await DuckDBInstance.create(':memory:', {
      threads: String(options.threads ?? 2),
      memory_limit: memoryLimit,
      block_allocator_memory: options.blockAllocatorMemory ?? (options.mode === 'write' ? memoryLimit : '0B'),
    });
    const setup = await instance.connect();
    await lockDown(setup, [warehouseDir, ...(options.extraDirectories ?? [])]);
    // Parquet footers cached across queries (DuckDB's parquet reader validates a cached footer against the file's
    // modification time, so the periods swap's renames are seen): measured on /api/company/details uncached, 30 + 39 ms
    // -> 18 + 17 ms for its two scans. GLOBAL, so every pooled connection has it: a plain SET was the setup connection's
    // alone, and a view reading every bucket with union_by_name reads every file's footer when it binds (a count of one
    // company's facts at 18,000 companies, 128 files: 135-177 ms without the cache, 14-18 ms with it).
    await setup.run('SET GLOBAL parquet_metadata_cache = true');
    await setVariables(setup, warehouseDir);
    for (const file of listLayerFiles()) if (storedFolderOf(file) === null) await runSqlFile(setup, file);
    await setup.run('SET lock_configuration = true');
    const connections = [setup];
    for (let i = 1; i < (options.poolSize ?? 4); i++) {
      const c = await instance.connect();
      await setVariables(c, warehouseDir);
      connections.push(c);
    }
    const engine = new Engine(instance, warehouseDir, options.mode, connections, state);
    await engine.loadStoredTwins();
    if (options.mode === 'write') {
      for (const file of sqlFilesIn(path.join(SQL_ROOT, 'warehouse'))) await runSqlFile(setup, file);
    }
    return engine;
  }

  /** The warehouse as of now (re-read only when its stamp moved). */
  warehouse(): WarehouseSnapshot {
    return this.state.current();
  }

  poolStats(): PoolStats {
    return this.pool.stats();
  }

  /**
   * Borrow a connection for several statements (temp tables live per connection); index tables are fresh. The
   * connection goes back on every path; an abort interrupts whatever it is running and fails the call.
   */
  async withConnection<T>(fn: (c: DuckDBConnection) => Promise<T>, options: BorrowOptions = {}): Promise<T> {
    await this.ensureFresh();
    const c = await this.pool.acquire(options.waitMs);
    try {
      return await runInterruptible(c, fn, options.signal);
    } finally {
      this.pool.release(c);
    }
  }

  /** Take a connection until `release` is called (streaming results); the caller must release exactly once. */
  async lease(options: BorrowOptions = {}): Promise<{ connection: DuckDBConnection; release(): void }> {
    await this.ensureFresh();
    const connection = await this.pool.acquire(options.waitMs);
    let released = false;
    return {
      connection,
      release: () => {
        if (released) return;
        released = true;
        this.pool.release(connection);
      },
    };
  }

  /** The connection that loaded the writer's temp tables and macros. */
  get writerConnection(): DuckDBConnection {
    if (this.mode !== 'write') throw new Error('engine opened read-only');
    return defined(this.all[0], 'this.all[0]');
  }

  /** The macros the deferred layer files still waiting for their stored output will define (the startup check counts them). */
  deferredMacros(): string[] {
    return this.pendingStored.flatMap((f) => [...fs.readFileSync(f, 'utf8').matchAll(/^CREATE OR REPLACE MACRO (\w+)/gm)].map((m) => m[1] ?? ''));
  }

  /**
   * Load the deferred layer files (`<NN>_<folder>.stored.sql`) whose stored output now holds files; one folder check
   * per query while any is pending (a warehouse never refreshed), none after. Concurrent callers share one load.
   */
  private async loadStoredTwins(): Promise<void> {
    this.loadingStored ??= (async () => {
      const ready = this.pendingStored.filter((f) => storedOutputExists(this.warehouseDir, storedFolderOf(f) ?? ''));
      if (ready.length === 0) return;
      const c = await this.pool.acquire();
      try {
        for (const file of ready) await runSqlFile(c, file);
        this.pendingStored = this.pendingStored.filter((f) => !ready.includes(f));
      } finally {
        this.pool.release(c);
      }
    })().finally(() => {
      this.loadingStored = null;
    });
    await this.loadingStored;
  }

  /**
   * Rebuild the in-memory index tables when the warehouse changed since they were built (a few stats per query;
   * concurrent callers share one rebuild). CREATE OR REPLACE is transactional, so running queries keep the old table.
   */
  async ensureFresh(): Promise<void> {
    if (this.pendingStored.length > 0) await this.loadStoredTwins();
    const { stamp } = this.state.current();
    if (stamp === this.indexedStamp) return;
    this.refreshing ??= (async () => {
      const c = await this.pool.acquire();
      try {
        for (const file of this.indexFiles) await runSqlFile(c, file);
        this.indexedStamp = stamp;
      } finally {
        this.pool.release(c);
      }
    })().finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
  }

  /** Run a statement with bound values and return JSON-ready row objects. */
  async query<T = Record<string, unknown>>(sql: string, params: Params = {}, options: BorrowOptions = {}): Promise<T[]> {
    return this.withConnection(async (c) => {
      const reader = await c.runAndReadAll(sql, params);
      return reader.getRowObjectsJson() as T[];
    }, options);
  }

  close(): void {
    for (const c of this.all) c.closeSync();
    this.instance.closeSync();
  }
}

/** Per-connection variables the SQL layers read: the warehouse root and the bucket count. */
export async function setVariables(c: DuckDBConnection, warehouseDir: string): Promise<void> {
  await c.run('SET VARIABLE warehouse = $dir', { dir: warehouseDir });
  await c.run('SET VARIABLE cik_buckets = $n', { n: CIK_BUCKETS });
}
