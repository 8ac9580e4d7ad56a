// The description of one synthetic filer: who it is, how its fiscal year runs, and the shape of its numbers.

export type FiscalYearEnd =
  /** Calendar month end (December, January ...). */
  | { kind: 'month-end'; month: number }
  /** 52/53-week year ending on the last given weekday of the month (Apple-style: last Saturday of September). */
  | { kind: 'last-weekday'; month: number; weekday: number };

export interface DemoAddress {
  street1: string;
  city: string;
  stateOrCountry: string;
  stateOrCountryDescription: string;
  zipCode: string;
}

export interface DemoCompany {
  cik: number;
  /** Always ends with "(DEMO DATA)" so nobody mistakes it for a real registrant. */
  name: string;
  ticker: string;
  exchange: string;
  sic: string;
  sicDescription: string;
  stateOfIncorporation: string;
  fiscalYearEnd: FiscalYearEnd;
  /** Which calendar year names a fiscal year that straddles two: the year it ends in (default) or begins in. */
  fiscalYearNamedBy: 'end' | 'start';
  /** Domestic filers file 10-Q/10-K under us-gaap; foreign private issuers file a 20-F under ifrs-full. */
  regime: 'us-gaap' | 'ifrs';
  currency: string;
  /** The revenue concept this filer tags (filers differ; views must cope). */
  revenueConcept: string;
  /** Revenue of the first modelled quarter, in currency units. */
  baseQuarterRevenue: number;
  annualGrowth: number;
  grossMargin: number;
  /** Operating expenses as a fraction of revenue (above the gross margin means losses). */
  opexRatio: number;
  taxRate: number;
  sharesOutstanding: number;
  /** Fraction of shares bought back per year. */
  annualBuyback: number;
  /** Multipliers on revenue by fiscal quarter. */
  seasonality: readonly [number, number, number, number];
  /** The original 10-K of this fiscal year overstated fourth-quarter revenue; a 10-K/A restates it. */
  restatement?: { fy: number; revenueOverstatement: number };
  formerNames?: { name: string; from: string; to: string }[];
  address: DemoAddress;
  seed: number;
}

/** Demo and benchmark filers use CIKs from here up; real CIKs are below 2,200,000 (2026), so these never collide. */
export const DEMO_CIK_FIRST = 9_990_001;
export const DEMO_CIK_LAST = 9_999_999;

export function isDemoCik(cik: number): boolean {
  return cik >= DEMO_CIK_FIRST && cik <= DEMO_CIK_LAST;
}
