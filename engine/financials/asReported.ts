// The as-reported financials resource as an engine query: the macro, its arguments and its stored equivalent, run by
// the engine's one query path (engine/query) for both the HTTP route and engine callers. Parameter validation lives
// with the route's parameter specs; here the types say what is accepted.
import type { Engine } from '../db/Engine.ts';
import { jsonRows, macroCall, type MacroQuery } from '../query/index.ts';

export type AsReportedSeries = 'annual' | 'quarter' | 'ttm';

export interface AsReportedParams {
  /** NULL (a security known only by its CUSIP, no issuer company) answers no periods. */
  cik: number | null;
  period: AsReportedSeries;
  /** Maximum number of periods; omitted or null = all. */
  limit?: number | null;
  /** Point-in-time date YYYY-MM-DD: only filings accepted on or before it are used; omitted or null = now. */
  asOf?: string | null;
}

export interface AsReportedSource {
  type: string;
  dateFiled?: string;
  amendment: boolean;
  facts: Record<string, { before?: number }>;
}

export interface AsReportedPeriod {
  period: string;
  fiscalYear: number;
  fiscalPeriod: 'FY' | 'Q1' | 'Q2' | 'Q3' | 'Q4' | 'TTM';
  dateFiled: string | null;
  facts: Record<string, number>;
  sources: Record<string, AsReportedSource>;
  derived: Record<string, string>;
}

/** as_reported(cik, period, lim, as_of) computes; as_reported_stored(cik, period, lim) reads the materialized "now". */
export const AS_REPORTED: MacroQuery<AsReportedParams> = {
  macro: 'as_reported',
  args: (p) => [p.cik, p.period, p.limit ?? null, p.asOf ?? null],
  stored: {
    macro: 'as_reported_stored',
    args: (p) => [p.cik, p.period, p.limit ?? null],
    appliesTo: (p) => (p.asOf ?? null) === null,
  },
};

export async function asReported(engine: Engine, params: AsReportedParams): Promise<AsReportedPeriod[]> {
  const rows = await jsonRows(engine, macroCall(engine, AS_REPORTED, params));
  return rows.map((j) => JSON.parse(j) as AsReportedPeriod);
}
