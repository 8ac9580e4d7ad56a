// Period of an FS/FSN num row. The SEC rounds `ddate` to the nearest month end and `qtrs` to whole quarters
// (readme: "The end date for the data value, rounded to the nearest month end"; "0 indicates it is a point-in-time
// value"). The exact dates are not in the data set, so the warehouse keeps the rounded end as is (uniformly, so facts
// of different FS filings line up with each other) and derives the start as the first day of the month `3 * qtrs`
// months before the end month: exact for calendar-month periods, approximate (by a few days) for 52/53-week years.
// Reconciling with exact sources (companyfacts, XBRL instances): round their period_end to the nearest month end and
// their duration to whole quarters, then compare; e.g. Apple FY2024 ends 2024-09-28 in companyfacts, 20240930 here.
import { IngestError } from '../IngestError.ts';

export interface FsPeriod {
  periodStart: string | null;
  periodEnd: string;
}

export function fsPeriod(ddate: string, qtrs: string, file: string, line: number): FsPeriod {
  if (!/^\d{8}$/.test(ddate)) throw new IngestError(file, `line ${String(line)}: ddate ${JSON.stringify(ddate)} is not YYYYMMDD`);
  const y = Number(ddate.slice(0, 4));
  const m = Number(ddate.slice(4, 6));
  const d = Number(ddate.slice(6, 8));
  const end = new Date(Date.UTC(y, m - 1, d));
  if (end.getUTCFullYear() !== y || end.getUTCMonth() !== m - 1 || end.getUTCDate() !== d) {
    throw new IngestError(file, `line ${String(line)}: ddate ${ddate} is not a calendar date`);
  }
  const q = qtrs.trim() === '' ? NaN : Number(qtrs);
  if (!Number.isInteger(q) || q < 0 || q > 400) throw new IngestError(file, `line ${String(line)}: qtrs ${JSON.stringify(qtrs)} is not a whole number of quarters`);
  const periodEnd = `${ddate.slice(0, 4)}-${ddate.slice(4, 6)}-${ddate.slice(6, 8)}`;
  if (q === 0) return { periodStart: null, periodEnd };
  const isMonthEnd = new Date(Date.UTC(y, m - 1, d + 1)).getUTCDate() === 1;
  // month-end: the period starts on the 1st of the month 3q-1 months before the end month;
  // otherwise (not seen in SEC data) step back 3q months from the end and add a day
  const start = isMonthEnd ? new Date(Date.UTC(y, m - 3 * q, 1)) : new Date(Date.UTC(y, m - 1 - 3 * q, d + 1));
  return { periodStart: start.toISOString().slice(0, 10), periodEnd };
}

/** `YYYYMMDD` -> `YYYY-MM-DD`, or null when the field is empty or malformed. */
export function fsDate(v: string | undefined): string | null {
  return v && /^\d{8}$/.test(v) ? `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}` : null;
}
