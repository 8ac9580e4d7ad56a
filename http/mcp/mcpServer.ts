// The MCP server one request talks to (stateless: a fresh one per HTTP request, see mcpRoute.ts): tools from the
// registry, the API reference as resources, two analysis prompts. A tool call spends the account's budget under the
// same key as its HTTP calls, then runs the endpoint's own handler; refusals (plan, limits, parameters) are tool
// errors carrying the API's message.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema,
  ReadResourceRequestSchema, McpError, ErrorCode, type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Account } from '../../engine/accounts/TokenStore.ts';
import type { AppState } from '../AppState.ts';
import type { Endpoint } from '../registry.ts';
import type { RateLimiter } from '../rateLimit/RateLimiter.ts';
import type { TierConfig } from '../tiers.ts';
import { callEndpoint } from './callEndpoint.ts';
import type { EndpointTool } from './endpointTools.ts';
import { PROMPTS, promptMessages } from './prompts.ts';
import { structuredContent } from './outputSchema.ts';

export interface McpDeps {
  app: Koa<AppState>;
  tools: Map<string, EndpointTool>;
  handlers: Map<Endpoint, Koa.Middleware<AppState>>;
  limiter: RateLimiter;
  tiers: TierConfig;
  resources: readonly McpResource[];
  version: string;
}

export interface McpResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text: () => string;
}

// McpServer's registerTool wants zod schemas; the registry has valibot ones, so the tool handlers go on the low-level
// server it wraps
export function createMcpServer(deps: McpDeps, account: Account, requestId: string, log: Logger): McpServer {
  const mcp = new McpServer(
    { name: 'filings-engine', title: 'filings-engine: SEC filings data', version: deps.version },
    {
      capabilities: { tools: {}, resources: {}, prompts: {} },
      instructions: 'Financial data from SEC filings. Each tool is one API endpoint; entity-scoped tools take exactly one of symbol, cik, cusip, composite_figi, share_class_figi. Your plan decides which tools answer.',
    },
  );
  const { server } = mcp;
  // every tool fits in one page, so no cursor is ever issued: any cursor a client sends is one this server never gave
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    if (request.params?.cursor !== undefined) throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: tools/list answers in one page and issues no cursors');
    return { tools: [...deps.tools.values()].map((t) => t.tool) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const entry = deps.tools.get(request.params.name);
    if (!entry) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const refused = await spendBudget(deps, account, log);
    if (refused) return toolError(refused);
    const handler = deps.handlers.get(entry.endpoint);
    if (!handler) throw new Error(`no handler for ${entry.endpoint.path}`);
    const result = await callEndpoint({ app: deps.app, handler, endpoint: entry.endpoint, account, requestId, log }, request.params.arguments ?? {});
    if (!result.ok) return toolError(result.message);
    let structured;
    try {
      structured = structuredContent(entry.endpoint, JSON.parse(result.json));
    } catch (err) {
      log.error({ err, tool: entry.endpoint.path }, 'tool result does not fit its output schema');
      return toolError(`Internal error; request id ${requestId} identifies it in the server log`);
    }
    return { content: [{ type: 'text', text: result.json }], structuredContent: structured };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: deps.resources.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const resource = deps.resources.find((r) => r.uri === request.params.uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.text() }] };
  });
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => {
    const messages = promptMessages(request.params.name, request.params.arguments ?? {});
    if (!messages) throw new McpError(ErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    return { messages };
  });
  return mcp;
}

/** One hit against the account's two windows (the key its HTTP calls use); a message when the call is refused. */
async function spendBudget(deps: McpDeps, account: Account, log: Logger): Promise<string | null> {
  const limits = deps.tiers.plans[account.plan];
  let decision;
  try {
    decision = await deps.limiter.hit(`t:${account.tokenId}`, limits);
  } catch (err) {
    log.debug({ err }, 'rate limiter unavailable');
    return 'Service unavailable: the rate-limit store cannot be reached; try again shortly';
  }
  if (decision.allowed) return null;
  const which = decision.minute.remaining === 0 && decision.day.remaining > 0 ? `per-minute limit of ${String(decision.minute.limit)}` : `daily limit of ${String(decision.day.limit)} (resets at 00:00 UTC)`;
  return `Rate limit exceeded: ${which}; retry in ${String(decision.retryAfterSeconds)} s`;
}

function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
