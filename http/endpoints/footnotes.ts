// Footnotes group: /api/footnotes/* from dimensional XBRL, each answered by one footnote_* macro of sql/50_footnotes
// (c, period, lim, currency); the macros return JSON columns already compacted by the omission rule.
import * as v from 'valibot';
import { defineEndpoints, type CallInput } from '../registry.ts';
import { defined } from '../../engine/query/defined.ts';
import { dateParam } from '../params/ParamSpec.ts';
import { limitParam, periodParam } from '../params/common.ts';
import { currencyParam } from '../params/currency.ts';

// The spec's full `currency` parameter; the macros convert with sql/30_fx (footnote_pick -> fx_convert_rows).
const footnoteCurrencyParam = currencyParam;
const footnotePeriodParam = periodParam(['annual', 'quarter'] as const, 'annual: fiscal years; quarter: quarterly series (Q4 holds fiscal-year-end balances)');

const asOfParam = dateParam('Point in time (beyond the spec, for backtests without look-ahead): use only filings accepted on or before this date');
const seriesParams = { currency: footnoteCurrencyParam, period: footnotePeriodParam, limit: limitParam, asOf: asOfParam };

function seriesArgs({ entity, params }: CallInput) {
  return [
    defined(entity, 'entity').cik,
    (params.period as string | undefined) ?? 'annual',
    params.limit as number,
    (params.currency as string | undefined) ?? 'USD',
    (params.asOf as string | undefined) ?? null,
  ];
}

const num = v.number();
const periodFields = {
  period: v.pipe(v.string(), v.isoDate(), v.description('Fiscal period end, YYYY-MM-DD')),
  fiscalYear: v.pipe(v.number(), v.integer()),
  fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
  dateFiled: v.pipe(v.nullable(v.string()), v.description('Acceptance date of the newest filing contributing to the period')),
};
const FxBlock = v.object({
  targetCurrency: v.string(),
  originalCurrencies: v.array(v.string()),
  rates: v.array(v.object({ from: v.string(), method: v.picklist(['spot', 'average']), rate: num, effectiveDate: v.optional(v.string()), start: v.optional(v.string()), end: v.optional(v.string()) })),
  unconverted: v.optional(v.record(v.string(), v.array(v.string()))),
});
// currency is typed nullable: null when the entry mixes currencies or has no monetary value
const money = { currency: v.nullable(v.string()) };

const LeaseSide = v.object({
  ...money,
  normalized: v.optional(v.literal(true)),
  rightOfUseAsset: v.optional(num),
  liabilityCurrent: v.optional(num),
  liabilityNoncurrent: v.optional(num),
  liabilityTotal: v.optional(num),
  discountRate: v.optional(v.pipe(num, v.description('Weighted-average discount rate, fraction of 1'))),
  payments: v.optional(v.object({
    remainderOfYear: v.optional(num), year1: v.optional(num), year2: v.optional(num), year3: v.optional(num),
    year4: v.optional(num), year5: v.optional(num), thereafter: v.optional(num), total: v.optional(num), discountExcess: v.optional(num),
  })),
  cost: v.optional(v.object({
    operating: v.optional(num), variable: v.optional(num), shortTerm: v.optional(num), subleaseIncome: v.optional(num),
    amortization: v.optional(num), interest: v.optional(num),
  })),
  cashPaid: v.optional(num),
  principalPaid: v.optional(num),
  interestPaid: v.optional(num),
});
export const LeasePeriod = v.object({
  ...periodFields,
  operating: v.nullable(LeaseSide),
  finance: v.nullable(LeaseSide),
  leaseNotYetCommenced: v.optional(v.object({ ...money, total: v.optional(num), operating: v.optional(num), finance: v.optional(num) })),
  fx: v.optional(FxBlock),
});

