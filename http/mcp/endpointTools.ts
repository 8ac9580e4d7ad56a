// One MCP tool per registry endpoint, computed at start-up from the same registry and valibot schemas that drive the
// routes and OpenAPI: an endpoint added later becomes a tool with no code here. Names are the path under /api with
// separators turned into underscores (`/api/company/details` -> `company_details`). The output schema is the route's
// 200 body as the published OpenAPI document describes it (outputSchema.ts).
import { toJsonSchema } from '@valibot/to-json-schema';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Endpoint } from '../registry.ts';
import { admittedPlans, type TierConfig } from '../tiers.ts';
import { endpointParams } from '../params/validateQuery.ts';
import { ENTITY_PARAM_NAMES } from '../params/entityParams.ts';
import { outputSchema } from './outputSchema.ts';

export interface EndpointTool {
  tool: Tool;
  endpoint: Endpoint;
}

export function toolName(endpoint: Endpoint): string {
  return endpoint.path.replace(/^\/api\//, '').replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

function inputSchema(endpoint: Endpoint): Tool['inputSchema'] {
  const properties: Record<string, object> = {};
  const required: string[] = [];
  for (const [name, spec] of Object.entries(endpointParams(endpoint))) {
    const schema = { ...(toJsonSchema(spec.schema, { errorMode: 'ignore' }) as Record<string, unknown>) };
    delete schema.$schema;
    properties[name] = {
      ...schema,
      description: spec.description,
      ...(spec.default !== undefined ? { default: spec.default } : {}),
      ...(spec.example !== undefined ? { examples: [spec.example] } : {}),
    };
    if (spec.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

function description(endpoint: Endpoint, tiers: TierConfig): string {
  const plans = endpoint.tiers.length ? admittedPlans(tiers, endpoint.tiers).map((p) => tiers.planTitles[p]).join(', ') : 'every plan';
  const parts = [endpoint.summary, endpoint.description ?? ''];
  if (endpoint.entity) parts.push(`Name the company with exactly one of: ${ENTITY_PARAM_NAMES.join(', ')}.`);
  parts.push(`Plans: ${plans}. Same data as GET /v1${endpoint.path}.`);
  return parts.filter((p) => p !== '').join('\n\n');
}

export function endpointTools(endpoints: readonly Endpoint[], tiers: TierConfig, openapi: Readonly<Record<string, unknown>>): Map<string, EndpointTool> {
  const tools = new Map<string, EndpointTool>();
  for (const endpoint of endpoints) {
    const name = toolName(endpoint);
    if (tools.has(name)) throw new Error(`two endpoints map to the MCP tool name ${name}`);
    tools.set(name, {
      endpoint,
      tool: {
        name,
        title: endpoint.summary,
        description: description(endpoint, tiers),
        inputSchema: inputSchema(endpoint),
        outputSchema: outputSchema(openapi, endpoint),
        annotations: { title: endpoint.summary, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      },
    });
  }
  return tools;
}
