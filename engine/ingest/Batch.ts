// Rows collected from the files of one ingest batch, per warehouse dataset.
import type {
  BeneficialOwnerRow, DatasetRows, EntityRow, FactRow, FilingRow, Form13fReportRow, Holding13fRow, InsiderFilingRow,
  InsiderTransactionRow, SecurityRow, FxRateRow,
} from './rows.ts';

export class Batch implements DatasetRows {
  facts: FactRow[] = [];
  filings: FilingRow[] = [];
  entities: EntityRow[] = [];
  securities: SecurityRow[] = [];
  insider_filings: InsiderFilingRow[] = [];
  insider_transactions: InsiderTransactionRow[] = [];
  form13f_reports: Form13fReportRow[] = [];
  holdings_13f: Holding13fRow[] = [];
  beneficial_owners: BeneficialOwnerRow[] = [];
  fx_rates: FxRateRow[] = [];

  get size(): number {
    return this.facts.length + this.filings.length + this.entities.length + this.securities.length +
      this.insider_filings.length + this.insider_transactions.length + this.form13f_reports.length +
      this.holdings_13f.length + this.beneficial_owners.length + this.fx_rates.length;
  }
}
