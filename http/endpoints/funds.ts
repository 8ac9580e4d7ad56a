// Funds group (N-PORT): quarterly flows and profile of a fund series or share class, and the reverse lookup of the funds
// holding a security, each answered by a sql/71_funds macro. Fund endpoints take a fund in `symbol` (an ETF or mutual
// fund ticker, a share class id C######### or a series id S#########); anything else is a 400.
import * as v from 'valibot';
import { defineEndpoint, type ResolvedEntity } from '../registry.ts';
import { dateParam } from '../params/ParamSpec.ts';
import { limitParam } from '../params/common.ts';

const num = v.nullable(v.number());
const text = v.nullable(v.string());
const date = v.pipe(v.string(), v.isoDate());
const pct = (what: string) => v.pipe(num, v.description(`${what}, percent as filed`));
const usd = (what: string) => v.pipe(num, v.description(`${what}, USD as filed`));

export const FundFlow = v.object({
  reportDate: v.pipe(date, v.description('Month end of the N-PORT report closing the quarter (repPdDate)')),
  returnMon1: pct('Total return of the first month of the quarter (the share class asked; a series: its only class)'),
  returnMon2: pct('Total return of the second month'),
  returnMon3: pct('Total return of the third month'),
  flowSalesMon1: usd('Sales of shares, month 1'), flowSalesMon2: usd('Sales, month 2'), flowSalesMon3: usd('Sales, month 3'),
  flowReinvestMon1: usd('Reinvested distributions, month 1'), flowReinvestMon2: usd('Reinvestments, month 2'),
  flowReinvestMon3: usd('Reinvestments, month 3'),
  flowRedemptionMon1: usd('Redemptions, month 1'), flowRedemptionMon2: usd('Redemptions, month 2'),
  flowRedemptionMon3: usd('Redemptions, month 3'),
  netAssets: usd('Net assets'),
  totalAssets: usd('Total assets'),
});

export const FundProfile = v.object({
  reportDate: v.pipe(date, v.description('Month end of the N-PORT report closing the quarter')),
  seriesId: v.pipe(v.nullable(v.number()), v.description('The series id as a number (S000013795 -> 13795)')),
  seriesName: v.pipe(text, v.description('Null for a registrant with a single series')),
  totalAssets: usd('Total assets'),
  totalLiabilities: usd('Total liabilities'),
  netAssets: usd('Net assets as filed (equal to total assets - total liabilities on a consistent filing; not recomputed)'),
  returnMon1: pct('Monthly total return, month 1'), returnMon2: pct('Month 2'), returnMon3: pct('Month 3'),
  totalSales: usd('Sales of shares over the quarter\'s three months'),
  totalRedemptions: usd('Redemptions over the quarter\'s three months'),
  holdingCount: v.pipe(v.number(), v.integer(), v.description('Holdings (invstOrSec lines) in the report')),
});

export const FundHolder = v.object({
  fundCik: v.pipe(v.number(), v.integer(), v.description('Registrant (trust) CIK')),
  registrantName: text,
  seriesId: text,
  seriesName: text,
  classTickers: v.pipe(v.array(v.string()), v.description('Tickers of the series\' share classes')),
  issuerName: v.pipe(text, v.description('Issuer name as the fund filed it')),
  title: v.pipe(text, v.description('Title of the issue as filed')),
  cusip: text,
  isin: text,
  value: usd('Value of the position (valUSD)'),
  balance: v.pipe(num, v.description('Shares, principal amount or contracts, per units')),
  units: v.pipe(text, v.description('NS shares, PA principal amount, NC contracts, OU other')),
  pctOfNetAssets: pct('Value as a percent of the fund\'s net assets (pctVal)'),
  assetCategory: v.pipe(text, v.description('N-PORT asset category (EC equity common, DBT debt, ABS-MBS, DFE ...)')),
  payoffProfile: v.pipe(text, v.description('Long, Short or N/A')),
  reportDate: v.pipe(date, v.description('Month end of the N-PORT report the position is from')),
  accessionNumber: text,
});

function seriesArgs(entity: ResolvedEntity): [string | null, string | null] {
  return [entity.fund?.series_id ?? null, entity.fund?.class_id ?? null];
}

const asOfParam = dateParam('Point in time: only N-PORT filings filed on or before this date (an amendment filed later is not yet known)');
const quartersParam = { ...limitParam, description: 'Quarters of history, newest first; clamped to the plan\'s depth (default: the plan maximum)' };

export const fundEndpoints = [
  defineEndpoint({
    path: '/api/fund/flows',
    group: 'Funds',
    summary: 'Fund flows (N-PORT)',
    description: 'Per quarter, newest first: the monthly total returns of the share class asked (a series id: its only class, else null), the monthly sales, reinvestments and redemptions of the series, and its net and total assets, all as filed on Form N-PORT (an NPORT-P/A replaces the report it amends). History depth depends on the plan (the `limit` clamp).',
    tiers: ['EP'],
    entity: true,
    entityKind: 'fund',
    params: { limit: quartersParam, asOf: asOfParam },
    macro: 'fund_flows',
    args: ({ entity, params }) => [...seriesArgs(entity), params.limit ?? null, params.asOf ?? null],
    shape: 'array',
    response: FundFlow,
  }),
  defineEndpoint({
    path: '/api/fund/profile',
    group: 'Funds',
    summary: 'Fund profile (N-PORT)',
    description: 'Per quarter, newest first: total assets, liabilities and net assets as filed, the class\'s monthly returns, the quarter\'s sales and redemptions and the number of holdings. netAssets is served as filed; the REPL check nport_net_assets_mismatch(tolerance) lists filings where it differs from total assets - total liabilities.',
    tiers: ['F', 'S', 'EP'],
    entity: true,
    entityKind: 'fund',
    params: { limit: quartersParam, asOf: asOfParam },
    macro: 'fund_profile',
    args: ({ entity, params }) => [...seriesArgs(entity), params.limit ?? null, params.asOf ?? null],
    shape: 'array',
    response: FundProfile,
  }),
  defineEndpoint({
    path: '/api/fund/reverse-lookup',
    group: 'Funds',
    summary: 'Funds holding a security (N-PORT)',
    description: 'The fund series whose latest N-PORT report (or the latest on or before reportDate) holds the security, value descending: symbol, cusip or FIGI name one security; cik every security of the issuer. Holdings filed with an ISIN only are matched through the CUSIP a US or Canadian ISIN embeds. One row per holding line (a fund may hold a security in several lines, e.g. long and short).',
    tiers: [],
    entity: true,
    params: { reportDate: dateParam('Pins each fund to its latest N-PORT report on or before this date; default: its latest report') },
    macro: 'fund_reverse_lookup',
    args: ({ entity, params }) => [entity.cik, entity.ticker, entity.cusip, entity.composite_figi, entity.share_class_figi, params.reportDate ?? null],
    shape: 'paginated',
    maxPageSize: 500,
    response: FundHolder,
  }),
];
