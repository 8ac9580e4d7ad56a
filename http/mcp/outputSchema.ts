// Each tool's outputSchema, taken from the OpenAPI document the app publishes (itself generated from the registry's
// valibot response schemas), so a tool's structured result and the HTTP route's 200 body are described once. MCP wants
// an object at the top: an array route's rows arrive as `{ data: [...] }`; a company-model route may answer the
// "generating" object (the HTTP 202) until its model is ready.
import type { Endpoint } from '../registry.ts';

type Json = Record<string, unknown>;

const JSON_MEDIA = 'application/json';

/** Replaces `#/components/...` references with the component they name: a tool schema stands alone. */
function inlineRefs(node: unknown, doc: Json, seen: readonly string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => inlineRefs(item, doc, seen));
  if (node === null || typeof node !== 'object') return node;
  const object = node as Json;
  const ref = object.$ref;
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/') || seen.includes(ref)) throw new Error(`OpenAPI schema reference ${ref} cannot be inlined`);
    let target: unknown = doc;
    for (const part of ref.slice(2).split('/')) target = (target as Json | undefined)?.[part];
    if (target === undefined) throw new Error(`OpenAPI schema reference ${ref} names nothing`);
    return inlineRefs(target, doc, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, inlineRefs(value, doc, seen)]));
}

function jsonSchemaOf(doc: Json, endpoint: Endpoint, status: '200' | '202'): Json | null {
  const paths = doc.paths as Record<string, { get?: { responses?: Record<string, { content?: Record<string, { schema?: Json }> }> } }>;
  const schema = paths[endpoint.path]?.get?.responses?.[status]?.content?.[JSON_MEDIA]?.schema;
  return schema ? (inlineRefs(schema, doc) as Json) : null;
}

/** The tool result's schema: what structuredContent holds for this endpoint. */
export function outputSchema(doc: Json, endpoint: Endpoint): Json & { type: 'object' } {
  const body = jsonSchemaOf(doc, endpoint, '200');
  if (!body) throw new Error(`the OpenAPI document has no JSON 200 response for ${endpoint.path}`);
  const result: Json = endpoint.shape === 'array' ? { type: 'object', required: ['data'], properties: { data: body }, additionalProperties: false } : body;
  const generating = endpoint.job ? jsonSchemaOf(doc, endpoint, '202') : null;
  return generating ? { type: 'object', anyOf: [result, generating] } : { ...result, type: 'object' };
}

/** The structured form of an endpoint's JSON body, as outputSchema describes it. */
export function structuredContent(endpoint: Endpoint, body: unknown): Json {
  if (endpoint.shape === 'array' && Array.isArray(body)) return { data: body as unknown[] };
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Json;
  throw new Error(`${endpoint.path} answered ${Array.isArray(body) ? 'an array' : typeof body} where its schema expects an object`);
}
