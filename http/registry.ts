// The declarative endpoint registry: one entry per route says who may call it, what it accepts, which SQL table macro
// answers it and how the rows are shaped. Routes, the OpenAPI document and the docs page are all generated from it.
// `defineEndpoint` infers each entry's parameter types from its `params`, so `args` reads typed values (required ones
// present) and, on entity-scoped routes, a resolved entity that is never null.
import type * as v from 'valibot';
import type { MacroQuery, ResolvedEntity } from '../engine/query/index.ts';
import type { TierLabel, PlanLimits } from './tiers.ts';
import type { ParamSpec, ParamValues } from './params/ParamSpec.ts';

export type { ResolvedEntity };

/** object: the macro's single row is the body; array: `[rows]`; paginated: the spec's envelope around `data`. */
export type Shape = 'object' | 'array' | 'paginated';

export type ParamSpecs = Readonly<Record<string, ParamSpec>>;

/** Entity scope of a route: true takes exactly one identifier; 'optional' at most one (market-wide without it). */
export type EntityScope = boolean | 'optional';

export interface CallInput<P = Readonly<Record<string, unknown>>, E extends EntityScope = EntityScope> {
  /** The resolved entity on entity-scoped endpoints (when given, on optional ones), null elsewhere. */
  entity: E extends true ? ResolvedEntity : E extends 'optional' ? ResolvedEntity | null : null;
  /** Validated values of the endpoint's own parameters (absent optional ones are missing); `limit` is already clamped. */
  params: P;
  plan: PlanLimits;
}

/** One route; `I` is what its macro arguments are computed from. */
export interface EndpointOf<S extends ParamSpecs, E extends EntityScope> extends MacroQuery<CallInput<ParamValues<S>, E>> {
  /** Path under /v1, e.g. `/api/company/details`. */
  readonly path: string;
  /** OpenAPI tag: the spec's functional group. */
  readonly group: string;
  readonly summary: string;
  readonly description?: string;
  /** The spec's tier labels; empty = open to every plan. */
  readonly tiers: readonly TierLabel[];
  /** Takes exactly one of the entity identifiers ('optional': at most one). */
  readonly entity: E;
  /**
   * What the identifier must name (the spec's behaviour notes 2 and 3): 'fund' resolves a fund ticker, class id or
   * series id (entity.fund is set) and answers 400 for anything else; 'stock' answers 400 for a fund. Default: any.
   */
  readonly entityKind?: 'fund' | 'stock';
  /** The endpoint's own parameters (entity identifiers and, for paginated shapes, page/pageSize are added). */
  readonly params: S;
  readonly shape: Shape;
  /** Largest pageSize the endpoint accepts at all (paginated only; plan maxima may clamp lower). */
  readonly maxPageSize?: number;
  /** The object (shape object) or one element (array, paginated); documents the response in OpenAPI. */
  readonly response: v.GenericSchema;
  /**
   * Answered by the company-model job lifecycle instead of the macro (JSON only): 202 while the company's job runs,
   * then 200 with this part of the stored model. The macro reads the same stored model (REPL, startup check).
   */
  readonly job?: 'economicModel' | 'businessModel';
  /** 400 message when an object-shaped macro returns no row. */
  readonly emptyMessage?: (input: CallInput<ParamValues<S>, E>) => string;
  /**
   * Object shape: a column of the macro's row whose text, when not null, is answered as a 400 instead of the row
   * (a reason only the data knows, e.g. the items a filing does have); list it in omitWhenNull too.
   */
  readonly rowError?: string;
}

/** A registry entry with its parameter types erased: what the app, OpenAPI and validation handle. */
export type Endpoint = EndpointOf<ParamSpecs, EntityScope>;

/** One typed entry: `args`, `stored.args`, `emptyMessage` get the inferred parameter and entity types. */
export function defineEndpoint<const S extends ParamSpecs, const E extends EntityScope>(endpoint: EndpointOf<S, E>): Endpoint {
  // the handler builds the input from validated params and, for entity routes, a resolved entity: the types hold
  return endpoint as unknown as Endpoint;
}

/** Several entries at once, untyped (`params` values are `unknown`): the older style, kept so entries port one by one. */
export function defineEndpoints(...endpoints: Endpoint[]): Endpoint[] {
  return endpoints;
}
