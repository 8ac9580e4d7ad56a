// Calendar arithmetic on ISO dates (YYYY-MM-DD) in UTC, so generated dates never depend on the machine's time zone.

export function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function toIso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return toIso(d);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / 86_400_000);
}

/** Last day of a month (month 1..12). */
export function monthEnd(year: number, month: number): string {
  return toIso(new Date(Date.UTC(year, month, 0)));
}

/** The last given weekday (0 = Sunday .. 6 = Saturday) of a month. */
export function lastWeekdayOfMonth(year: number, month: number, weekday: number): string {
  const end = new Date(Date.UTC(year, month, 0));
  end.setUTCDate(end.getUTCDate() - ((end.getUTCDay() - weekday + 7) % 7));
  return toIso(end);
}

/** A weekday on or after the date (filings are not accepted at weekends). */
export function nextBusinessDay(iso: string): string {
  const d = toDate(iso);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return toIso(d);
}
