// Rows collected from the files of one ingest batch, per warehouse dataset.
import type { DatasetRows, EntityRow, FactRow, FilingRow, SecurityRow } from './rows.ts';

export class Batch implements DatasetRows {
  facts: FactRow[] = [];
  filings: FilingRow[] = [];
  entities: EntityRow[] = [];
  securities: SecurityRow[] = [];

  get size(): number {
    return this.facts.length + this.filings.length + this.entities.length + this.securities.length;
  }
}
