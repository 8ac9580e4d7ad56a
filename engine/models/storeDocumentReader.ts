// Reads a company's latest annual report for the model builder: the filing from the warehouse (model_annual_filing),
// its text from the document store.
import type { Engine } from '../db/Engine.ts';
import type { DocumentReader } from './buildCompanyModels.ts';

interface AnnualFiling { cik: number; accession: string; form: string; filed: string | null; primary_document: string | null; fiscal_year: number | null }

export function storeDocumentReader(engine: Engine): DocumentReader {
  return async (cik, signal) => {
    const [filing] = await engine.query<AnnualFiling>('SELECT * FROM model_annual_filing($1)', [cik], signal ? { signal } : {});
    if (!filing) return null;
    // the document-text datasets (branch hD1-docs) are not in this warehouse yet: no text, no model
    return null;
  };
}
