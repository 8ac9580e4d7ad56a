// The warehouse datasets: folder name, whether it is hive-partitioned by cik bucket. DDL lives in sql/warehouse.
import type { DatasetName } from '../ingest/rows.ts';

export interface DatasetSpec {
  readonly name: DatasetName;
  /** Partitioned datasets live under `<name>/bucket=N/`; the rest directly under `<name>/`. */
  readonly partitioned: boolean;
}

export const DATASETS: readonly DatasetSpec[] = Object.freeze([
  { name: 'facts', partitioned: true },
  { name: 'filings', partitioned: true },
  { name: 'entities', partitioned: false },
  { name: 'securities', partitioned: false },
  { name: 'insider_filings', partitioned: true },
  { name: 'insider_transactions', partitioned: true },
  { name: 'form13f_reports', partitioned: false },
  { name: 'holdings_13f', partitioned: false },
  { name: 'beneficial_owners', partitioned: false },
  { name: 'fx_rates', partitioned: false },
]);
