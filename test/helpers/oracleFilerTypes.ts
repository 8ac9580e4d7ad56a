// Shapes of the oracle suite's synthetic filer: its schedule, true quarterly values and filing basis.

/** How the company's fiscal year ends. */
export type Calendar = 'dec31' | 'jun30' | 'jan31' | 'sat-nearest-sep30' | 'sat-nearest-dec31';

/** True values of one fiscal quarter: flows for the quarter, the quarter's average share count, the closing balance. */
export interface Quarter {
  revenue: number;
  cost: number;
  income: number;
  cfo: number;
  shares: number;
  assets: number;
}

export interface FilerSchedule {
  cik: number;
  calendar: Calendar;
  firstYear: number;
  years: number;
  kind: 'domestic' | 'foreign-semiannual';
  currency: 'USD' | 'EUR';
  /** quarters[yearIndex][quarter - 1] */
  quarters: Quarter[][];
  /** Year-to-date income-statement columns in 10-Qs: in Q2 and Q3 ('all', the default), Q2 only ('h1'), or none. */
  incomeYtd?: 'all' | 'h1' | 'none';
  /** Year index whose Q1 10-Q is never filed. */
  missingQ1?: number | null;
  /** A 10-K/A for that year index adds delta to its Q4 (and so FY) revenue. */
  restate?: { year: number; delta: number } | null;
  /** A stock split right after the 10-K of that year index: later filings multiply share counts by factor. */
  split?: { afterYear: number; factor: number } | null;
}

/** What a filing knows when it is filed. */
export interface Basis {
  restated: boolean;
  splitFactor: number;
}
