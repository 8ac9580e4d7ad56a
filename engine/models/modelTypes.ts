// The shapes of the company models: the spec's economic model (Resources "Economic model") and our business model,
// both citing the filing they were built from.
export const CITATION_SOURCES = ['10-K', '10-Q', '8-K', '20-F', '40-F', '6-K', 'investor-presentation', 'earnings-call', 'website'] as const;
export type CitationSource = (typeof CITATION_SOURCES)[number];

export interface Citation {
  url: string;
  source: CitationSource;
  publisher: string;
  section: string;
  quote: string;
  /** Present and false only when the document could not be re-read at verification time. */
  validated?: false;
}

/** Every cited part of a model: its citations, and a note when none survived verification. */
export interface Sourced {
  sources: Citation[];
  sourcesNote?: string;
}

export interface EconomicModel {
  summary: { primaryOfferings: string[]; secondaryOfferings: string[] } & Sourced;
  valueDelivery: { offeringTypes: string[]; customer: { primaryPayerTypes: string[] }; demandDriver: string; unitOfValue: string } & Sourced;
  monetization: { revenueModel: string; pricingMechanisms: string[]; priceSettingPower: string; primaryRevenueDrivers: string[] } & Sourced;
  costStructure: { variableCostDrivers: string[]; fixedCostDrivers: string[]; marginDriverMechanisms: string[]; primaryConstraint: string } & Sourced;
  reinvestment: { capitalIntensity: string; reinvestmentVehicles: string[]; maintenanceVsGrowth: string } & Sourced;
  cashConversion: { workingCapitalProfile: string; cashTimingNotes: string; keyBalanceSheetSensitivities: string[] } & Sourced;
  sensitivities: { topLineSensitivities: string[]; marginSensitivities: string[]; balanceSheetSensitivities: string[] } & Sourced;
  unitEconomics: { unit: string; revenueDrivers: string[]; variableCosts: string[]; marginalMargin: string } & Sourced;
  capitalAllocation: { priorities: string[]; historicalPattern: string; watchMetrics: string[] | null } & Sourced;
  managementStyle: { orientation: string; strategyNotes: string } & Sourced;
}

export const ECONOMIC_SECTIONS = [
  'summary', 'valueDelivery', 'monetization', 'costStructure', 'reinvestment', 'cashConversion', 'sensitivities',
  'unitEconomics', 'capitalAllocation', 'managementStyle',
] as const satisfies readonly (keyof EconomicModel)[];

export interface NamedFigure { name: string; revenue: number | null; operatingIncome: number | null }

export interface BusinessModel {
  segments: { items: NamedFigure[] } & Sourced;
  customers: { payerTypes: string[] } & Sourced;
  revenueStreams: { items: NamedFigure[] } & Sourced;
  keyResources: { items: string[] } & Sourced;
  keyPartners: { items: string[] } & Sourced;
  channels: { items: string[] } & Sourced;
  costDrivers: { items: string[] } & Sourced;
}

export const BUSINESS_SECTIONS = ['segments', 'customers', 'revenueStreams', 'keyResources', 'keyPartners', 'channels', 'costDrivers'] as const satisfies readonly (keyof BusinessModel)[];

/** The filing a model was built from. */
export interface ModelFiling {
  accession: string;
  form: string;
  url: string;
  filed: string | null;
  fiscalYear: number | null;
}

/** A section of the source document: its name (as the document store names it) and its plain text. */
export interface DocumentSection {
  name: string;
  text: string;
}

/** The annual report a model reads: where it lives and its sectioned text. */
export interface ModelDocument extends ModelFiling {
  cik: number;
  sections: DocumentSection[];
}
