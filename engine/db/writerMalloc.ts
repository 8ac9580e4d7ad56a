// jemalloc's options for a process that writes the warehouse (ingest, the periods refresh, the demo build).
//
// DuckDB's jemalloc returns freed pages to the kernel once they have been unused for a second (it is built with
// dirty_decay_ms:1000 and muzzy_decay_ms:1000). A refresh frees and allocates hash tables, sort runs and strings all
// the time, so pages went back and were faulted in and zeroed again within seconds. With ten seconds, on the
// 1,120-company universe (5.6M facts, 4 buckets, two at once; `npm run bench -- periods --companies 1120 --buckets 4
// --skip-legacy --sides parallel --rounds 1`, one process per run, runs alternating with the default on a quiet box):
// 50.0, 44.4, 42.0, 41.1 CPU-s against 61.1, 49.3, 53.9, 45.6, 49.6, 50.0, 48.0 by default (0.87x of the average), max
// RSS 1,587-1,800 MB against 1,527-1,708; never returning them (-1) measured the same (38.8-52.3, 43.6 on average).
// The whole synthetic universe (18,000 companies, 90.5M facts), two pairs in opposite orders: 353.3 and 353.6 s, 683.1
// and 683.5 CPU-s, against 458.7 and 422.0 s, 872.0 and 819.4 CPU-s (0.81x CPU), the same outputs (pair 2 compared),
// max RSS 4.4-4.5 GB either way; ingest within noise (+10-25 MB of peak RSS). Ten seconds rather than never, so that a
// writer that waits (an ingest fetching from EDGAR) still gives memory back.
//
// jemalloc reads its options once, when DuckDB's library loads, from the environment variable below; so a writer's
// entry script imports ./writerProcess.ts before anything that loads DuckDB, and a parent that starts a writer passes
// writerEnvironment(). A server keeps DuckDB's own options: its memory must fall back after a burst.

/** The environment variable DuckDB's jemalloc reads its options from (its `malloc_conf`, prefixed). */
export const MALLOC_CONF_VARIABLE = 'DUCKDB_JE_MALLOC_CONF';

/** A writer's jemalloc options: freed pages kept ten seconds before they go back to the kernel (DuckDB's: one). */
export const WRITER_MALLOC_CONF = 'dirty_decay_ms:10000,muzzy_decay_ms:10000';

/** The environment for a writer's child process: the caller's, with a writer's jemalloc options unless already set. */
export function writerEnvironment(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, [MALLOC_CONF_VARIABLE]: env[MALLOC_CONF_VARIABLE] ?? WRITER_MALLOC_CONF };
}
