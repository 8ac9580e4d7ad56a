// One model job's work: read the company's facts (SQL) and its latest annual report, let the provider propose both
// models, re-read the document and verify everything the provider said against it and against the facts.
import type { ModelQueries } from './ModelDb.ts';
import { companyFacts, type FactProfile } from './factProfile.ts';
import { CitationVerifier } from './verifyCitations.ts';
import { verifyBusinessModel, verifyEconomicModel, type FactDecisions } from './verifyModels.ts';
import type { ModelProvider } from './deterministicProvider.ts';
import type { BusinessModel, EconomicModel, ModelDocument, ModelFiling } from './modelTypes.ts';

/** The company's latest annual report (10-K, 20-F or 40-F) with its sectioned text; null when it has none. */
export type DocumentReader = (cik: number, signal?: AbortSignal) => Promise<ModelDocument | null>;

/** A company without an annual report cannot get a model: the job fails at once, without retries. */
export class NoAnnualReport extends Error {
  constructor(cik: number) {
    super(`cik ${String(cik)} has no annual report (10-K, 20-F or 40-F) with document text in the warehouse: no model can be built`);
    this.name = 'NoAnnualReport';
  }
}

export interface BuiltModels {
  provider: string;
  filing: ModelFiling;
  economicModel: EconomicModel;
  businessModel: BusinessModel;
  [field: string]: unknown;
}

export interface BuildOptions {
  /** Where the facts are read: the model connections in the service, the Engine in tests. */
  engine: ModelQueries;
  reader: DocumentReader;
  provider: ModelProvider;
  providerName: string;
  signal?: AbortSignal;
}

export function factDecisions(p: FactProfile | null): FactDecisions {
  if (!p) return {};
  return {
    revenueModel: p.revenue_model, priceSettingPower: p.price_setting_power, capitalIntensity: p.capital_intensity,
    maintenanceVsGrowth: p.maintenance_vs_growth, workingCapitalProfile: p.working_capital_profile,
    marginalMargin: p.marginal_margin, orientation: p.orientation,
  };
}

export async function buildCompanyModels(cik: number, o: BuildOptions): Promise<BuiltModels> {
  const document = await o.reader(cik, o.signal);
  if (!document) throw new NoAnnualReport(cik);
  const facts = await companyFacts(o.engine, cik, o.signal);
  const proposed = await o.provider({ document, facts, ...(o.signal ? { signal: o.signal } : {}) });
  // verification reads the document again: what is checked is what the store holds now, not the provider's copy
  const reread = await o.reader(cik, o.signal).catch(() => null);
  const verifier = new CitationVerifier(reread, { url: document.url, form: document.form });
  const input = { verifier, known: facts.known, decisions: factDecisions(facts.profile) };
  const filing: ModelFiling = { accession: document.accession, form: document.form, url: document.url, filed: document.filed, fiscalYear: document.fiscalYear };
  return {
    provider: o.providerName,
    filing,
    economicModel: verifyEconomicModel(proposed.economicModel, input),
    businessModel: verifyBusinessModel(proposed.businessModel, input),
  };
}
