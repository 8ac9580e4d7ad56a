// The demo funds (demo/demoFunds.ts) as the fund report generators describe them: extension prefix from the first
// ticker, expense ratios as fractions, and a class inception date derived from the fund's seed (a later class
// launched nine years after the first, so one class reports since-inception returns and the other 10-year ones).
import { DEMO_FUNDS, type DemoFund } from './demoFunds.ts';
import type { FundReportSubject } from './fundReportDocuments.ts';

export function fundReportSubject(fund: DemoFund): FundReportSubject {
  return {
    cik: fund.cik, registrantName: fund.registrantName, seriesId: fund.seriesId, seriesName: fund.seriesName,
    prefix: (fund.classes[0]?.ticker ?? 'fund').toLowerCase(), etf: fund.kind === 'etf',
    classes: fund.classes.map((c, i) => ({
      classId: c.classId, ticker: c.ticker, name: c.className, expenseRatio: c.expenseRatio / 100,
      inception: `${String(2009 + (fund.seed % 5) + 9 * i)}-05-02`,
    })),
  };
}

export const DEMO_FUND_REPORT_SUBJECTS: readonly FundReportSubject[] = Object.freeze(DEMO_FUNDS.map(fundReportSubject));
