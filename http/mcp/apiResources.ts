// The API reference as MCP resources: the OpenAPI document the app publishes, and a short markdown index of the tools
// with their plans and parameters (what a model reads to choose a tool).
import { admittedPlans, type TierConfig } from '../tiers.ts';
import type { EndpointTool } from './endpointTools.ts';
import type { McpResource } from './mcpServer.ts';

export function apiResources(publicUrl: string, openapi: string, tools: Map<string, EndpointTool>, tiers: TierConfig): McpResource[] {
  let index: string | null = null;
  return [
    {
      uri: `${publicUrl}/v1/openapi.json`,
      name: 'openapi',
      title: 'OpenAPI 3.1 document of the HTTP API',
      description: 'Every endpoint, parameter and response schema; each tool is one of these operations.',
      mimeType: 'application/json',
      text: () => openapi,
    },
    {
      uri: 'filings://reference/tools.md',
      name: 'tools',
      title: 'Tool reference',
      description: 'Each tool with its HTTP path, the plans that may call it, and its parameters.',
      mimeType: 'text/markdown',
      text: () => (index ??= toolIndex(tools, tiers)),
    },
  ];
}

function toolIndex(tools: Map<string, EndpointTool>, tiers: TierConfig): string {
  const rows = [...tools.values()].map(({ tool, endpoint }) => {
    const plans = endpoint.tiers.length ? admittedPlans(tiers, endpoint.tiers).map((p) => tiers.planTitles[p]).join(', ') : 'every plan';
    const params = Object.keys(tool.inputSchema.properties ?? {}).join(', ');
    return `| \`${tool.name}\` | \`/v1${endpoint.path}\` | ${plans} | ${params} | ${endpoint.summary} |`;
  });
  return [
    '# filings-engine tools',
    '',
    'Entity-scoped tools take exactly one of symbol, cik, cusip, composite_figi, share_class_figi. A tool outside your plan answers with an error naming the plans that may call it; every call counts against your plan\'s per-minute and per-day limits, shared with your HTTP calls.',
    '',
    '| tool | HTTP path | plans | parameters | what it returns |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
