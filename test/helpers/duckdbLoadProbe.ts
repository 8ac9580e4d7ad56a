// Preloaded (`--import`) into a child process by test/db/writerMalloc.test.ts: when DuckDB's native library loads,
// prints the jemalloc options the environment holds at that moment (jemalloc reads them then, and never again) and
// exits, before the script does any work.
import fs from 'node:fs';
import { MALLOC_CONF_VARIABLE } from '../../engine/db/writerMalloc.ts';

const dlopen = process.dlopen.bind(process);
process.dlopen = (module: object, filename: string, ...flags: number[]) => {
  dlopen(module, filename, ...flags);
  if (/duckdb/i.test(filename)) {
    fs.writeSync(1, `duckdb loaded with ${JSON.stringify(process.env[MALLOC_CONF_VARIABLE] ?? null)}\n`);
    process.exit(0);
  }
};