const debtFigures = {
  ...money,
  normalized: v.optional(v.literal(true)),
  faceAmount: v.optional(num),
  carryingAmount: v.optional(num),
  longTermDebt: v.optional(num),
  fairValue: v.optional(num),
  unamortizedDiscount: v.optional(num),
  conversionPrice: v.optional(v.pipe(num, v.description('Per share'))),
  statedRate: v.optional(num),
  effectiveRate: v.optional(num),
  variableSpread: v.optional(num),
  weightedAverageRate: v.optional(num),
  redemptionPrice: v.optional(v.pipe(num, v.description('Fraction of principal, 1.0 = 100%'))),
};
const member = { member: v.pipe(v.string(), v.description('Raw XBRL member QName')), name: v.string() };
export const DebtStructurePeriod = v.object({
  ...periodFields,
  instruments: v.array(v.object({
    ...member,
    debtType: v.nullable(v.string()),
    debtTypeName: v.nullable(v.string()),
    dueYear: v.pipe(v.nullable(v.number()), v.description('From the member name, not a tagged date')),
    ...debtFigures,
  })),
  types: v.array(v.object({ ...member, ...debtFigures })),
  fx: v.optional(FxBlock),
});

const supplierFinanceFigures = {
  ...money,
  obligation: v.optional(v.pipe(num, v.description('Balance'))),
  obligationCurrent: v.optional(v.pipe(num, v.description('Balance'))),
  additions: v.optional(v.pipe(num, v.description('Period flow'))),
  settlements: v.optional(v.pipe(num, v.description('Period flow'))),
};
export const SupplierFinancePeriod = v.object({
  ...periodFields,
  totals: v.nullable(v.object(supplierFinanceFigures)),
  programs: v.array(v.object({ ...member, ...supplierFinanceFigures })),
  fx: v.optional(FxBlock),
});

const sharesAndPrice = v.object({ shares: v.optional(num), waGrantDateFairValue: v.optional(num) });
const awardFigures = {
  ...money,
  normalized: v.optional(v.literal(true)),
  expense: v.optional(num),
  unrecognizedCost: v.optional(num),
  taxWithholdingPaid: v.optional(num),
  rollForward: v.optional(v.object({
    granted: v.optional(sharesAndPrice),
    vested: v.optional(v.object({ shares: v.optional(num), waGrantDateFairValue: v.optional(num), totalFairValue: v.optional(num) })),
    forfeited: v.optional(sharesAndPrice),
    nonvested: v.optional(sharesAndPrice),
    reconciles: v.optional(v.pipe(v.boolean(), v.description('prior nonvested + granted - vested - forfeited = nonvested within 0.5%; present only when every leg is known'))),
  })),
  options: v.optional(v.object({
    outstanding: v.optional(num), waExercisePrice: v.optional(num), exercisable: v.optional(num), granted: v.optional(num),
    waGrantDateFairValue: v.optional(num), waGrantExercisePrice: v.optional(num), exercised: v.optional(num), waExercisedPrice: v.optional(num),
  })),
  plan: v.optional(v.object({ sharesAvailableForGrant: v.optional(num), sharesAuthorized: v.optional(num) })),
  assumptions: v.optional(v.object({ volatility: v.optional(num), riskFreeRate: v.optional(num), dividendYield: v.optional(num) })),
};
export const StockCompensationPeriod = v.object({
  ...periodFields,
  awards: v.array(v.object({ ...member, ...awardFigures })),
  planTotals: v.nullable(v.object(awardFigures)),
  fx: v.optional(FxBlock),
});

export const BuybackPeriod = v.object({
  ...periodFields,
  currency: v.nullable(v.string()),
  cashSpent: v.optional(v.pipe(num, v.description('Cash-flow statement flow'))),
  repurchased: v.optional(v.object({
    style: v.picklist(['retired', 'treasury', 'repurchased']),
    shares: v.optional(num),
    value: v.optional(num),
    avgPricePerShare: v.optional(num),
    avgPriceDerived: v.optional(v.literal(true)),
  })),
  program: v.optional(v.object({
    authorized: v.optional(num), remaining: v.optional(num), authorizedShares: v.optional(num), remainingShares: v.optional(num), consumed: v.optional(num),
  })),
  asr: v.optional(v.object({ initialPricePaid: v.optional(num) })),
  fx: v.optional(FxBlock),
});

