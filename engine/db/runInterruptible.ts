// Runs work on a borrowed connection so that an abort signal interrupts whatever the connection is executing (until
// it settles) and the call fails as aborted; the caller gives the connection back.
import type { DuckDBConnection } from '@duckdb/node-api';
import { interruptUntilSettled } from './interruptUntilSettled.ts';
import { QueryAbortedError } from './QueryAbortedError.ts';

export async function runInterruptible<T>(c: DuckDBConnection, fn: (c: DuckDBConnection) => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  let work: Promise<T> | null = null;
  const onAbort = () => {
    if (work) interruptUntilSettled(c, work);
  };
  try {
    if (signal?.aborted) throw new QueryAbortedError();
    work = fn(c);
    signal?.addEventListener('abort', onAbort, { once: true });
    return await work;
  } catch (err) {
    throw signal?.aborted ? new QueryAbortedError() : err;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
