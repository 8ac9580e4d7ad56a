// Footnotes II: /api/footnotes/* read from segment, geographic, product and legal-entity axes, each answered by one
// footnote_* macro of sql/50_footnotes; the macros return JSON columns already compacted by the omission rule.
import * as v from 'valibot';
import { defineEndpoints, type CallInput } from '../registry.ts';
import { defined } from '../../engine/query/defined.ts';
import { booleanParam, dateParam } from '../params/ParamSpec.ts';
import { limitParam, periodParam } from '../params/common.ts';
import { currencyArg, currencyParam } from '../params/currency.ts';

const footnotePeriodParam = periodParam(['annual', 'quarter'] as const, 'annual: fiscal years; quarter: quarterly series (Q2/Q3 synthesized from H1/9M when only the cumulative was tagged)');
// The spec's full `currency` parameter; the macros convert with sql/30_fx (footnote_pick / fx_convert_rows).
// Revenue and business segmentation take none: their values are served as filed, `unit` naming the currency.
const footnoteCurrencyParam = currencyParam;
const asOfParam = dateParam('Point in time (beyond the spec, for backtests without look-ahead): use only filings accepted on or before this date');

function asOfArg(params: Record<string, unknown>) {
  return (params.asOf as string | undefined) ?? null;
}

function seriesArgs({ entity, params }: CallInput) {
  return [defined(entity, 'entity').cik, (params.period as string | undefined) ?? 'annual', params.limit as number, currencyArg(params), asOfArg(params)];
}

function periodArgs({ entity, params }: CallInput) {
  return [defined(entity, 'entity').cik, (params.period as string | undefined) ?? 'annual', params.limit as number];
}

const num = v.number();
const periodFields = {
  period: v.pipe(v.string(), v.isoDate(), v.description('Fiscal period end, YYYY-MM-DD')),
  fiscalYear: v.pipe(v.number(), v.integer()),
  fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
  dateFiled: v.pipe(v.nullable(v.string()), v.description('Acceptance date of the newest filing contributing to the period')),
};
const member = { member: v.pipe(v.string(), v.description('Raw XBRL member QName')), name: v.string() };

export const RevenueSegmentationPeriod = v.object({
  ...periodFields,
  unit: v.pipe(v.nullable(v.string()), v.description('Unit of the values as filed (the reporting currency), usually USD')),
  geography: v.object({
    countries: v.array(v.object({
      code: v.pipe(v.string(), v.description('ISO 3166-1 alpha-2')), name: v.string(), continent: v.nullable(v.string()), value: num,
    })),
    usStates: v.array(v.object({ code: v.pipe(v.string(), v.description('US postal code')), name: v.string(), value: num })),
    regions: v.array(v.object({
      ...member,
      continent: v.nullable(v.string()),
      value: num,
      explainedByCountries: v.optional(v.pipe(num, v.description('Sum of this period\'s country leaves on the continent; only for whole-continent rollups'))),
      other: v.optional(v.pipe(num, v.description('value - explainedByCountries'))),
    })),
    residuals: v.array(v.object({ ...member, value: num })),
  }),
  product: v.pipe(v.array(v.object({ ...member, value: num })), v.description('Flat; parent and leaf members both appear, never sum them')),
});

const metricsSchema = v.pipe(v.object({
  revenue: v.optional(num), operatingIncome: v.optional(num), grossProfit: v.optional(num), assets: v.optional(num),
  goodwill: v.optional(num), depreciationAmortization: v.optional(num), capex: v.optional(num), netIncome: v.optional(num),
}), v.description('Each present only when tagged, never null'));
export const BusinessSegmentationPeriod = v.object({
  ...periodFields,
  unit: v.pipe(v.nullable(v.string()), v.description('Unit of the values as filed (the reporting currency), usually USD')),
  segments: v.array(v.object({
    ...member,
    role: v.pipe(v.picklist(['segment', 'elimination', 'reconciling', 'subtotal']), v.description('segment + elimination + reconciling reconcile to the consolidated figure; subtotal rows only with includeSubtotals=true')),
    metrics: metricsSchema,
  })),
});

