// Shared checks of the exchange-rate parsers: a rate is a finite positive number, a date is a real calendar day.
import { IngestError } from '../IngestError.ts';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDay(s: string): boolean {
  const m = ISO_DAY.exec(s);
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A quoted rate, or null when the source marks the day as missing (empty, `.`, `N/A`); anything else is an error. */
export function rateOf(file: string, where: string, raw: string | undefined): number | null {
  const text = (raw ?? '').trim();
  if (text === '' || text === '.' || text.toUpperCase() === 'N/A' || text.toUpperCase() === 'NA') return null;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new IngestError(file, `${where}: "${text}" is not a positive exchange rate`);
  return n;
}

export function dayOf(file: string, where: string, raw: string | undefined): string {
  const text = (raw ?? '').trim();
  if (!isCalendarDay(text)) throw new IngestError(file, `${where}: "${text}" is not a YYYY-MM-DD date`);
  return text;
}
