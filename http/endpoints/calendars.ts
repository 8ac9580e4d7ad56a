// Filing timeline, calendars, offerings and research summary: the filing timeline (recent filings, predicted next
// filings, next earnings date), the earnings and IPO calendars, recent offerings and the research summary, answered by
// sql/80_filings macros (filing_timeline, earnings_calendar, ipo_deals, recent_offerings, research_summary), or their
// _stored twins over the stored filings index while the stored outputs reflect every ingest.
import * as v from 'valibot';
import { defineEndpoint } from '../registry.ts';
import { dateParam, enumParam } from '../params/ParamSpec.ts';

const isoDate = v.pipe(v.string(), v.isoDate());
const confidence = v.pipe(v.picklist(['high', 'medium', 'low']),
  v.description('From the spread (median absolute deviation) of the history the date is based on: earnings high <= 1 day, medium <= 4 days; other forms high <= 3 days, medium <= 10 days'));

export const TimelineFiling = v.object({
  type: v.pipe(v.string(), v.description('SEC form')),
  accessionNumber: v.string(),
  url: v.pipe(v.string(), v.description("The primary document on EDGAR's Archives layout")),
  dateFiled: isoDate,
  xbrl: v.boolean(),
  amendment: v.boolean(),
  periodEndDate: v.optional(v.pipe(isoDate, v.description('Omitted when the filing has no reporting period'))),
  documents: v.optional(v.pipe(v.array(v.string()), v.description('Exhibit and slide filenames in filing order (images only when >= 50 KB); omitted when none'))),
  title: v.optional(v.string()),
  items: v.optional(v.pipe(v.array(v.string()), v.description('8-K item codes (10-K/10-Q sections once the document store has them); omitted when none'))),
  events: v.optional(v.pipe(v.array(v.string()), v.description('8-K event type names; omitted for non-8-K'))),
});

export const FilingTimeline = v.object({
  recent: v.pipe(v.array(TimelineFiling), v.description('The 10 most recent filings, newest first')),
  predicted: v.object({
    nextExpected: v.array(v.object({
      type: v.string(),
      expectedDate: v.pipe(isoDate, v.description('Snapped to a weekday')),
      confidence,
      basedOn: v.pipe(v.string(), v.description('10-Q/10-K: "earnings prediction (<date>)"; other forms: the latest prior filing date the cadence is anchored on')),
    })),
    historicalPattern: v.record(v.string(), v.object({
      typicalMonths: v.array(v.pipe(v.number(), v.integer())),
      avgDaysAfterPeriodEnd: v.pipe(v.number(), v.integer()),
    })),
  }),
  nextEarningsDate: v.pipe(v.nullable(isoDate), v.description('Null when no prior earnings 8-K exists; the earnings calendar returns the same date')),
});

export const EarningsDate = v.object({
  cik: v.pipe(v.number(), v.integer()),
  symbol: v.nullable(v.string()),
  companyName: v.nullable(v.string()),
  date: isoDate,
  status: v.pipe(v.picklist(['confirmed', 'predicted']), v.description('confirmed: an 8-K Item 2.02 earnings release on file; predicted: the next one')),
  confidence: v.optional(confidence),
  basedOn: v.optional(v.pipe(v.string(), v.description('Predicted only: the history the date comes from'))),
  fiscalPeriodEnd: v.nullable(isoDate),
  periodKind: v.nullable(v.picklist(['quarter', 'annual'])),
  daysAfterPeriodEnd: v.nullable(v.pipe(v.number(), v.integer())),
  accessionNumber: v.optional(v.pipe(v.string(), v.description('Confirmed only: the release 8-K'))),
  url: v.optional(v.string()),
});

const IPO_STATUSES = ['upcoming', 'priced', 'filed', 'withdrawn'] as const;

export const IpoDeal = v.object({
  status: v.picklist(IPO_STATUSES),
  companyName: v.nullable(v.string()),
  cik: v.pipe(v.number(), v.integer()),
  registrationForm: v.pipe(v.picklist(['S-1', 'F-1']), v.description('F-1: a foreign issuer')),
  proposedTicker: v.optional(v.pipe(v.string(), v.description('May change; may not resolve on other endpoints; absent when not announced'))),
  exchange: v.optional(v.pipe(v.string(), v.description('Absent when unavailable, notably for filed deals'))),
  priceRangeLow: v.optional(v.number()),
  priceRangeHigh: v.optional(v.number()),
  price: v.optional(v.pipe(v.number(), v.description('Final price, priced deals only'))),
  sharesOffered: v.optional(v.pipe(v.number(), v.integer())),
  dollarValue: v.optional(v.number()),
  filedDate: v.optional(v.pipe(isoDate, v.description('Filed and withdrawn deals: the first registration statement'))),
  expectedPriceDate: v.optional(v.pipe(isoDate, v.description('Upcoming only: the effectiveness date of the registration'))),
  pricedDate: v.optional(v.pipe(isoDate, v.description('Priced only'))),
  withdrawnDate: v.optional(v.pipe(isoDate, v.description('Withdrawn only: the Form RW'))),
});

