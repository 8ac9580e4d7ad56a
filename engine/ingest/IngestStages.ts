// Where ingest time goes, for benchmarks and progress: each stage reports its elapsed milliseconds as it ends.

/**
 * read: bytes off disk or out of a zip member; parse: source document -> row objects; stage: rows into the DuckDB
 * staging tables; write: new_<name>() (typed, deduplicated against the warehouse, sorted) as zstd Parquet into
 * _staging; commit: the journal and the moves into place.
 */
export type IngestStage = 'read' | 'parse' | 'stage' | 'write' | 'commit';

export type OnStage = (stage: IngestStage, ms: number) => void;

/** Runs fn and reports its elapsed time as stage (also when it throws). */
export async function timed<T>(onStage: OnStage | undefined, stage: IngestStage, fn: () => Promise<T>): Promise<T> {
  if (!onStage) return fn();
  const started = performance.now();
  try {
    return await fn();
  } finally {
    onStage(stage, performance.now() - started);
  }
}
