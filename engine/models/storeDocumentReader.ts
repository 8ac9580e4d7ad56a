// Reads a company's latest annual report from the warehouse's document store (datasets document_text and
// document_sections, sliced in SQL by model_annual_document) for the model builder and for its verifier.
import type { ModelQueries } from './ModelDb.ts';
import type { DocumentReader } from './buildCompanyModels.ts';
import type { DocumentSection } from './modelTypes.ts';
import { edgarDocumentUrl } from './documentFromBytes.ts';

interface AnnualDocument {
  cik: number; accession: string; form: string; filed: string | null; fiscal_year: number | null; edgar_file: string; sections: DocumentSection[];
}

export function storeDocumentReader(engine: ModelQueries): DocumentReader {
  return async (cik, signal) => {
    const [doc] = await engine.query<AnnualDocument>('SELECT * FROM model_annual_document($1)', [cik], signal ? { signal } : {});
    if (!doc) return null;
    return {
      cik, accession: doc.accession, form: doc.form, filed: doc.filed, fiscalYear: doc.fiscal_year,
      url: edgarDocumentUrl(cik, doc.accession, doc.edgar_file), sections: doc.sections,
    };
  };
}
