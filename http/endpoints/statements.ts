// Standardized statements: /api/financials/income-statement, /balance-sheet and /cash-flow, answered by the SQL macros
// income_statement, balance_sheet and cash_flow (c, period, lim, currency, as_of) over the period engine.
import * as v from 'valibot';
import { defineEndpoints, type CallInput } from '../registry.ts';
import { defined } from '../../engine/query/defined.ts';
import { limitParam, periodParam } from '../params/common.ts';
import { dateParam } from '../params/ParamSpec.ts';
import { currencyParam } from '../params/currency.ts';

const amount = v.nullable(v.number());

/** The spec's full `currency` parameter (original, USD or an ISO 4217 code; 400 naming the allowed form otherwise). */
export const statementCurrencyParam = currencyParam;

export const asOfParam = dateParam('Point in time (beyond the spec, for backtests without look-ahead): use only filings accepted on or before this date');

export const FxBlock = v.nullable(v.object({
  targetCurrency: v.string(),
  originalCurrencies: v.array(v.string()),
  rates: v.array(v.object({ from: v.string(), method: v.picklist(['spot', 'average']), rate: v.number() })),
  unconverted: v.optional(v.record(v.string(), v.array(v.string()))),
}));

function statementEntry(lines: readonly string[]) {
  return v.object({
    period: v.pipe(v.string(), v.isoDate(), v.description('Fiscal period end, YYYY-MM-DD')),
    fiscalYear: v.pipe(v.number(), v.integer()),
    fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'TTM']),
    dateFiled: v.nullable(v.string()),
    currency: v.pipe(v.nullable(v.string()), v.description('Currency of the monetary lines; null when they remain in several')),
    ...Object.fromEntries(lines.map((l) => [l, amount])),
    concepts: v.pipe(v.record(v.string(), v.string()), v.description('Line -> the XBRL concept it was read from, or the derivation (e.g. "operatingCashFlow - capitalExpenditure")')),
    fx: v.pipe(FxBlock, v.description('Absent when every monetary line is in the target currency')),
  });
}

const INCOME_LINES = ['revenue', 'costOfRevenue', 'grossProfit', 'researchAndDevelopment', 'sellingGeneralAdministrative', 'operatingExpenses',
  'operatingIncome', 'interestExpense', 'pretaxIncome', 'incomeTax', 'netIncome', 'netIncomeToCommon', 'epsBasic', 'epsDiluted', 'sharesBasic',
  'sharesDiluted', 'depreciationAmortization', 'ebitda'] as const;
const BALANCE_LINES = ['cashAndEquivalents', 'shortTermInvestments', 'receivables', 'inventory', 'currentAssets', 'propertyPlantEquipment',
  'goodwill', 'intangibles', 'totalAssets', 'accountsPayable', 'shortTermDebt', 'longTermDebt', 'currentLiabilities', 'totalLiabilities',
  'temporaryEquity', 'retainedEarnings', 'stockholdersEquity', 'noncontrollingInterest', 'totalEquity', 'liabilitiesAndEquity'] as const;
const CASH_FLOW_LINES = ['netIncome', 'depreciationAmortization', 'stockBasedCompensation', 'operatingCashFlow', 'capitalExpenditure',
  'investingCashFlow', 'dividendsPaid', 'shareRepurchases', 'financingCashFlow', 'freeCashFlow'] as const;

/** The statement macros' arguments: (cik, period, lim, currency, as_of). */
export const statementArgs = ({ entity, params }: CallInput) => [
  defined(entity, 'entity').cik,
  (params.period as string | undefined) ?? 'annual',
  params.limit as number,
  (params.currency as string | undefined) ?? 'USD',
  (params.asOf as string | undefined) ?? null,
];

const flowPeriod = periodParam(['annual', 'quarter', 'ttm'] as const,
  'annual: fiscal years; quarter: quarterly series (Q4, and Q2/Q3 of cash flows, reconstructed from year-to-date spans where not filed); ttm: trailing twelve months');

