// Checks a running API against the OpenAPI document it publishes: the document against the OpenAPI 3.1 schema, and
// every registered endpoint's real responses (200 and errors) against the JSON Schemas the document gives for them.
import assert from 'node:assert/strict';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import type { Endpoint } from '../../http/registry.ts';
import { PLANS, type Plan } from '../../engine/accounts/plans.ts';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS: its default export arrives wrapped under tsx/NodeNext
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

export async function fetchOpenApi(base: string): Promise<Json> {
  const res = await fetch(`${base}/openapi.json`);
  assert.equal(res.status, 200);
  return (await res.json()) as Json;
}

/** Errors of the OpenAPI 3.1 (JSON Schema) validation of a document; empty when it is valid. */
export async function openApiErrors(doc: Json): Promise<unknown[]> {
  const result = await new Validator().validate(structuredClone(doc));
  return result.valid ? [] : (result.errors as unknown[] | undefined) ?? ['invalid'];
}

/** JSON pointer escaping of one path segment (RFC 6901). */
const segment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Compiles, on demand, the schema the document publishes for one operation's status. */
export function responseValidators(doc: Json): (path: string, status: number) => ValidateFunction {
  // OpenAPI adds keywords JSON Schema does not define (example, discriminator ...): allowed, not checked
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const cache = new Map<string, ValidateFunction>();
  return (path, status) => {
    const ref = `openapi.json#/paths/${segment(path)}/get/responses/${String(status)}/content/${segment('application/json')}/schema`;
    let validate = cache.get(ref);
    if (!validate) {
      const operation = ((doc['paths'] as Json)[path] as Json | undefined)?.['get'] as Json | undefined;
      assert.ok(operation, `${path} is not in the published document`);
      assert.ok((operation['responses'] as Json)[String(status)], `${path} answered ${String(status)}, which the document does not list`);
      validate = ajv.getSchema(ref);
      assert.ok(validate, `no JSON schema at ${ref}`);
      cache.set(ref, validate);
    }
    return validate;
  };
}

export interface CallResult {
  status: number;
  body: unknown;
}

export interface ContractContext {
  base: string;
  tokens: Record<Plan, string>;
  doc: Json;
  /** Entity parameters that identify an entity with data for every endpoint, e.g. `{ symbol: 'DEMOA' }`. */
  entity: Record<string, string>;
  /** Values for named non-entity parameters an endpoint may need (e.g. ownerCik); used when the endpoint declares them. */
  values: Record<string, string>;
}

/** The top plan admits every endpoint (http/tiers.ts). */
const BEST: Plan = 'Pro';

export function endpointQuery(endpoint: Endpoint, ctx: ContractContext): URLSearchParams {
  const q = new URLSearchParams(endpoint.entity ? ctx.entity : {});
  const operation = ((ctx.doc['paths'] as Json)[endpoint.path] as Json)['get'] as Json;
  for (const p of operation['parameters'] as { name: string; required?: boolean }[]) {
    const value = ctx.values[p.name];
    if (value !== undefined) q.set(p.name, value);
    else if (p.required && !(p.name in ctx.entity)) assert.fail(`${endpoint.path}: required parameter ${p.name} has no contract value; add one to the test's values`);
  }
  return q;
}

export async function call(ctx: ContractContext, path: string, query: URLSearchParams, plan: Plan | null): Promise<CallResult> {
  const url = `${ctx.base}${path}?${query}`;
  const init = plan ? { headers: { Authorization: `Bearer ${ctx.tokens[plan]}` } } : {};
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`${path} ${String(res.status)}: body is not JSON: ${text.slice(0, 200)}`);
  }
  return { status: res.status, body };
}

export function assertMatches(validator: ReturnType<typeof responseValidators>, path: string, result: CallResult): void {
  const validate = validator(path, result.status);
  assert.ok(validate(result.body), `${path} ${String(result.status)} does not match its published schema: ${JSON.stringify(validate.errors?.slice(0, 5))}\n${JSON.stringify(result.body).slice(0, 500)}`);
}

/** The rows of a 200 body by shape: the page's data, the array, or the object itself. */
export function rowsOf(endpoint: Endpoint, body: unknown): unknown[] {
  if (endpoint.shape === 'paginated') return (body as { data: unknown[] }).data;
  if (endpoint.shape === 'array') return body as unknown[];
  return body && typeof body === 'object' && Object.keys(body).length > 0 ? [body] : [];
}

/** The error statuses each endpoint must answer with a documented `{ error }` body. */
export async function errorResults(ctx: ContractContext, endpoint: Endpoint): Promise<{ name: string; status: number; result: CallResult }[]> {
  const good = endpointQuery(endpoint, ctx);
  const out: { name: string; status: number; result: CallResult }[] = [];
  out.push({ name: 'no token', status: 401, result: await call(ctx, endpoint.path, good, null) });
  const junk = new URLSearchParams(good);
  junk.set('no_such_parameter', '1');
  out.push({ name: 'unknown parameter', status: 400, result: await call(ctx, endpoint.path, junk, BEST) });
  if (endpoint.entity === true) {
    const none = new URLSearchParams([...good].filter(([k]) => !(k in ctx.entity)));
    out.push({ name: 'no entity', status: 400, result: await call(ctx, endpoint.path, none, BEST) });
  }
  if (endpoint.shape === 'paginated') {
    const page = new URLSearchParams(good);
    page.set('page', '-1');
    out.push({ name: 'bad page', status: 400, result: await call(ctx, endpoint.path, page, BEST) });
  }
  const admitted = (((ctx.doc['paths'] as Json)[endpoint.path] as Json)['get'] as Json)['x-plans'] as string[];
  const refused = PLANS.find((p) => !admitted.includes(p));
  if (refused) out.push({ name: `plan ${refused}`, status: 403, result: await call(ctx, endpoint.path, good, refused) });
  return out;
}

export { ENDPOINTS, BEST };
