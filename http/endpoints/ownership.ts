// Insider Transactions and Ownership groups: Forms 3/4/5 trades, the insider trading summary, 13F institutional holders,
// 13D/13G beneficial owners and an ownership summary, each answered by a sql/60_ownership macro.
import * as v from 'valibot';
import { defineEndpoint, type ResolvedEntity } from '../registry.ts';
import { dateParam, integerParam, required } from '../params/ParamSpec.ts';
import { CIK_MAX } from '../params/entityParams.ts';

const num = v.nullable(v.number());
const text = v.nullable(v.string());
const date = v.nullable(v.pipe(v.string(), v.isoDate()));

export const InsiderTransaction = v.object({
  ownerName: v.string(),
  ownerCik: v.nullable(v.pipe(v.number(), v.integer())),
  isDirector: v.boolean(),
  isOfficer: v.boolean(),
  isTenPercentOwner: v.boolean(),
  officerTitle: text,
  documentType: v.pipe(text, v.description('4, 4/A, 5 or 5/A')),
  securityTitle: text,
  transactionDate: date,
  transactionCode: v.pipe(text, v.description('P purchase, S sale, A award, M exercise, G gift, F tax withholding, ... (SEC codes)')),
  shares: num,
  pricePerShare: num,
  acquiredDisposed: v.pipe(text, v.description('A acquired, D disposed')),
  sharesAfter: num,
  directIndirect: v.pipe(text, v.description('D direct, I indirect')),
  isDerivative: v.boolean(),
  exercisePrice: num,
  exerciseDate: date,
  expirationDate: date,
  underlyingSecurity: text,
  underlyingShares: num,
  accessionNumber: text,
  filingUrl: text,
  transactionValue: v.pipe(num, v.description('shares x price per share')),
  filingDate: date,
});

const SummaryWindow = v.object({
  buyCount: v.number(), sellCount: v.number(), buyShares: v.number(), sellShares: v.number(), buyValue: v.number(),
  sellValue: v.number(), netShares: v.number(), uniqueBuyers: v.number(), uniqueSellers: v.number(),
});
export const InsiderSummary = v.object({ '3months': SummaryWindow, '6months': SummaryWindow, '12months': SummaryWindow });

export const InstitutionalHolder = v.object({
  managerName: text,
  managerCik: v.pipe(v.number(), v.integer()),
  value: v.pipe(v.number(), v.description('USD (13F values filed in thousands before 2023 are converted)')),
  shares: v.number(),
  shareType: v.pipe(v.string(), v.description('SH shares, PRN principal amount')),
  investmentDiscretion: v.pipe(text, v.description('SOLE, SHARED or DEFINED')),
  putCall: v.pipe(text, v.description('PUT, CALL, or null for direct holdings')),
  soleVoting: v.number(),
  sharedVoting: v.number(),
  noneVoting: v.number(),
  reportDate: v.pipe(v.string(), v.isoDate(), v.description('Quarter end actually returned')),
  prevShares: v.pipe(num, v.description('Null when the position is new this quarter')),
  prevValue: num,
  pctOfShares: v.optional(v.pipe(v.number(), v.description("Percent of the issuer's shares outstanding; omitted when no issuer figure exists (e.g. funds)"))),
  prevPctOfShares: v.optional(v.pipe(v.number(), v.description('Omitted when there is no prior position or no shares-outstanding figure'))),
  accessionNumber: text,
  cusip: v.string(),
  symbol: text,
});

export const BeneficialOwner = v.object({
  reportingPersonName: v.string(),
  reportingPersonCik: v.nullable(v.number()),
  activist: v.pipe(v.boolean(), v.description('Filed on Schedule 13D')),
  amendment: v.boolean(),
  percentOfClass: num,
  aggregateAmountOwned: num,
  soleVotingPower: num,
  sharedVotingPower: num,
  soleDispositivePower: num,
  sharedDispositivePower: num,
  typeOfReportingPerson: text,
  securityClassTitle: text,
  reportDate: date,
  accessionNumber: text,
  filingUrl: text,
  filingType: v.pipe(text, v.description('13D, 13D/A, 13G, 13G/A')),
  prevPercentOfClass: num,
  purposeOfTransaction: text,
  intent: v.pipe(text, v.description('active: a 13D whose Item 4 seeks change (board, proxy, mergers...) or states no purpose; strategic: 13G or investment-only 13D')),
  isInsider: v.boolean(),
  insiderTitle: text,
});