const num = v.nullable(v.number());

export const Offering = v.object({
  cik: v.pipe(v.number(), v.integer()),
  companyName: v.nullable(v.string()),
  symbol: v.nullable(v.string()),
  form: v.pipe(v.string(), v.description('S-1, F-1, S-3, F-3 (and /A, ASR) or 424B1-424B8')),
  accessionNumber: v.string(),
  dateFiled: isoDate,
  url: v.nullable(v.string()),
  fileNumber: v.pipe(v.nullable(v.string()), v.description('The registration (333-...) the filing belongs to')),
  kind: v.picklist(['registration', 'prospectus']),
  registration: v.pipe(v.object({
    status: v.pipe(v.picklist(['pending', 'effective', 'deregistered', 'withdrawn']), v.description(
      'pending (filed, not effective); effective (EFFECT notice, an automatic shelf, or a 424(b) prospectus filed under it); ' +
      'deregistered (a post-effective amendment removed the unsold securities from registration); withdrawn (Form RW)')),
    effectiveDate: v.nullable(isoDate),
    postEffectiveAmendments: v.pipe(v.number(), v.integer()),
    lastPostEffectiveAmendment: v.nullable(isoDate),
    withdrawnDate: v.nullable(isoDate),
    deregisteredDate: v.pipe(v.nullable(isoDate), v.description('Filing date of the POS AM deregistering the unsold securities')),
  }), v.description('Lifecycle of the registration with the same file number: EFFECT notice, POS AM, deregistration, Form RW')),
  terms: v.pipe(v.nullable(v.object({
    price: v.pipe(num, v.description('Price per share or unit (a final prospectus, or a fixed-price registration)')),
    priceRangeLow: v.pipe(num, v.description('Low end of the price range of a preliminary prospectus')),
    priceRangeHigh: num,
    sharesOffered: v.pipe(num, v.description('Shares (units) offered, before the over-allotment option')),
    overAllotmentShares: v.pipe(num, v.description("Additional shares the underwriters' option covers")),
    grossProceeds: v.pipe(num, v.description('Total of the cover pricing table: price times shares offered')),
    ticker: v.nullable(v.string()),
    exchange: v.nullable(v.string()),
  })), v.description('Terms stated on the prospectus cover (S-1/F-1 and amendments, 424B1/B3/B4); null for other forms or when not read')),
  fees: v.pipe(v.nullable(v.object({
    maxAggregateOfferingPrice: num,
    registrationFee: num,
    netFeeDue: v.pipe(num, v.description('After fees previously paid and offsets')),
    fromAccession: v.pipe(v.string(), v.description('The filing whose fee exhibit this is (an earlier one of the registration when this filing has none)')),
  })), v.description('Filing-fee exhibit (EX-FILING FEES / Exhibit 107) amounts; null when the registration has none on file')),
});

const yoy = v.pipe(num, v.description('Year-over-year change as a decimal (0.07 = +7%), against the magnitude of the prior value'));

export const ResearchSummary = v.object({
  cik: v.pipe(v.number(), v.integer()),
  name: v.nullable(v.string()),
  tickers: v.array(v.string()),
  exchanges: v.array(v.string()),
  sic: v.nullable(v.string()),
  sicDescription: v.nullable(v.string()),
  fiscalYearEnd: v.nullable(v.string()),
  category: v.nullable(v.string()),
  latestAnnual: v.pipe(v.nullable(v.object({
    period: isoDate, fiscalYear: v.number(), currency: v.nullable(v.string()), revenue: num, grossProfit: num, operatingIncome: num,
    netIncome: num, epsDiluted: num, revenueYoY: yoy, netIncomeYoY: yoy, epsDilutedYoY: yoy,
  })), v.description('Latest fiscal year of the income statement, in USD')),
  ttm: v.pipe(v.nullable(v.object({
    period: isoDate, currency: v.nullable(v.string()), revenue: num, netIncome: num, epsDiluted: num, revenueYoY: yoy, netIncomeYoY: yoy, epsDilutedYoY: yoy,
  })), v.description('Trailing twelve months to the latest quarter, against the twelve months a year earlier')),
  scores: v.nullable(v.object({ period: isoDate, piotroskiFScore: num, altmanZScore: num, altmanZone: v.nullable(v.string()) })),
  ownership: v.nullable(v.object({
    reportDate: v.nullable(isoDate), institutionalHolders: v.number(), institutionalShares: v.number(), pctOfSharesOutstanding: num,
    topHolder: v.nullable(v.string()), beneficialOwners: v.number(),
  })),
  insiders12Months: v.nullable(v.object({
    buyCount: v.number(), sellCount: v.number(), buyShares: v.number(), sellShares: v.number(), buyValue: v.number(), sellValue: v.number(),
    netShares: v.number(), uniqueBuyers: v.number(), uniqueSellers: v.number(),
  })),
  nextEarnings: v.nullable(v.object({ date: isoDate, confidence, basedOn: v.string(), lastRelease: isoDate })),
  lastFilings: v.nullable(v.array(v.object({ type: v.string(), dateFiled: isoDate, accessionNumber: v.string(), url: v.string() }))),
});

