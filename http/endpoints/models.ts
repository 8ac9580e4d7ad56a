// Company models group: /api/company/economic-model (the spec's economic model) and /api/company/business-model (our
// compact business model), both built by one background job per company (202 while it runs, then 200) from the latest
// annual report and the XBRL facts, every citation verified verbatim against the document.
import * as v from 'valibot';
import { defineEndpoint } from '../registry.ts';

const Citation = v.object({
  url: v.pipe(v.string(), v.url(), v.description("The cited document's HTTPS EDGAR address (the company's EDGAR filing index when the document was ingested without its accession)")),
  source: v.picklist(['10-K', '10-Q', '8-K', '20-F', '40-F', '6-K', 'investor-presentation', 'earnings-call', 'website']),
  publisher: v.pipe(v.string(), v.description('Host of url, derived server-side')),
  section: v.pipe(v.string(), v.description('Named location in the document, e.g. "Item 1A"')),
  quote: v.pipe(v.string(), v.minLength(20), v.maxLength(400), v.description('Verbatim excerpt of that section (whitespace and typographic quotes normalized), verified at generation time')),
  validated: v.optional(v.pipe(v.literal(false), v.description('Present (false) only when the document could not be re-read at verification time'))),
});

const sourced = {
  sources: v.pipe(v.array(Citation), v.description('Verified citations; failed ones are dropped')),
  sourcesNote: v.optional(v.pipe(v.string(), v.description('Present when no citation of this section survived verification'))),
};

const strings = v.array(v.string());

const filingMeta = {
  cik: v.pipe(v.number(), v.integer()),
  filing: v.pipe(v.object({
    accession: v.string(), form: v.string(), url: v.string(), filed: v.nullable(v.string()), fiscalYear: v.nullable(v.number()),
  }), v.description('The annual report the model was built from')),
  generatedAt: v.pipe(v.string(), v.description('When the job finished (ISO 8601)')),
  provider: v.pipe(v.string(), v.description('offline-deterministic, or the configured OpenAI-compatible model')),
};

export const EconomicModel = v.object({
  ...filingMeta,
  summary: v.object({ primaryOfferings: strings, secondaryOfferings: strings, ...sourced }),
  valueDelivery: v.object({ offeringTypes: strings, customer: v.object({ primaryPayerTypes: strings }), demandDriver: v.string(), unitOfValue: v.string(), ...sourced }),
  monetization: v.object({
    revenueModel: v.pipe(v.picklist(['one-time', 'recurring', 'hybrid', 'unknown']), v.description('Current deferred revenue / revenue >= 25% recurring, >= 5% hybrid, else one-time')),
    pricingMechanisms: strings,
    priceSettingPower: v.pipe(v.picklist(['price-taker', 'some', 'strong', 'regulated', 'unknown']), v.description('Utilities (SIC 49xx) regulated; gross margin >= 55% strong, >= 25% some, else price-taker')),
    primaryRevenueDrivers: strings, ...sourced,
  }),
  costStructure: v.object({ variableCostDrivers: strings, fixedCostDrivers: strings, marginDriverMechanisms: strings, primaryConstraint: v.string(), ...sourced }),
  reinvestment: v.object({
    capitalIntensity: v.pipe(v.picklist(['asset-light', 'moderate', 'asset-heavy', 'regulated-asset-base', 'unknown']), v.description('Capex/revenue >= 10% or PP&E/assets >= 40% asset-heavy; both < 4% / 15% asset-light; utilities with PP&E >= 50% of assets regulated-asset-base')),
    reinvestmentVehicles: strings,
    maintenanceVsGrowth: v.pipe(v.picklist(['mostly-maintenance', 'balanced', 'mostly-growth', 'unknown']), v.description('3-year capex / D&A: <= 1.1 mostly-maintenance, <= 1.6 balanced, above mostly-growth')),
    ...sourced,
  }),
  cashConversion: v.object({
    workingCapitalProfile: v.pipe(v.picklist(['negative', 'neutral', 'positive', 'seasonal', 'unknown']), v.description('Cash conversion cycle DSO + DIO - DPO: < -15 days negative, <= 15 neutral, above positive')),
    cashTimingNotes: v.string(), keyBalanceSheetSensitivities: strings, ...sourced,
  }),
  sensitivities: v.object({ topLineSensitivities: strings, marginSensitivities: strings, balanceSheetSensitivities: strings, ...sourced }),
  unitEconomics: v.object({
    unit: v.string(), revenueDrivers: strings, variableCosts: strings,
    marginalMargin: v.pipe(v.picklist(['low', 'mid', 'high', 'unknown']), v.description('Gross margin >= 60% high, >= 30% mid, else low (operating margin 25%/10% without one)')),
    ...sourced,
  }),
  capitalAllocation: v.object({ priorities: strings, historicalPattern: v.string(), watchMetrics: v.nullable(strings), ...sourced }),
  managementStyle: v.object({
    orientation: v.pipe(v.picklist(['growth-first', 'margin-first', 'balanced', 'capital-return']), v.description('3 years: dividends + buybacks >= 60% of operating cash flow capital-return; capex + acquisitions >= 60% growth-first; operating margin +2 points margin-first; else balanced')),
    strategyNotes: v.string(), ...sourced,
  }),
});

