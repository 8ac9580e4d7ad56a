// Fund performance and fee groups: the tailored shareholder report (N-CSR / N-CSRS) and the prospectus fee table (N-1A
// risk/return summary) of each share class, answered by sql/72_fund_reports macros. The symbol must name a fund (a
// class ticker, class id or series id): entityKind 'fund' answers 400 for anything else (behaviour note 2).
import * as v from 'valibot';
import { defineEndpoint, type ResolvedEntity } from '../registry.ts';
import { dateParam } from '../params/ParamSpec.ts';

const num = v.nullable(v.number());
const pct = (what: string) => v.pipe(num, v.description(`${what}, percent (XBRL fractions x 100)`));

export const FundPerformance = v.object({
  periodEndDate: v.pipe(v.string(), v.isoDate()),
  formType: v.pipe(v.string(), v.description('N-CSR (annual) or N-CSRS (semiannual)')),
  filedDate: v.pipe(v.string(), v.isoDate()),
  symbol: v.pipe(v.nullable(v.string()), v.description('Share class ticker')),
  shareClassName: v.nullable(v.string()),
  expenseRatio: pct('Expense ratio for the period'),
  expensesPaid: v.pipe(num, v.description('USD per $1,000 invested: the report states the cost of a $10,000 investment, divided here by 10')),
  advisoryFeesPaid: v.pipe(num, v.description('USD, the fund (series) figure unless the class states its own')),
  netAssets: v.pipe(num, v.description('USD at period end, the fund (series) figure unless the class states its own')),
  return1yr: pct('Average annual total return, 1 year'),
  return5yr: pct('Average annual total return, 5 years'),
  return10yr: pct('Average annual total return, 10 years'),
  returnSinceInception: pct('Average annual total return since inception'),
  inceptionDate: v.nullable(v.pipe(v.string(), v.isoDate())),
  portfolioTurnoverRate: pct('Portfolio turnover'),
  holdingsCount: v.nullable(v.pipe(v.number(), v.integer())),
});

export const FundFee = v.object({
  filedDate: v.pipe(v.string(), v.isoDate(), v.description('Filing date; for a document ingested without its EDGAR header, its period end date')),
  accessionNumber: v.string(),
  symbol: v.pipe(v.nullable(v.string()), v.description('Share class ticker')),
  managementFee: pct('Management fee'),
  distribution12b1Fee: pct('Distribution and service (12b-1) fees'),
  otherExpenses: pct('Other expenses'),
  acquiredFundFees: pct('Acquired fund fees and expenses'),
  totalExpenseRatio: pct('Total annual fund operating expenses, gross'),
  feeWaiver: pct('Fee waiver or expense reimbursement, sign as filed (negative: a reduction)'),
  netExpenseRatio: pct('Total annual fund operating expenses after waivers; the gross total when the filer states no waiver'),
  maxSalesChargePurchase: pct('Maximum sales charge (load) imposed on purchases, of the offering price'),
  maxDeferredSalesCharge: pct('Maximum deferred sales charge (load)'),
  redemptionFee: pct('Redemption fee, of the amount redeemed'),
});

const asOfParam = dateParam('Point in time (beyond the spec, for backtests without look-ahead): use only filings dated on or before this date');

/** The macros' fund filter: registrant, then the series and class the symbol resolved to. */
function fundArgs(entity: ResolvedEntity, asOf: string | undefined) {
  const fund = entity.fund;
  return [entity.cik, fund?.series_id ?? null, fund?.class_id ?? null, fund?.ticker ?? null, asOf ?? null];
}

export const fundReportEndpoints = [
  defineEndpoint({
    path: '/api/fund/performance',
    group: 'Funds',
    summary: 'Fund performance (N-CSR)',
    description: 'Per share class and tailored shareholder report (N-CSR / N-CSRS inline XBRL, OEF taxonomy), most recent period first: expense ratio, expenses paid per $1,000 invested (the report\'s $10,000 figure / 10), advisory fees, net assets, average annual returns (1, 5, 10 years, since inception; told apart by the period member they are tagged with, e.g. OneYear, Past5Years, LifeOfFund, else by the length of their period), inception date, turnover and holdings count. A ticker or class id gives that class; a series id every class of the series.',
    tiers: [],
    entity: true,
    entityKind: 'fund',
    params: { asOf: asOfParam },
    macro: 'fund_performance',
    args: ({ entity, params }) => fundArgs(entity, params.asOf),
    shape: 'paginated',
    response: FundPerformance,
  }),
  defineEndpoint({
    path: '/api/fund/fees',
    group: 'Funds',
    summary: 'Fund fees (N-1A)',
    description: 'Per share class and prospectus, most recent filing first: the risk/return summary fee table (rr taxonomy and its oef successor) in percent; XBRL states rates as fractions, served here x 100. A ticker or class id gives that class; a series id every class of the series.',
    tiers: ['EP'],
    entity: true,
    entityKind: 'fund',
    params: { asOf: asOfParam },
    macro: 'fund_fees',
    args: ({ entity, params }) => fundArgs(entity, params.asOf),
    shape: 'paginated',
    response: FundFee,
  }),
];