export const calendarEndpoints = [
  defineEndpoint({
    path: '/api/filings/timeline',
    group: 'Filings',
    summary: 'Filing timeline',
    description: "The company's 10 most recent filings, the filings it is expected to make next (10-Q/10-K anchored on the earnings prediction; other periodic forms filed at least twice on their cadence) with a confidence, the historical pattern of each periodic form, and the next earnings date.",
    tiers: ['Pro'],
    entity: true,
    params: {},
    macro: 'filing_timeline',
    args: ({ entity }) => [entity.cik],
    stored: { macro: 'filing_timeline_stored', args: ({ entity }) => [entity.cik] },
    shape: 'object',
    response: FilingTimeline,
    emptyMessage: () => 'No filings on file for this company',
  }),
  defineEndpoint({
    path: '/api/earnings/calendar',
    group: 'Earnings',
    summary: 'Earnings calendar',
    description: "Earnings release dates: confirmed (the first 8-K Item 2.02 of each fiscal period) and predicted (the next one: the company's median days after the period end for that kind of period, quarterly or annual, on its usual weekday). With an entity: its release history and prediction, newest first (from/to narrow it). Without: every company's dates from `from` to `to` (default the next 30 days), soonest first.",
    tiers: [],
    entity: 'optional',
    params: {
      from: dateParam('Dates on or after this day (default without an entity: today)'),
      to: dateParam('Dates on or before this day (default without an entity: today + 30 days)'),
    },
    macro: 'earnings_calendar',
    args: ({ entity, params }) => [entity?.cik ?? null, params.from ?? null, params.to ?? null],
    stored: { macro: 'earnings_calendar_stored', args: ({ entity, params }) => [entity?.cik ?? null, params.from ?? null, params.to ?? null] },
    shape: 'paginated',
    omitWhenNull: ['confidence', 'basedOn', 'accessionNumber', 'url'],
    response: EarningsDate,
  }),
  defineEndpoint({
    path: '/api/company/ipo-calendar',
    group: 'Filings',
    summary: 'IPO calendar',
    description: "Market-wide IPO deals from registration filings (S-1, and F-1 of foreign issuers, by issuers that filed no periodic report before): filed; upcoming once an EFFECT notice or the issuer's acceleration request letter (CORRESP) sets the pricing date; priced by a 424B4 final prospectus; withdrawn by a Form RW. The stage follows from the documents on file, whatever order they arrived in: a later stage is never undone (an RW after a 424B4 leaves the deal priced). Fields not applicable to the stage are omitted. Newest first.",
    tiers: ['SP'],
    entity: false,
    params: {
      status: enumParam(IPO_STATUSES, 'Deals of this stage only (default: every stage)'),
    },
    macro: 'ipo_deals',
    args: ({ params }) => [params.status ?? null],
    stored: { macro: 'ipo_deals_stored', args: ({ params }) => [params.status ?? null] },
    shape: 'paginated',
    omitWhenNull: ['proposedTicker', 'exchange', 'priceRangeLow', 'priceRangeHigh', 'price', 'sharesOffered', 'dollarValue',
      'filedDate', 'expectedPriceDate', 'pricedDate', 'withdrawnDate'],
    response: IpoDeal,
  }),
  defineEndpoint({
    path: '/api/filings/recent-offerings',
    group: 'Filings',
    summary: 'Recent offerings',
    description: 'Registration statements (S-1, F-1, S-3, F-3 and amendments, automatic shelves) and prospectuses (424B1-424B8), newest first, each with the lifecycle of its registration (effective date, post-effective amendments, withdrawal). With an entity: that company only. With the terms stated on the prospectus cover (price or range, shares, over-allotment option, gross proceeds, listing) and the amounts of the filing-fee exhibit (maximum aggregate offering price, fee, net fee due; carried from an earlier exhibit of the same registration when an amendment has none).',
    tiers: [],
    entity: 'optional',
    params: {
      from: dateParam('Filed on or after this day'),
      to: dateParam('Filed on or before this day'),
    },
    macro: 'recent_offerings',
    args: ({ entity, params }) => [entity?.cik ?? null, params.from ?? null, params.to ?? null],
    stored: { macro: 'recent_offerings_stored', args: ({ entity, params }) => [entity?.cik ?? null, params.from ?? null, params.to ?? null] },
    shape: 'paginated',
    response: Offering,
  }),
  defineEndpoint({
    path: '/api/company/research-summary',
    group: 'Company',
    summary: 'Research summary',
    description: 'One call for an overview of a company: identity, the latest fiscal year and trailing twelve months of the income statement in USD with year-over-year changes, financial health scores, ownership and insider (last 12 months) summaries, the next earnings date and the five newest filings. Each part is null when its data is missing.',
    tiers: [],
    entity: true,
    params: {},
    macro: 'research_summary',
    args: ({ entity }) => [entity.cik],
    stored: { macro: 'research_summary_stored', args: ({ entity }) => [entity.cik] },
    shape: 'object',
    response: ResearchSummary,
    emptyMessage: () => 'No company with this identifier',
  }),
];
