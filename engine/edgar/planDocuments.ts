// Which filing documents to fetch for a company: XBRL filings of the chosen forms filed on or after a date.
import type { FilingRef } from './filingList.ts';

/** Periodic reports whose XBRL carries the financial statements (amendments and transition reports included). */
export const DEFAULT_FORMS: readonly string[] = ['10-K', '10-Q', '20-F', '40-F', '10-KT', '10-QT'].flatMap((f) => [f, `${f}/A`]);

/** Default lookback: companyfacts already holds every year's undimensioned facts; instances add dimensions. */
export const DEFAULT_LOOKBACK_YEARS = 5;

export function defaultSince(today: Date = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - DEFAULT_LOOKBACK_YEARS, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

export interface DocumentPlan {
  forms: readonly string[];
  /** YYYY-MM-DD, inclusive. */
  since: string;
}

export function planDocuments(filings: readonly FilingRef[], plan: DocumentPlan): FilingRef[] {
  const forms = new Set(plan.forms.map((f) => f.toUpperCase()));
  const seen = new Set<string>();
  return filings
    .filter((f) => f.isXbrl && forms.has(f.form.toUpperCase()) && f.filingDate >= plan.since)
    .filter((f) => (seen.has(f.accession) ? false : (seen.add(f.accession), true)))
    .sort((a, b) => (a.filingDate < b.filingDate ? 1 : a.filingDate > b.filingDate ? -1 : 0));
}

/** The newest filing of each of these forms: whose full submission is fetched for the document store. */
export function latestOfForms(filings: readonly FilingRef[], forms: readonly string[]): FilingRef[] {
  return forms.flatMap((form) => {
    const latest = filings
      .filter((f) => f.form.toUpperCase() === form.toUpperCase())
      .reduce<FilingRef | null>((best, f) => (best === null || f.filingDate > best.filingDate ? f : best), null);
    return latest ? [latest] : [];
  });
}
