// Request validation at the edge: unknown parameters (with a "did you mean"), repeated ones, each value against its
// ParamSpec, required parameters, and the spec's "exactly one entity identifier" rule. Every problem is a 400 naming the parameter.
import { defined } from '../../engine/query/defined.ts';
import { badRequest } from '../HttpError.ts';
import type { Endpoint } from '../registry.ts';
import { ENTITY_PARAMS, ENTITY_PARAM_NAMES, type EntityParam } from './entityParams.ts';
import { pageParam, pageSizeParam } from './common.ts';
import { parseParam, type ParamSpec } from './ParamSpec.ts';
import { suggest } from './suggest.ts';

export interface ValidQuery {
  /** The one entity identifier given (entity-scoped endpoints only). */
  entity: { name: EntityParam; value: string | number } | null;
  params: Record<string, unknown>;
}

/** Every parameter an endpoint accepts, in documentation order. */
// built once per endpoint: every request of the endpoint reads the same specs (a registry entry never changes)
const PARAMS = new WeakMap<Endpoint, Readonly<Record<string, ParamSpec>>>();

export function endpointParams(endpoint: Endpoint): Readonly<Record<string, ParamSpec>> {
  let specs = PARAMS.get(endpoint);
  if (!specs) {
    specs = {
      ...(endpoint.entity ? ENTITY_PARAMS : {}),
      ...endpoint.params,
      ...(endpoint.shape === 'paginated' ? { page: pageParam, pageSize: pageSizeParam(endpoint.maxPageSize ?? 500) } : {}),
    };
    PARAMS.set(endpoint, specs);
  }
  return specs;
}

const MAX_SHOWN = 60;

function shown(raw: string): string {
  return JSON.stringify(raw.length > MAX_SHOWN ? `${raw.slice(0, MAX_SHOWN)}...` : raw);
}

export function validateQuery(endpoint: Endpoint, query: Readonly<Record<string, string | string[] | undefined>>): ValidQuery {
  const specs = endpointParams(endpoint);
  const params: Record<string, unknown> = {};
  const entities: { name: EntityParam; value: string | number }[] = [];
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const spec = Object.hasOwn(specs, name) ? specs[name] : undefined;
    if (!spec) {
      const known = Object.keys(specs);
      const near = suggest(name, known);
      const hint = near ? `; did you mean "${near}"?` : known.length ? `; known parameters: ${known.join(', ')}` : '; this endpoint takes no parameters';
      throw badRequest(`Unknown parameter ${shown(name)}${hint}`);
    }
    if (Array.isArray(raw)) throw badRequest(`Parameter "${name}" was given ${String(raw.length)} times; give it once`);
    const parsed = parseParam(spec, raw);
    if (!parsed.ok) throw badRequest(`Invalid parameter "${name}": expected ${parsed.expected}, got ${shown(raw)}`);
    if (endpoint.entity && (ENTITY_PARAM_NAMES as string[]).includes(name)) entities.push({ name: name as EntityParam, value: parsed.value as string | number });
    else params[name] = parsed.value;
  }
  for (const [name, spec] of Object.entries(endpoint.params)) {
    if (spec.required && !Object.hasOwn(params, name)) throw badRequest(`Missing parameter "${name}": expected ${spec.expected}`);
  }
  if (!endpoint.entity) return { entity: null, params };
  if (entities.length === 0) {
    if (endpoint.entity === 'optional') return { entity: null, params };
    throw badRequest(`Missing entity identifier: give exactly one of ${ENTITY_PARAM_NAMES.join(', ')}`);
  }
  if (entities.length > 1) {
    throw badRequest(`Too many entity identifiers (${entities.map((e) => e.name).join(' and ')}): give exactly one of ${ENTITY_PARAM_NAMES.join(', ')}`);
  }
  return { entity: defined(entities[0], 'entities[0]'), params };
}
