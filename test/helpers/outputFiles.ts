// Two materialized output files (periods, statements, filings outputs) compared through an engine whose warehouse
// holds both: the rows only in one or the other (multisets, EXCEPT ALL both ways), and whether a file lists its
// companies in cik order, as a point read of the stored outputs expects. Shared by the periods refresh suites.
import type { Engine } from '../../engine/db/Engine.ts';
import { quotePath } from '../../engine/db/quote.ts';
import { defined } from './defined.ts';

/** Rows of `a` not in `b` and of `b` not in `a` (multisets), and the row count of `a`. */
export async function outputDifferences(engine: Engine, a: string, b: string): Promise<{ missing: number; extra: number; rows: number }> {
  const [row] = await engine.query<{ missing: number; extra: number; rows: number }>(
    `SELECT (SELECT count(*) FROM (FROM read_parquet(${quotePath(a)}, hive_partitioning := false) EXCEPT ALL FROM read_parquet(${quotePath(b)}, hive_partitioning := false)))::INTEGER AS missing,
            (SELECT count(*) FROM (FROM read_parquet(${quotePath(b)}, hive_partitioning := false) EXCEPT ALL FROM read_parquet(${quotePath(a)}, hive_partitioning := false)))::INTEGER AS extra,
            (SELECT count(*) FROM read_parquet(${quotePath(a)}, hive_partitioning := false))::INTEGER AS rows`);
  return defined(row, 'row');
}

/** Whether the file's rows come in cik order (in the order they are stored), and how many there are. */
export async function cikOrder(engine: Engine, file: string): Promise<{ sorted: boolean; rows: number }> {
  const [row] = await engine.query<{ sorted: boolean; rows: number }>(
    `SELECT coalesce(bool_and(prev IS NULL OR prev <= cik), true) AS sorted, count(*)::INTEGER AS rows
     FROM (SELECT cik, lag(cik) OVER (ORDER BY file_row_number) AS prev FROM read_parquet(${quotePath(file)}, file_row_number := true))`);
  return defined(row, 'row');
}
