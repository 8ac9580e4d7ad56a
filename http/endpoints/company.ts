// Company group: /api/company/details (name, CIK, tickers, exchanges, SIC, fiscal year end, incorporation, addresses,
// former names: what the SEC submissions data gives), answered by the company_details(cik) macro, and
// /api/company/peers (same-industry companies ranked by revenue), answered by company_peers(cik).
import * as v from 'valibot';
import { defineEndpoint } from '../registry.ts';

const text = v.nullable(v.string());
const address = v.nullable(v.object({
  street1: text, street2: text, city: text, stateOrCountry: text, stateOrCountryDescription: text, zipCode: text,
}));

export const CompanyDetails = v.object({
  cik: v.pipe(v.number(), v.integer(), v.description('SEC Central Index Key')),
  name: v.pipe(text, v.description('Conformed registrant name (latest)')),
  tickers: v.pipe(v.array(v.string()), v.description('Ticker symbols, in the order the SEC lists them')),
  exchanges: v.pipe(v.array(v.string()), v.description('Exchange of each ticker, aligned with tickers')),
  securities: v.pipe(v.array(v.object({
    symbol: v.string(), exchange: text, kind: text, cusip: text, compositeFigi: text, shareClassFigi: text,
  })), v.description('Listed securities with whatever identifiers are known for them')),
  entityType: v.pipe(text, v.description('SEC entity type, e.g. operating, other')),
  category: v.pipe(text, v.description('Filer category, e.g. Large accelerated filer')),
  sic: v.pipe(text, v.description('Standard Industrial Classification code')),
  sicDescription: text,
  description: text,
  fiscalYearEnd: v.pipe(text, v.description('Fiscal year end as MMDD, e.g. 0926')),
  stateOfIncorporation: v.pipe(text, v.description('State or country code of incorporation, e.g. DE, CA, E9')),
  stateOfIncorporationDescription: text,
  ein: v.pipe(text, v.description('IRS employer identification number')),
  phone: text,
  website: text,
  addresses: v.object({ business: address, mailing: address }),
  formerNames: v.pipe(v.array(v.object({ name: v.string(), from: text, to: text })), v.description('Earlier names with the dates they were used (YYYY-MM-DD)')),
  asOf: v.pipe(v.string(), v.isoDate(), v.description('Date of the newest source describing the company')),
});

const money = v.nullable(v.number());

export const Peers = v.object({
  revenue: v.pipe(money, v.description("The subject's latest annual revenue, in `currency` (its reporting currency)")),
  currency: v.nullable(v.string()),
  peers: v.pipe(v.array(v.object({
    symbol: v.pipe(v.string(), v.description('First ticker; the CIK when the company has none')),
    name: v.string(),
    exchange: text,
    revenue: money,
    currency: text,
  })), v.description('Up to 6 same-industry companies (SIC, widening 4 -> 3 -> 2 digits only to fill), closest revenue first; non-USD reporters and companies without revenue last; never the subject')),
});

export const companyEndpoints = [defineEndpoint({
  path: '/api/company/details',
  group: 'Company',
  summary: 'Company details',
  description: 'Name, CIK, tickers and exchanges, SIC code and description, fiscal year end, state of incorporation, addresses and former names, from the SEC submissions data (merged across sources; submissions first, newest first).',
  tiers: [],
  entity: true,
  params: {},
  macro: 'company_details',
  args: ({ entity }) => [entity.cik],
  shape: 'object',
  response: CompanyDetails,
  emptyMessage: ({ entity }) => `No company details for cik ${String(entity.cik)}`,
}), defineEndpoint({
  path: '/api/company/peers',
  group: 'Company',
  entityKind: 'stock',
  summary: 'Peers',
  description: 'Up to 6 same-industry companies (SIC code, widened from 4 to 3 to 2 digits only when too few), ranked by closeness of latest annual revenue to the subject\'s; non-USD reporters and companies without revenue come last. Stocks only: ETFs, funds and other non-operating entities get 400.',
  tiers: [],
  entity: true,
  params: {},
  macro: 'company_peers',
  args: ({ entity }) => [entity.cik],
  shape: 'object',
  response: Peers,
  emptyMessage: ({ entity }) => `cik ${String(entity.cik)} is not a stock (an ETF, fund or other non-operating entity, or a company with no SEC description): peers are served for stocks only`,
})];