const FxBlock = v.object({
  targetCurrency: v.string(),
  originalCurrencies: v.array(v.string()),
  rates: v.array(v.object({ from: v.string(), method: v.picklist(['spot', 'average']), rate: num, effectiveDate: v.optional(v.string()), start: v.optional(v.string()), end: v.optional(v.string()) })),
  unconverted: v.optional(v.record(v.string(), v.array(v.string()))),
});
export const SubsidiaryFinancialsPeriod = v.object({
  ...periodFields,
  subsidiaries: v.pipe(v.array(v.object({
    ...member,
    currency: v.nullable(v.string()),
    revenue: v.optional(num), operatingIncome: v.optional(num), netIncome: v.optional(num), incomeTax: v.optional(num),
    operatingCashFlow: v.optional(num), assets: v.optional(num), liabilities: v.optional(num), equity: v.optional(num),
    cash: v.optional(num), longTermDebt: v.optional(num),
  })), v.description('One per legal-entity member as filed (parent and eliminations included); never sum them')),
  fx: v.optional(FxBlock),
});

const shareHistoryPoint = {
  period: v.pipe(v.string(), v.isoDate()),
  fiscalYear: v.nullable(v.pipe(v.number(), v.integer())),
  fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
  share: v.pipe(num, v.description('Fraction of 1, never converted')),
  normalized: v.optional(v.literal(true)),
  dateFiled: v.nullable(v.string()),
};
export const ConcentrationResponse = v.object({
  groups: v.array(v.object({
    riskType: v.nullable(v.picklist(['customer', 'supplier', 'geographic', 'product', 'credit', 'reinsurer', 'governmentContracts', 'labor', 'lender', 'other'])),
    benchmark: v.nullable(v.picklist(['revenue', 'receivables', 'payables', 'costOfRevenue', 'assets', 'other'])),
    riskTypeMembers: v.array(v.string()),
    benchmarkMembers: v.array(v.string()),
    counterparties: v.array(v.object({
      ...member,
      history: v.array(v.object({ ...shareHistoryPoint, revenue: v.optional(num), currency: v.optional(v.string()) })),
    })),
    aggregate: v.nullable(v.object({ history: v.array(v.object(shareHistoryPoint)) })),
  })),
  fx: v.optional(FxBlock),
});

const flowHistory = v.array(v.object({
  period: v.pipe(v.string(), v.isoDate()), fiscalYear: v.pipe(v.number(), v.integer()), fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
  value: v.pipe(num, v.description('Flow')), currency: v.nullable(v.string()), dateFiled: v.nullable(v.string()),
}));
export const WorkforceCostResponse = v.object({
  periods: v.array(v.object({
    ...periodFields,
    currency: v.nullable(v.string()),
    laborExpense: v.optional(num), employeeCompensation: v.optional(num), directLabor: v.optional(num), otherLaborExpense: v.optional(num),
    definedContributionPlanCost: v.optional(num), accruedCompensation: v.optional(num), accruedSalaries: v.optional(num),
    accruedBonuses: v.optional(num), accruedVacation: v.optional(num), accruedPayrollTaxes: v.optional(num),
    accruedEmployeeBenefits: v.optional(num), workersCompensationLiability: v.optional(num),
    numberOfEmployees: v.optional(v.pipe(num, v.description('Headcount, sparse'))),
  })),
  perSegment: v.array(v.object({ ...member, role: v.picklist(['segment', 'elimination', 'reconciling']), history: flowHistory })),
  byExpenseCaption: v.array(v.object({ ...member, history: flowHistory })),
  fx: v.optional(FxBlock),
});