const figures = v.array(v.object({ name: v.string(), revenue: v.nullable(v.number()), operatingIncome: v.nullable(v.number()) }));

export const BusinessModel = v.object({
  ...filingMeta,
  segments: v.pipe(v.object({ items: figures, ...sourced }), v.description('Operating segments with latest-year revenue and operating income (XBRL)')),
  customers: v.object({ payerTypes: strings, ...sourced }),
  revenueStreams: v.pipe(v.object({ items: figures, ...sourced }), v.description('Revenue by product/service member (XBRL), else by segment')),
  keyResources: v.object({ items: strings, ...sourced }),
  keyPartners: v.object({ items: strings, ...sourced }),
  channels: v.object({ items: strings, ...sourced }),
  costDrivers: v.object({ items: strings, ...sourced }),
});

const LIFECYCLE = 'The first request for a company without a model queues one background job and answers 202 `{status: "generating", jobId, message}` ' +
  '(Retry-After: 5); every request while it runs, from any account or API process, answers 202 with the same jobId; then 200 with the model, ' +
  'stable and cacheable (ETag of the stored model). A failed attempt is retried with backoff (3 attempts, 2 s doubling, 120 s timeout each); ' +
  'when all fail the route answers 503 with the reason and Retry-After until a new attempt may start (1 hour). A company without an annual report ' +
  '(10-K, 20-F, 40-F) answers 400 once its job has found none. A time-out is retried once only. When a newer annual report is ingested the stored model is stale: ' +
  'the next request queues a refresh job and answers the old model (200) with header `X-Model-Refreshing: <jobId>` and Cache-Control no-cache until the ' +
  'refresh stores the new model (a failed refresh leaves the old model served). Built offline and deterministically by default; every citation quote is verified verbatim ' +
  'against the named section of the document and figures in text against the XBRL facts. JSON only.';

export const modelEndpoints = [defineEndpoint({
  path: '/api/company/economic-model',
  group: 'Company',
  summary: 'Economic model',
  description: `How the company makes money, section by section, every section with verified citations. ${LIFECYCLE}`,
  tiers: [],
  entity: true,
  params: {},
  macro: 'economic_model',
  args: ({ entity }) => [entity.cik],
  shape: 'object',
  job: 'economicModel',
  response: EconomicModel,
}), defineEndpoint({
  path: '/api/company/business-model',
  group: 'Company',
  summary: 'Business model',
  description: `Segments, customers, revenue streams, key resources and partners, channels and cost drivers, built by the same job as the economic model. ${LIFECYCLE}`,
  tiers: [],
  entity: true,
  params: {},
  macro: 'business_model',
  args: ({ entity }) => [entity.cik],
  shape: 'object',
  job: 'businessModel',
  response: BusinessModel,
})];
