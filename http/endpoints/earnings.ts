// Earnings group: /api/earnings/eps-history, answered by eps_history(c, period, lim, split_adjust, currency, as_of), and
// /api/earnings/trends, answered by earnings_trends(c, symbol, currency, as_of).
import * as v from 'valibot';
import { defineEndpoints } from '../registry.ts';
import { defined } from '../../engine/query/defined.ts';
import { limitParam, periodParam } from '../params/common.ts';
import { booleanParam } from '../params/ParamSpec.ts';
import { asOfParam, statementCurrencyParam } from './statements.ts';

const num = v.nullable(v.number());

export const EpsHistoryEntry = v.object({
  period: v.pipe(v.string(), v.isoDate(), v.description('Fiscal period end, YYYY-MM-DD')),
  fiscalYear: v.pipe(v.number(), v.integer()),
  fiscalPeriod: v.picklist(['FY', 'Q1', 'Q2', 'Q3', 'Q4', 'TTM']),
  dateFiled: v.nullable(v.string()),
  eps: v.pipe(num, v.description('Basic EPS')),
  epsDiluted: num,
  netIncome: v.pipe(num, v.description('Never split-adjusted')),
  currency: v.pipe(v.nullable(v.string()), v.description('Currency of netIncome (and of EPS)')),
  sharesOutstanding: v.pipe(num, v.description('Basic weighted-average shares')),
  sharesOutstandingDiluted: num,
  epsGrowth: v.pipe(num, v.description('Decimal (0.11 = 11%) versus the previous entry of the series')),
});

const margin = v.object({ latest: num, threeYearAgo: num, direction: v.nullable(v.picklist(['expanding', 'compressing', 'stable'])) });

export const EarningsTrends = v.object({
  symbol: v.nullable(v.string()),
  latestPeriod: v.pipe(v.string(), v.isoDate()),
  margins: v.object({ gross: margin, operating: margin, net: margin }),
  netMarginStdDev: num, netMarginStdDevRecent: num, historicalMaxNetMargin: num,
  cagr: v.object({ revenue3yr: num, revenue5yr: num, netIncome3yr: num, netIncome5yr: num, eps3yr: num, eps5yr: num, freeCashFlow3yr: num }),
  quality: v.object({ fcfToNetIncome: num, interestCoverage: num, debtToOperatingIncome: num, roe: num }),
});

export const earningsEndpoints = defineEndpoints(
{
  path: '/api/earnings/eps-history',
  group: 'Earnings',
  summary: 'EPS history',
  description: 'Basic and diluted EPS, net income and weighted share counts per period, newest first; split-adjusted to the current share basis by default, with splits detected from the filings themselves.',
  tiers: [],
  entity: true,
  params: {
    period: periodParam(['annual', 'quarter', 'ttm'] as const, 'annual: fiscal years; quarter: quarterly series (Q4 reconstructed); ttm: the latest trailing twelve months (a single entry)'),
    limit: limitParam,
    splitAdjust: booleanParam('true (default): EPS, share counts and epsGrowth on the current split-adjusted basis; false: as originally filed', { default: true }),
    currency: statementCurrencyParam,
    asOf: asOfParam,
  },
  macro: 'eps_history',
  args: ({ entity, params }) => [
    defined(entity, 'entity').cik,
    (params.period as string | undefined) ?? 'annual',
    params.limit as number,
    (params.splitAdjust as boolean | undefined) ?? true,
    (params.currency as string | undefined) ?? 'USD',
    (params.asOf as string | undefined) ?? null,
  ],
  shape: 'array',
  response: EpsHistoryEntry,
},
{
  path: '/api/earnings/trends',
  group: 'Earnings',
  summary: 'Earnings trends',
  description: 'Margins and their direction, net-margin volatility, CAGRs (EPS split-adjusted) and quality ratios from up to 12 fiscal years.',
  tiers: [],
  entity: true,
  params: { currency: statementCurrencyParam, asOf: asOfParam },
  macro: 'earnings_trends',
  args: ({ entity, params }) => {
    const { cik, ticker } = defined(entity, 'entity');
    return [cik, ticker, (params.currency as string | undefined) ?? 'USD', (params.asOf as string | undefined) ?? null];
  },
  shape: 'object',
  emptyMessage: () => 'No annual financial filings for this company: earnings trends need at least one annual report',
  response: EarningsTrends,
});