export const statementEndpoints = defineEndpoints(
  {
    path: '/api/financials/income-statement',
    group: 'Financials',
    summary: 'Income statement (standardized)',
    description: 'Standardized income-statement lines per fiscal period, newest first; `concepts` names the XBRL concept or derivation behind every line.',
    tiers: [],
    entity: true,
    params: { period: flowPeriod, limit: limitParam, currency: statementCurrencyParam, asOf: asOfParam },
    macro: 'income_statement',
    args: statementArgs,
    shape: 'array',
    omitWhenNull: ['fx'],
    response: statementEntry(INCOME_LINES),
  },
  {
    path: '/api/financials/balance-sheet',
    group: 'Financials',
    summary: 'Balance sheet (standardized)',
    description: 'Standardized balance-sheet lines per period end, newest first; quarterly series hold period-end balances (Q4 = fiscal-year end).',
    tiers: [],
    entity: true,
    params: {
      period: periodParam(['annual', 'quarter'] as const, 'annual: fiscal-year ends; quarter: every quarter end (no ttm: a balance has no trailing sum)'),
      limit: limitParam, currency: statementCurrencyParam, asOf: asOfParam,
    },
    macro: 'balance_sheet',
    args: statementArgs,
    shape: 'array',
    omitWhenNull: ['fx'],
    response: statementEntry(BALANCE_LINES),
  },
  {
    path: '/api/financials/cash-flow',
    group: 'Financials',
    summary: 'Cash-flow statement (standardized)',
    description: 'Standardized cash-flow lines per fiscal period, newest first, with free cash flow = operating cash flow - capital expenditure.',
    tiers: [],
    entity: true,
    params: { period: flowPeriod, limit: limitParam, currency: statementCurrencyParam, asOf: asOfParam },
    macro: 'cash_flow',
    args: statementArgs,
    shape: 'array',
    omitWhenNull: ['fx'],
    response: statementEntry(CASH_FLOW_LINES),
  },
);

const ratio = v.nullable(v.number());

export const GrowthEntry = v.object({
  period: v.pipe(v.string(), v.isoDate()),
  fiscalYear: v.pipe(v.number(), v.integer()),
  fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'TTM']),
  dateFiled: v.nullable(v.string()),
  revenueGrowth: ratio, grossProfitGrowth: ratio, operatingIncomeGrowth: ratio, netIncomeGrowth: ratio,
  epsGrowth: v.pipe(ratio, v.description('Always split-adjusted')),
  ebitdaGrowth: ratio, freeCashFlowGrowth: ratio, totalAssetsGrowth: ratio, stockholdersEquityGrowth: ratio, operatingCashFlowGrowth: ratio,
});

export const HealthScores = v.object({
  period: v.pipe(v.string(), v.isoDate()),
  fiscalYear: v.pipe(v.number(), v.integer()),
  fiscalPeriod: v.literal('FY'),
  dateFiled: v.nullable(v.string()),
  piotroskiFScore: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9)),
  piotroskiDetails: v.object({
    positiveNetIncome: v.boolean(), positiveOperatingCashFlow: v.boolean(), risingRoa: v.boolean(), cashFlowExceedsNetIncome: v.boolean(),
    decliningLeverage: v.boolean(), risingCurrentRatio: v.boolean(), noShareDilution: v.boolean(), risingGrossMargin: v.boolean(),
    risingAssetTurnover: v.boolean(),
  }),
  altmanZScore: v.nullable(v.number()),
  altmanZone: v.nullable(v.picklist(['safe', 'grey', 'distress'])),
  altmanMissing: v.pipe(v.optional(v.array(v.string())), v.description('Present only when altmanZScore is null: the standard lines not filed')),
});

export const financialHealthEndpoints = defineEndpoints(
  {
    path: '/api/financials/growth',
    group: 'Financials',
    summary: 'Growth rates',
    description: 'Period-over-period growth of the standardized lines, (current - previous) / |previous| against the previous entry of the series, newest first.',
    tiers: ['S', 'SP'],
    entity: true,
    params: {
      period: periodParam(['annual', 'quarter', 'ttm'] as const, 'annual (default): year over year; quarter: quarter over quarter; ttm: trailing twelve months against the previous quarter end\'s'),
      limit: limitParam, currency: statementCurrencyParam, asOf: asOfParam,
    },
    macro: 'growth',
    args: statementArgs,
    shape: 'array',
    response: GrowthEntry,
  },
  {
    path: '/api/financials/scores',
    group: 'Financials',
    summary: 'Financial health scores',
    description: 'Piotroski F-score with its nine criteria and Altman Z with its zone, from the most recent annual filing and the year before.',
    tiers: ['S', 'SP'],
    entity: true,
    entityKind: 'stock',
    params: { asOf: asOfParam },
    macro: 'scores',
    args: ({ entity, params }) => [defined(entity, 'entity').cik, (params.asOf as string | undefined) ?? null],
    shape: 'object',
    omitWhenNull: ['altmanMissing'],
    emptyMessage: () => 'No annual financial filings for this company: financial health scores need at least one annual report',
    response: HealthScores,
  },
);