export const footnotes2Endpoints = defineEndpoints(
  {
    path: '/api/footnotes/revenue-segmentation',
    group: 'Footnotes',
    summary: 'Revenue segmentation',
    description: 'Revenue by geography (countries with ISO code and continent, US states, regions with continent rollups explained by their countries, filer catch-alls) and by product or service (flat, parent/leaf overlap kept) per period.',
    tiers: [],
    entity: true,
    params: { period: footnotePeriodParam, limit: limitParam, asOf: asOfParam },
    macro: 'footnote_revenue_segmentation',
    args: (input: CallInput) => [...periodArgs(input), asOfArg(input.params)],
    shape: 'array',
    response: RevenueSegmentationPeriod,
  },
  {
    path: '/api/footnotes/business-segmentation',
    group: 'Footnotes',
    summary: 'Business segmentation',
    description: 'Per period, one entry per operating segment, intersegment elimination and reconciling item (corporate, unallocated) with the metrics the filer tagged: revenue, operating income, gross profit, assets, goodwill, D&A, capex, net income. Segments, eliminations and reconciling items sum to the consolidated figure (REPL: business_segment_reconciliation); subtotal rows only on request.',
    tiers: [],
    entity: true,
    params: {
      period: footnotePeriodParam,
      limit: limitParam,
      includeSubtotals: booleanParam('Also serve subtotal rows (the operating-segments total, "total" members); default false', { default: false }),
      asOf: asOfParam,
    },
    macro: 'footnote_business_segmentation',
    args: (input: CallInput) => [...periodArgs(input), (input.params.includeSubtotals as boolean | undefined) ?? false, asOfArg(input.params)],
    shape: 'array',
    response: BusinessSegmentationPeriod,
  },
  {
    path: '/api/footnotes/subsidiary-financials',
    group: 'Footnotes',
    summary: 'Subsidiary financials',
    description: 'Per period, one entry per legal-entity or consolidated-entity member (the registrants of a multi-registrant filing, the parent company, eliminations) with its revenue, operating and net income, tax, operating cash flow, assets, liabilities, equity, cash and long-term debt as filed; nothing summed.',
    tiers: [],
    entity: true,
    params: { currency: footnoteCurrencyParam, period: footnotePeriodParam, limit: limitParam, asOf: asOfParam },
    macro: 'footnote_subsidiary_financials',
    args: seriesArgs,
    shape: 'array',
    omitWhenNull: ['fx'],
    response: SubsidiaryFinancialsPeriod,
  },
  {
    path: '/api/footnotes/concentration',
    group: 'Footnotes',
    summary: 'Concentration risk',
    description: 'Series-major: groups by risk type and benchmark (stable categories, so renamed members continue one series), each with its named counterparties (the filer\'s own member, share history as fractions of 1, revenue when tagged) and the aggregate series of shares tagged without a counterparty.',
    tiers: ['Pro'],
    entity: true,
    params: { currency: footnoteCurrencyParam, limit: limitParam, asOf: asOfParam },
    macro: 'footnote_concentration',
    args: ({ entity, params }: CallInput) => [defined(entity, 'entity').cik, params.limit as number, currencyArg(params), asOfArg(params)],
    shape: 'object',
    omitWhenNull: ['fx'],
    response: ConcentrationResponse,
  },
  {
    path: '/api/footnotes/workforce-cost',
    group: 'Footnotes',
    summary: 'Workforce cost',
    description: 'Labor and related expense, salaries and wages, direct and other labor, defined-contribution cost, compensation accruals, workers\' compensation liability and headcount per period; labor cost per segment (subtotals excluded) and per income-statement caption (sparse until the expense disaggregation rules apply).',
    tiers: ['Pro'],
    entity: true,
    params: { currency: footnoteCurrencyParam, period: footnotePeriodParam, limit: limitParam, asOf: asOfParam },
    macro: 'footnote_workforce_cost',
    args: seriesArgs,
    shape: 'object',
    omitWhenNull: ['fx'],
    response: WorkforceCostResponse,
  },
);
