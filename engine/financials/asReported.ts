// Query function of the as-reported financials resource: validates and binds parameters, runs the as_reported macro,
// and returns the spec's JSON objects as DuckDB's to_json renders them (maps become objects, numbers stay numbers).
import type { Engine } from '../db/Engine.ts';
import { periodsAreCurrent } from './materializePeriods.ts';

export type AsReportedSeries = 'annual' | 'quarter' | 'ttm';

export interface AsReportedParams {
  cik: number;
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

/** A parameter the caller got wrong; `parameter` names it. */
export class AsReportedParamError extends Error {
  constructor(readonly parameter: string, reason: string) {
    super(`${parameter}: ${reason}`);
    this.name = 'AsReportedParamError';
  }
}

export const AS_REPORTED_SQL =
  'SELECT to_json(r)::VARCHAR AS j FROM as_reported($cik::INTEGER, $period, $lim::INTEGER, $as_of::DATE) r';

export function asReportedBindings(p: AsReportedParams): Record<string, string | number | null> {
  if (!Number.isInteger(p.cik) || p.cik <= 0 || p.cik > 2_147_483_647) throw new AsReportedParamError('cik', 'expected a positive integer');
  if (!['annual', 'quarter', 'ttm'].includes(p.period)) throw new AsReportedParamError('period', "expected 'annual', 'quarter' or 'ttm'");
  const limit = p.limit ?? null;
  if (limit !== null && (!Number.isInteger(limit) || limit < 1)) throw new AsReportedParamError('limit', 'expected a positive integer');
  const asOf = p.asOf ?? null;
  if (asOf !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)))) {
    throw new AsReportedParamError('asOf', 'expected a date YYYY-MM-DD');
  }
  return { cik: p.cik, period: p.period, lim: limit, as_of: asOf };
}

/** The same rows read from the materialized `periods` dataset (only "now": no asOf). */
export const AS_REPORTED_STORED_SQL =
  'SELECT to_json(r)::VARCHAR AS j FROM as_reported_stored($cik::INTEGER, $period, $lim::INTEGER) r';

/** Reads "now" from the materialized periods when they reflect every ingest; otherwise (or with asOf) computes. */
export async function asReported(engine: Engine, params: AsReportedParams): Promise<AsReportedPeriod[]> {
  const bound = asReportedBindings(params);
  const stored = bound.as_of === null && periodsAreCurrent(engine.warehouseDir);
  const { as_of: _, ...now } = bound;
  const rows = stored
    ? await engine.query<{ j: string }>(AS_REPORTED_STORED_SQL, now)
    : await engine.query<{ j: string }>(AS_REPORTED_SQL, bound);
  return rows.map((r) => JSON.parse(r.j) as AsReportedPeriod);
}
