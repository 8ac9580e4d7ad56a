// The demo funds, shared by every generator of fund documents (N-PORT here; N-CSR shareholder reports and 485BPOS
// prospectuses elsewhere) so that all of them file under the same registrants, series, classes and tickers.
// Two registrants (trusts): an ETF with one class and a mutual fund with two classes. Every name says DEMO DATA.
// Series and class ids use the SEC's shapes (S/C + 9 digits) in a range no real fund has been given (9990xxxxx).
import { DEMO_CIK_FIRST, DEMO_CIK_LAST } from './DemoCompany.ts';

/** Fund registrants take CIKs from here: inside the demo range, clear of filers, insiders (9_995_001) and managers. */
export const DEMO_FUND_CIK = 9_997_001;

export interface DemoFundClass {
  classId: string;
  className: string;
  ticker: string;
  /** Annual expense ratio, percent: generators of fee tables and shareholder reports use it, N-PORT ignores it. */
  expenseRatio: number;
}

export interface DemoFund {
  /** Registrant (trust) CIK. */
  cik: number;
  registrantName: string;
  /** 811- Investment Company Act file number. */
  fileNumber: string;
  lei: string;
  seriesId: string;
  seriesName: string;
  seriesLei: string;
  kind: 'etf' | 'mutual-fund';
  /** Net assets at the first demo report, USD; later reports grow from it. */
  baseNetAssets: number;
  classes: readonly DemoFundClass[];
  seed: number;
}

export const DEMO_FUNDS: readonly DemoFund[] = Object.freeze([
  {
    cik: DEMO_FUND_CIK, registrantName: 'Demo Index Shares Trust (DEMO DATA)', fileNumber: '811-99001',
    lei: '5493009DEMO0FUND0001', seriesId: 'S999000001', seriesName: 'Demo Total Market ETF (DEMO DATA)',
    seriesLei: '5493009DEMO0SERIES01', kind: 'etf', baseNetAssets: 2.5e9,
    classes: [{ classId: 'C999000001', className: 'Demo Total Market ETF', ticker: 'DEMX', expenseRatio: 0.09 }],
    seed: 701,
  },
  {
    cik: DEMO_FUND_CIK + 1, registrantName: 'Demo Mutual Funds Trust (DEMO DATA)', fileNumber: '811-99002',
    lei: '5493009DEMO0FUND0002', seriesId: 'S999000002', seriesName: 'Demo Balanced Growth Fund (DEMO DATA)',
    seriesLei: '5493009DEMO0SERIES02', kind: 'mutual-fund', baseNetAssets: 8.4e8,
    classes: [
      { classId: 'C999000002', className: 'Investor Class', ticker: 'DEMFX', expenseRatio: 0.85 },
      { classId: 'C999000003', className: 'Institutional Class', ticker: 'DEMIX', expenseRatio: 0.55 },
    ],
    seed: 702,
  },
] satisfies DemoFund[]);

for (const f of DEMO_FUNDS) {
  if (f.cik < DEMO_CIK_FIRST || f.cik > DEMO_CIK_LAST) throw new Error(`demo fund ${f.seriesId}: cik ${String(f.cik)} outside the demo range`);
}
