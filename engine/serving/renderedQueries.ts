// Which answers are rendered ahead of requests: per company, the macro calls of the default requests of the hot
// resources (as-reported, the three statements in USD, company details) and the company's CIK resolution. A call is
// served from the store only when it matches one of these exactly (same macro, same fixed arguments, same omitted
// fields); a `lim` argument is applied by taking the first rows, as the macros' `ORDER BY ... LIMIT lim` does.
// Anything else (asOf, another currency, the on-the-fly macros while the stored periods are stale) runs live.
import type { DuckDBValue } from '@duckdb/node-api';

/**
 * What an answer is computed from, so a refresh knows which answers a commit can change: 'periods' (the stored
 * periods and statements of the company's bucket, and FX rates) or 'entity' (entity descriptions and securities, and
 * the facts and filings naming a cik).
 */
export type RenderedSource = 'periods' | 'entity';

/**
 * How many companies are rendered in one pass: a table macro (sql/96_rendered) over (buckets, ciks: comma-separated,
 * ...args) whose rows are cik, then `keyColumns` (the variant each row belongs to, when one pass renders them all),
 * then the answer's own columns, ordered by cik, variant, then as the single-company macro orders them.
 */
export interface BucketPass {
  readonly macro: string;
  /** Columns between cik and the answer's own: the variant of each row (empty: one pass per variant). */
  readonly keyColumns: readonly string[];
}

export interface RenderedQuery {
  readonly macro: string;
  readonly source: RenderedSource;
  /** The arguments after the company's cik, one list per rendered variant (lim excluded). */
  readonly variants: readonly (readonly DuckDBValue[])[];
  /** Index of the `lim` argument in the macro's argument list (NULL = all rows), when it has one. */
  readonly limitArg?: number;
  /** The registry's omit-when-null fields the answer is rendered with (they change the JSON text). */
  readonly omitWhenNull: readonly string[];
  /** Rendered a bucket at a time (else one call per company). */
  readonly bucketPass?: BucketPass;
}

const SERIES = ['annual', 'quarter', 'ttm'] as const;

export const RENDERED_QUERIES: readonly RenderedQuery[] = [
  { macro: 'as_reported_stored', source: 'periods', variants: SERIES.map((s) => [s]), limitArg: 2, omitWhenNull: [],
    bucketPass: { macro: 'as_reported_rendered', keyColumns: ['series'] } },
  { macro: 'income_statement_stored', source: 'periods', variants: SERIES.map((s) => [s, 'USD']), limitArg: 2, omitWhenNull: ['fx'],
    bucketPass: { macro: 'income_statement_rendered', keyColumns: [] } },
  { macro: 'balance_sheet_stored', source: 'periods', variants: (['annual', 'quarter'] as const).map((s) => [s, 'USD']), limitArg: 2, omitWhenNull: ['fx'],
    bucketPass: { macro: 'balance_sheet_rendered', keyColumns: [] } },
  { macro: 'cash_flow_stored', source: 'periods', variants: SERIES.map((s) => [s, 'USD']), limitArg: 2, omitWhenNull: ['fx'],
    bucketPass: { macro: 'cash_flow_rendered', keyColumns: [] } },
  { macro: 'company_details', source: 'entity', variants: [[]], omitWhenNull: [] },
];

const BY_MACRO = new Map(RENDERED_QUERIES.map((q) => [q.macro, q]));

/** The store key of a rendered answer: macro, cik and the variant's arguments. */
export function renderedKey(macro: string, cik: number, variant: readonly DuckDBValue[]): string {
  return [macro, String(cik), ...variant.map(String)].join('|');
}

/** The macro's full argument list for one variant with every row (lim NULL). */
export function renderArgs(q: RenderedQuery, cik: number, variant: readonly DuckDBValue[]): DuckDBValue[] {
  const args: DuckDBValue[] = [cik, ...variant];
  if (q.limitArg !== undefined) args.splice(q.limitArg, 0, null);
  return args;
}

/** Where a call's answer is in the store and how many of its rows to take; null when it is not a rendered call. */
export function lookupKey(macro: string, args: readonly DuckDBValue[], omitWhenNull: readonly string[]): { key: string; limit: number | null } | null {
  const q = BY_MACRO.get(macro);
  if (!q) return null;
  if (omitWhenNull.length !== q.omitWhenNull.length || omitWhenNull.some((f, i) => f !== q.omitWhenNull[i])) return null;
  const [cik, ...rest] = args;
  if (typeof cik !== 'number' || !Number.isInteger(cik)) return null;
  let limit: number | null = null;
  if (q.limitArg !== undefined) {
    const lim = rest.splice(q.limitArg - 1, 1)[0];
    if (lim === null || lim === undefined) limit = null;
    else if (typeof lim === 'number' && Number.isInteger(lim) && lim >= 0) limit = lim;
    else return null;
  }
  if (!q.variants.some((v) => v.length === rest.length && v.every((x, i) => x === rest[i]))) return null;
  return { key: renderedKey(macro, cik, rest), limit };
}

/** The source a stored key's answer is computed from (the CIK resolution reads the entities). */
export function sourceOfKey(key: string): RenderedSource {
  return BY_MACRO.get(key.slice(0, key.indexOf('|')))?.source ?? 'entity';
}

/** The key of a CIK's entity resolution (resolve_entity with only p_cik given). */
export function resolutionKey(cik: number): string {
  return `resolve_entity|${String(cik)}`;
}