const RestructuringSeries = v.object({
  ...member,
  ...money,
  expectedCost: v.optional(v.pipe(num, v.description('Latest filed total expected cost'))),
  costToDate: v.optional(v.pipe(num, v.description('Latest filed cumulative cost'))),
  history: v.array(v.object({
    period: v.pipe(v.string(), v.isoDate()),
    fiscalYear: v.pipe(v.number(), v.integer()),
    fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4']),
    charges: v.optional(v.pipe(num, v.description('Flow'))),
    reserve: v.optional(v.pipe(num, v.description('Balance'))),
    cashPayments: v.optional(v.pipe(num, v.description('Flow'))),
    costIncurred: v.optional(v.pipe(num, v.description('Flow'))),
    currency: v.nullable(v.string()),
    dateFiled: v.nullable(v.string()),
  })),
});
export const RestructuringResponse = v.object({
  programs: v.array(RestructuringSeries),
  costTypes: v.array(RestructuringSeries),
  fx: v.optional(FxBlock),
});

export const footnotesEndpoints = defineEndpoints(
  {
    path: '/api/footnotes/leases',
    group: 'Footnotes',
    summary: 'Leases (ASC 842)',
    description: 'Operating and finance lessee disclosures per period: right-of-use assets, liabilities, discount rates, the undiscounted maturity schedule (remainderOfYear kept apart from year1), costs and cash paid.',
    tiers: [],
    entity: true,
    params: seriesParams,
    macro: 'footnote_leases',
    args: seriesArgs,
    shape: 'array',
    omitWhenNull: ['leaseNotYetCommenced', 'fx'],
    response: LeasePeriod,
  },
  {
    path: '/api/footnotes/debt-structure',
    group: 'Footnotes',
    summary: 'Debt structure',
    description: 'One entry per debt tranche (member of the debt instrument axis) with face, carrying and fair value, rates as fractions and the maturity year its name states; rollups by debt type kept apart (never summed with instruments).',
    tiers: [],
    entity: true,
    params: seriesParams,
    macro: 'footnote_debt_structure',
    args: seriesArgs,
    shape: 'array',
    omitWhenNull: ['fx'],
    response: DebtStructurePeriod,
  },
  {
    path: '/api/footnotes/supplier-finance',
    group: 'Footnotes',
    summary: 'Supplier finance programs',
    description: 'Supplier finance program obligations (balances) and their additions and settlements (period flows): undimensioned totals and one entry per program member; the two overlap and are never summed.',
    tiers: [],
    entity: true,
    params: seriesParams,
    macro: 'footnote_supplier_finance',
    args: seriesArgs,
    shape: 'array',
    omitWhenNull: ['fx'],
    response: SupplierFinancePeriod,
  },
  {
    path: '/api/footnotes/stock-compensation',
    group: 'Footnotes',
    summary: 'Stock compensation',
    description: 'Per award type or plan (dimensioned, sorted by expense) and plan totals (undimensioned; overlaps the awards, never summed): expense, unrecognized cost, the nonvested roll-forward with its reconciliation check, options, plan shares and valuation assumptions as fractions.',
    tiers: [],
    entity: true,
    params: seriesParams,
    macro: 'footnote_stock_compensation',
    args: seriesArgs,
    shape: 'array',
    omitWhenNull: ['fx'],
    response: StockCompensationPeriod,
  },
  {
    path: '/api/footnotes/buybacks',
    group: 'Footnotes',
    summary: 'Share buybacks',
    description: 'Shares and value repurchased per period from one concept family (named in style), cash spent from the cash-flow statement, the average price (filer-tagged, else derived and flagged), program authority and an accelerated share repurchase\'s initial price.',
    tiers: ['Pro'],
    entity: true,
    params: seriesParams,
    macro: 'footnote_buybacks',
    args: seriesArgs,
    shape: 'array',
    omitWhenNull: ['cashSpent', 'repurchased', 'program', 'asr', 'fx'],
    response: BuybackPeriod,
  },
  {
    path: '/api/footnotes/restructuring',
    group: 'Footnotes',
    summary: 'Restructuring',
    description: 'Restructuring programs (active first) and cost types, never summed together: expected cost, cost to date and a history of charges, reserve, cash payments and cost incurred per period.',
    tiers: ['Pro'],
    entity: true,
    params: { currency: footnoteCurrencyParam, limit: limitParam, asOf: asOfParam },
    macro: 'footnote_restructuring',
    args: ({ entity, params }) => [defined(entity, 'entity').cik, params.limit as number, (params.currency as string | undefined) ?? 'USD', (params.asOf as string | undefined) ?? null],
    shape: 'object',
    omitWhenNull: ['fx'],
    response: RestructuringResponse,
  },
);
