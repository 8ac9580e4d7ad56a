// Imported first by the entry script of a process that writes the warehouse, before any module that loads DuckDB:
// jemalloc reads its options once, when DuckDB's library loads (./writerMalloc.ts says why a writer's differ). A value
// the user set in the environment is kept (writerEnvironment's rule, the one a parent starting a writer applies).
import { MALLOC_CONF_VARIABLE, writerEnvironment } from './writerMalloc.ts';

process.env[MALLOC_CONF_VARIABLE] = writerEnvironment()[MALLOC_CONF_VARIABLE];
