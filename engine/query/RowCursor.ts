// A streaming result that owns its pooled connection: chunks are fetched on demand, and close() (idempotent) returns
// the connection on every path: end of rows, error, abort, or a reader that never started reading. Closing while a
// fetch is in flight interrupts the statement and returns the connection once DuckDB lets go of it.
import { defined } from './defined.ts';
import type { DuckDBDataChunk, DuckDBResult, DuckDBValue } from '@duckdb/node-api';
import { QueryAbortedError, type BorrowOptions, type Engine } from '../db/Engine.ts';
import { interruptUntilSettled } from '../db/interruptUntilSettled.ts';

export class RowCursor {
  private result: DuckDBResult | null = null;
  private pending: Promise<unknown> | null = null;
  private closed = false;
  private readonly onAbort = () => { this.close(); };

  private constructor(
    private readonly lease: Awaited<ReturnType<Engine['lease']>>,
    private readonly signal: AbortSignal | undefined,
  ) {}

  static async open(engine: Engine, sql: string, args: DuckDBValue[], options: BorrowOptions = {}): Promise<RowCursor> {
    if (options.signal?.aborted) throw new QueryAbortedError();
    const cursor = new RowCursor(await engine.lease(options), options.signal);
    // the caller may have left while this waited for a connection: an abort listener added now would never fire
    if (options.signal?.aborted) {
      cursor.close();
      throw new QueryAbortedError();
    }
    options.signal?.addEventListener('abort', cursor.onAbort, { once: true });
    try {
      cursor.result = await cursor.track(cursor.lease.connection.stream(sql, args));
    } catch (err) {
      cursor.close();
      throw err;
    }
    return cursor;
  }

  get columnNames(): string[] {
    return defined(this.result, 'this.result').columnNames();
  }

  get columnTypes() {
    return defined(this.result, 'this.result').columnTypes();
  }

  /** The next non-empty chunk, or null at the end (the connection is then already back in the pool). */
  async next(): Promise<DuckDBDataChunk | null> {
    if (this.closed) throw new QueryAbortedError();
    const chunk = await this.track(defined(this.result, 'this.result').fetchChunk());
    if (!chunk || chunk.rowCount === 0) {
      this.close();
      return null;
    }
    return chunk;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.signal?.removeEventListener('abort', this.onAbort);
    if (this.pending) {
      interruptUntilSettled(this.lease.connection, this.pending);
      void this.pending.finally(() => { this.lease.release(); });
    } else this.lease.release();
  }

  private async track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(() => undefined, () => undefined);
    this.pending = settled;
    let value: T;
    try {
      value = await work;
    } catch (err) {
      throw this.closed ? new QueryAbortedError() : err;
    } finally {
      if (this.pending === settled) this.pending = null;
    }
    // closed while the fetch ran (its interrupt came too late to stop it): a closed cursor hands out no rows, so a
    // caller that left is never given a chunk and a stream over it never outlives the abort
    if (this.closed) throw new QueryAbortedError();
    return value;
  }
}