export const OwnershipSummary = v.object({
  cik: v.nullable(v.number()),
  symbol: text,
  reportDate: date,
  institutional: v.object({
    holders: v.number(), prevHolders: v.number(), holdersChange: v.number(), newPositions: v.number(), closedPositions: v.number(),
    increasedPositions: v.number(), decreasedPositions: v.number(), shares: v.number(), prevShares: v.number(), value: v.number(),
    prevValue: v.number(), pctOfSharesOutstanding: num, prevPctOfSharesOutstanding: num,
  }),
  topHolders: v.array(v.object({ managerName: text, managerCik: v.number(), cusip: v.string(), shares: v.number(), value: v.number(), pctOfShares: num, changeShares: v.number() })),
  beneficialOwners: v.array(v.object({ reportingPersonName: v.string(), reportingPersonCik: num, percentOfClass: num, aggregateAmountOwned: num, activist: v.boolean(), intent: text, reportDate: date })),
  insiders: v.nullable(v.object({
    windowMonths: v.number(), buyCount: v.number(), sellCount: v.number(), buyShares: v.number(), sellShares: v.number(), netShares: v.number(),
    buyValue: v.number(), sellValue: v.number(), netValue: v.number(), uniqueBuyers: v.number(), uniqueSellers: v.number(),
  })),
});

/** The resolved identifiers in the order the ownership macros take them; a cik alone means the issuer's every security. */
function identifiers({ entity }: { entity: ResolvedEntity }) {
  return [entity.cik, entity.ticker, entity.cusip, entity.composite_figi, entity.share_class_figi];
}

const reportDateParam = dateParam('Pins to the most recent 13F quarter end on or before this date; default: the latest quarter with any filings');

export const ownershipEndpoints = [
  defineEndpoint({
    path: '/api/insider-transactions',
    group: 'Insider Transactions',
    summary: 'Insider transactions',
    description: 'Forms 4/5 trades of the issuer, newest first; each physical trade once (co-owners and repeated filings merged, officer > director > 10% owner), Form 5 rows dropped when a Form 4 reports the trade, trades priced at 100000 or more excluded.',
    tiers: ['SP'],
    entity: true,
    params: {},
    macro: 'insider_transactions',
    args: ({ entity }) => [entity.cik],
    shape: 'paginated',
    response: InsiderTransaction,
  }),
  defineEndpoint({
    path: '/api/insider-transactions/by-insider',
    group: 'Insider Transactions',
    summary: 'Insider transactions of one person',
    description: "The issuer's trades in which the reporting owner took part (also as a co-owner of a merged duplicate), newest first.",
    tiers: ['SP'],
    entity: true,
    params: {
      // binds to an INTEGER column: the range is INTEGER's, so no accepted value can fail the cast
      ownerCik: required(integerParam(1, CIK_MAX, 'CIK of the reporting owner', { example: 1402349 })),
      startDate: dateParam('Transactions on or after this date'),
      endDate: dateParam('Transactions on or before this date'),
    },
    macro: 'insider_transactions_by_insider',
    args: ({ entity, params }) => [entity.cik, params.ownerCik, params.startDate ?? null, params.endDate ?? null],
    shape: 'paginated',
    response: InsiderTransaction,
  }),
  defineEndpoint({
    path: '/api/insider-transactions/summary',
    group: 'Insider Transactions',
    summary: 'Insider trading summary',
    description: 'Open-market purchases (P) and sales (S) by officers and directors over the last 3, 6 and 12 months, deduplicated as in /api/insider-transactions.',
    tiers: ['SP'],
    entity: true,
    params: {},
    macro: 'insider_summary',
    args: ({ entity }) => [entity.cik, null],
    shape: 'object',
    response: InsiderSummary,
  }),
  defineEndpoint({
    path: '/api/ownership/institutional-holders',
    group: 'Ownership',
    summary: 'Institutional holders (13F)',
    description: 'Holders by manager and CUSIP for one 13F quarter, paired with the prior quarter, value descending. symbol, cusip or FIGI: that security only; cik: every security of the issuer.',
    tiers: [],
    entity: true,
    params: { reportDate: reportDateParam },
    macro: 'institutional_holders',
    args: (input) => [...identifiers(input), input.params.reportDate ?? null],
    shape: 'paginated',
    omitWhenNull: ['pctOfShares', 'prevPctOfShares'],
    maxPageSize: 500,
    response: InstitutionalHolder,
  }),
  defineEndpoint({
    path: '/api/ownership/beneficial-owners',
    group: 'Ownership',
    summary: 'Beneficial owners (13D/13G)',
    description: 'The most recent Schedule 13D/13G report of each owner, percent of class descending.',
    tiers: [],
    entity: true,
    params: {},
    macro: 'beneficial_owners',
    args: (input) => identifiers(input),
    shape: 'array',
    response: BeneficialOwner,
  }),
  defineEndpoint({
    path: '/api/ownership/summary',
    group: 'Ownership',
    summary: 'Ownership summary',
    description: "Institutional ownership for a 13F quarter (holders, their change against the prior quarter, share of shares outstanding, top ten holders), the five largest 13D/13G owners, and insiders' open-market buying and selling over 12 months.",
    tiers: [],
    entity: true,
    params: { reportDate: reportDateParam },
    macro: 'ownership_summary',
    args: (input) => [...identifiers(input), input.params.reportDate ?? null],
    shape: 'object',
    response: OwnershipSummary,
  }),
];
