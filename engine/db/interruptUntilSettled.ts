// Stops a statement whose caller is gone. DuckDB clears a connection's interrupt flag when a query starts executing,
// so an interrupt that lands while a statement is still being bound or planned (table macros take a while) is lost:
// measured on as_reported under load, a single interrupt at 0-20 ms let the query run its full 6 s. Repeating it
// until the work settles stops it at the first check after execution begins.
import type { DuckDBConnection } from '@duckdb/node-api';

const EVERY_MS = 20;

export function interruptUntilSettled(c: DuckDBConnection, work: Promise<unknown>): void {
  c.interrupt();
  const timer = setInterval(() => { c.interrupt(); }, EVERY_MS);
  const stop = () => { clearInterval(timer); };
  work.then(stop, stop);
}
