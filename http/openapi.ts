// The OpenAPI 3.1 document, generated from the endpoint registry: parameters and responses come from the same valibot
// schemas that validate requests (converted with @valibot/to-json-schema), tiers and limits from tiers.ts.
import { toJsonSchema } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { Endpoint } from './registry.ts';
import { admittedPlans, type TierConfig } from './tiers.ts';
import { endpointParams } from './params/validateQuery.ts';
import { ENTITY_PARAM_NAMES } from './params/entityParams.ts';
import { MEDIA } from './respond/negotiate.ts';

type Json = Record<string, unknown>;

function schemaOf(schema: v.GenericSchema): Json {
  const rest = { ...(toJsonSchema(schema, { errorMode: 'ignore' }) as Json) };
  delete rest.$schema;
  return rest;
}

const RATE_HEADERS: Json = Object.fromEntries(
  ['X-RateLimit-Limit-Minute', 'X-RateLimit-Remaining-Minute', 'X-RateLimit-Limit-Day', 'X-RateLimit-Remaining-Day'].map((h) => [
    h, { $ref: `#/components/headers/${h}` },
  ]),
);

function errorResponse(description: string, extra: Json = {}): Json {
  return {
    description,
    headers: { ...RATE_HEADERS, ...extra },
    content: { [MEDIA.json]: { schema: { $ref: '#/components/schemas/Error' } } },
  };
}

/** A field the registry omits from the JSON row when null (omitWhenNull) is optional in the published schema. */
function withOmittable(item: Json, omitWhenNull: readonly string[] = []): Json {
  if (omitWhenNull.length === 0 || !Array.isArray(item.required)) return item;
  return { ...item, required: (item.required as string[]).filter((name) => !omitWhenNull.includes(name)) };
}

function operation(endpoint: Endpoint, tiers: TierConfig): Json {
  const specs = endpointParams(endpoint);
  const item = withOmittable(schemaOf(endpoint.response), endpoint.omitWhenNull);
  const body: Json =
    endpoint.shape === 'object' ? item
    : endpoint.shape === 'array' ? { type: 'array', items: item }
    : {
        type: 'object',
        required: ['page', 'pageSize', 'totalPages', 'totalResults', 'data'],
        properties: {
          page: { type: 'integer' }, pageSize: { type: 'integer' }, totalPages: { type: 'integer' }, totalResults: { type: 'integer' },
          data: { type: 'array', items: item },
        },
      };
  const plans = admittedPlans(tiers, endpoint.tiers);
  const jobResponses: Json = endpoint.job ? {
    202: {
      description: 'The model is being generated: poll the same request until 200',
      headers: { ...RATE_HEADERS, 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds before polling again' } },
      content: { [MEDIA.json]: { schema: { $ref: '#/components/schemas/Generating' } } },
    },
    503: errorResponse('Every attempt to generate the model failed; a new one starts after Retry-After', { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds until a new attempt may start' } }),
  } : {};
  const content: Json = endpoint.job ? { [MEDIA.json]: { schema: body } } : {
    [MEDIA.json]: { schema: body },
    // a Media Type Object has no description field (OpenAPI 3.1 rejects one): the schema carries it
    [MEDIA.arrow]: { schema: { type: 'string', format: 'binary', description: 'The same rows as an Arrow IPC stream' } },
    [MEDIA.csv]: { schema: { type: 'string', description: 'The same rows as CSV with a header line' } },
  };
  return {
    operationId: endpoint.path.replace(/^\/api\//, '').replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase()),
    tags: [endpoint.group],
    summary: endpoint.summary,
    description: `${endpoint.description ?? endpoint.summary}\n\nPlans: ${plans.join(', ')}${endpoint.tiers.length ? ` (tier labels: ${endpoint.tiers.join(', ')})` : ' (not labelled: every plan)'}.` +
      (endpoint.entity === 'optional' ? `\n\nOptionally scoped to one entity, given by one of ${ENTITY_PARAM_NAMES.join(', ')}.`
        : endpoint.entity ? `\n\nIdentify the entity with exactly one of ${ENTITY_PARAM_NAMES.join(', ')}.` : ''),
    'x-tiers': endpoint.tiers,
    'x-plans': plans,
    parameters: Object.entries(specs).map(([name, spec]) => ({
      name,
      in: 'query',
      required: spec.required === true,
      description: spec.description,
      schema: { ...schemaOf(spec.schema), ...(spec.default !== undefined ? { default: spec.default } : {}) },
      ...(spec.example !== undefined ? { example: spec.example } : {}),
    })),
    responses: {
      200: { description: 'OK', headers: RATE_HEADERS, content },
      ...jobResponses,
      304: { description: 'Not modified (If-None-Match matched the ETag)' },
      400: errorResponse('Invalid parameters, or the entity was not found'),
      401: errorResponse('Missing or invalid API token'),
      403: errorResponse('Feature not available on current plan'),
      429: errorResponse('Per-minute or per-day rate limit exceeded', { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' } }),
    },
  };
}

export function buildOpenApi(endpoints: readonly Endpoint[], tiers: TierConfig, version: string): Json {
  const paths: Json = {};
  for (const e of endpoints) paths[e.path] = { get: operation(e, tiers) };
  const planTable = Object.entries(tiers.plans)
    .map(([plan, l]) => `| ${plan} | ${String(l.perMinute)} | ${String(l.perDay)} | ${String(l.maxLimit)} | ${String(l.maxPageSize)} |`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Filing-derived financial intelligence',
      version,
      description: `Read-only JSON over HTTP, derived from SEC filings. Every request carries \`Authorization: Bearer <API_TOKEN>\`. ` +
        `Errors are \`{ "error": string }\`. Every response carries the X-RateLimit-* headers; limits are a sliding 60-second window ` +
        `and a UTC calendar day.\n\n| plan | per minute | per day | max limit | max pageSize |\n|---|---|---|---|---|\n${planTable}`,
    },
    servers: [{ url: '/v1' }],
    security: [{ bearer: [] }],
    tags: [...new Set(endpoints.map((e) => e.group))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: {
        Error: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } },
        Generating: {
          type: 'object', required: ['status', 'jobId', 'message'],
          properties: { status: { type: 'string', enum: ['generating'] }, jobId: { type: 'string' }, message: { type: 'string' } },
        },
      },
      headers: {
        'X-RateLimit-Limit-Minute': { schema: { type: 'integer' }, description: 'Requests allowed in any 60-second window' },
        'X-RateLimit-Remaining-Minute': { schema: { type: 'integer' }, description: 'Requests left in the current 60-second window' },
        'X-RateLimit-Limit-Day': { schema: { type: 'integer' }, description: 'Requests allowed per UTC calendar day' },
        'X-RateLimit-Remaining-Day': { schema: { type: 'integer' }, description: 'Requests left today (resets 00:00 UTC)' },
      },
    },
  };
}
