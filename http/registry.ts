// The declarative endpoint registry: one entry per route says who may call it, what it accepts, which SQL table macro
// answers it and how the rows are shaped. Routes, the OpenAPI document and the docs page are all generated from it.
import type * as v from 'valibot';
import type { DuckDBValue } from '@duckdb/node-api';
import type { TierLabel, PlanLimits } from './tiers.ts';
import type { ParamSpec } from './params/ParamSpec.ts';

/** object: the macro's single row is the body; array: `[rows]`; paginated: the spec's envelope around `data`. */
export type Shape = 'object' | 'array' | 'paginated';

/** The security or company an entity identifier resolved to (resolve_entity's row). */
export interface ResolvedEntity {
  /** NULL for a security known only by its CUSIP (a 13F or 13D/G security no filing links to an issuer). */
  cik: number | null;
  name: string | null;
  ticker: string | null;
  exchange: string | null;
  cusip: string | null;
  composite_figi: string | null;
  share_class_figi: string | null;
  kind: string | null;
}

export interface CallInput {
  /** Present on entity-scoped endpoints. */
  entity: ResolvedEntity | null;
  /** Validated values of the endpoint's own parameters (absent ones are missing); `limit` is already clamped. */
  params: Readonly<Record<string, unknown>>;
  plan: PlanLimits;
}

export interface Endpoint {
  /** Path under /v1, e.g. `/api/company/details`. */
  readonly path: string;
  /** OpenAPI tag: the spec's functional group. */
  readonly group: string;
  readonly summary: string;
  readonly description?: string;
  /** The spec's tier labels; empty = open to every plan. */
  readonly tiers: readonly TierLabel[];
  /** Takes exactly one of the entity identifiers. */
  readonly entity: boolean;
  /** The endpoint's own parameters (entity identifiers and, for paginated shapes, page/pageSize are added). */
  readonly params: Readonly<Record<string, ParamSpec>>;
  /** Name of the DuckDB table macro that answers the request. */
  readonly macro: string;
  /** The macro's arguments in order; values are bound, never spliced. */
  readonly args: (input: CallInput) => DuckDBValue[];
  /** A precomputed equivalent to read instead while `current(warehouseDir)` holds (same columns, same rows). */
  readonly stored?: {
    readonly macro: string;
    readonly args: (input: CallInput) => DuckDBValue[];
    readonly current: (warehouseDir: string) => boolean;
    /** Requests the stored result can answer at all (e.g. not point-in-time ones); default every request. */
    readonly appliesTo?: (input: CallInput) => boolean;
  };
  readonly shape: Shape;
  /** Top-level fields left out of a JSON row where null (the spec's "omitted when ..."); Arrow/CSV keep the column. */
  readonly omitWhenNull?: readonly string[];
  /** Largest pageSize the endpoint accepts at all (paginated only; plan maxima may clamp lower). */
  readonly maxPageSize?: number;
  /** The object (shape object) or one element (array, paginated); documents the response in OpenAPI. */
  readonly response: v.GenericSchema;
  /** 400 message when an object-shaped macro returns no row. */
  readonly emptyMessage?: (input: CallInput) => string;
}

export function defineEndpoints(...endpoints: Endpoint[]): Endpoint[] {
  return endpoints;
}
