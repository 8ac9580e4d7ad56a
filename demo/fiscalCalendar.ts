// Fiscal years and quarters of a synthetic filer: calendar month ends, or 52/53-week years ending on a weekday.
import { defined } from '../engine/query/defined.ts';
import type { DemoCompany } from './DemoCompany.ts';
import { addDays, daysBetween, lastWeekdayOfMonth, monthEnd } from './isoDate.ts';

export interface FiscalPeriod {
  fp: 'Q1' | 'Q2' | 'Q3' | 'Q4';
  start: string;
  end: string;
}

export interface FiscalYear {
  fy: number;
  start: string;
  end: string;
  quarters: [FiscalPeriod, FiscalPeriod, FiscalPeriod, FiscalPeriod];
}

function yearEnd(company: DemoCompany, endYear: number): string {
  const fye = company.fiscalYearEnd;
  return fye.kind === 'month-end' ? monthEnd(endYear, fye.month) : lastWeekdayOfMonth(endYear, fye.month, fye.weekday);
}

export function fiscalYear(company: DemoCompany, fy: number): FiscalYear {
  const endYear = company.fiscalYearNamedBy === 'end' ? fy : fy + 1;
  const end = yearEnd(company, endYear);
  const priorEnd = yearEnd(company, endYear - 1);
  const start = addDays(priorEnd, 1);
  let ends: string[];
  if (company.fiscalYearEnd.kind === 'month-end') {
    const m = company.fiscalYearEnd.month;
    ends = [3, 6, 9].map((k) => monthEnd(endYear - 1 + Math.floor((m + k - 1) / 12), ((m + k - 1) % 12) + 1));
  } else {
    // a 53-week year puts the extra week in the first quarter
    const weeks = daysBetween(priorEnd, end) / 7;
    const q1 = weeks === 53 ? 14 : 13;
    ends = [q1, q1 + 13, q1 + 26].map((w) => addDays(priorEnd, w * 7));
  }
  const bounds = [priorEnd, ...ends, end];
  const quarters = (['Q1', 'Q2', 'Q3', 'Q4'] as const).map((fp, i) => ({ fp, start: addDays(defined(bounds[i], 'bounds[i]'), 1), end: defined(bounds[i + 1], 'bounds[i + 1]') }));
  return { fy, start, end, quarters: quarters as FiscalYear['quarters'] };
}
