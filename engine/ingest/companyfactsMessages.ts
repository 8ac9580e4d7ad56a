// The messages between the companyfacts pool (main thread) and its workers.
import type { EntityRow, FilingRow } from './rows.ts';

export interface PoolWorkerData {
  warehouseDir: string;
  /** DuckDB threads of the worker's own instance. */
  threads: number;
  memoryLimit: string;
}

export type PoolRequest =
  | { id: number; type: 'file'; name: string; bytes: Uint8Array }
  /** Write the staged facts new to the warehouse as Parquet under dir (hive bucket folders), files named filePrefix-N. */
  | { id: number; type: 'flush'; dir: string; filePrefix: string }
  | { id: number; type: 'discard' };

/** A request before the pool numbers it. */
export type PoolRequestBody = PoolRequest extends infer R ? (R extends PoolRequest ? Omit<R, 'id'> : never) : never;

export type PoolReply =
  | {
    id: number; ok: true; type: 'file'; cik: number | null; facts: number; filings: FilingRow[]; entities: EntityRow[];
    parseMs: number; stageMs: number;
  }
  | { id: number; ok: true; type: 'flush'; rows: number; writeMs: number }
  | { id: number; ok: true; type: 'discard' }
  | { id: number; ok: false; reason: string };
