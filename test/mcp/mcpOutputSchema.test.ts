// On the demo warehouse every tool declares an outputSchema and a real call of it returns structuredContent that
// validates against that schema (checked here with Ajv, and again by the SDK client, which validates every result of
// a tool that has one); the structured result is the HTTP route's 200 body (an array route's rows under `data`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { DEMO_FUNDS } from '../../demo/demoFunds.ts';
import { insidersOf } from '../../demo/ownershipCast.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { toolName } from '../../http/mcp/endpointTools.ts';
import { DEFAULT_TIERS, type TierConfig } from '../../http/tiers.ts';
import type { Endpoint } from '../../http/registry.ts';
import { startMcpApp, type McpTestApp } from './mcpTestApp.ts';
import { signIn } from './signIn.ts';

// ajv-formats is CommonJS: its default export arrives wrapped under tsx/NodeNext
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => void;

// company-model tools are polled until their model is built: far more calls a minute than a plan allows
const unlimited = { perMinute: 1e9, perDay: 1e9 };
const tiers: TierConfig = { ...DEFAULT_TIERS, anonymous: unlimited, plans: { ...DEFAULT_TIERS.plans, Pro: { ...DEFAULT_TIERS.plans.Pro, ...unlimited } } };
const company = defined(DEMO_COMPANIES[0], 'DEMO_COMPANIES[0]');
const fund = defined(DEMO_FUNDS[0]?.classes[0], 'a demo fund class');

let wh: Awaited<ReturnType<typeof openTempEngine>> | undefined;
let app: McpTestApp;
let client: Client;
let tools: Tool[];
let values: Record<string, string>;
// the SDK gives up on a request after 60 s; a research summary on a loaded machine can take longer
const SLOW = { timeout: 300_000 };

before(async () => {
  wh = await openTempEngine('write');
  await buildDemoWarehouse(wh.engine);
  const [tenK] = await wh.engine.query<{ accession: string }>(
    `SELECT accession FROM filing_texts WHERE cik = $cik AND form = '10-K' AND is_primary ORDER BY accession DESC LIMIT 1`, { cik: company.cik });
  values = { ownerCik: String(defined(insidersOf(company, 0)[0], 'a demo insider').cik), accessionNumber: defined(tenK, 'a demo 10-K').accession, item: '7' };
  app = await startMcpApp(wh.engine, { tiers });
  const { access_token } = await signIn(app.url, app.pro);
  client = new Client({ name: 'output-schema', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${access_token}` } } }));
  ({ tools } = await client.listTools());
});

after(async () => {
  await client.close();
  await app.close();
  wh?.cleanup();
});

/** Arguments typed as the tool's input schema says (numbers as numbers), from the values the contract test uses. */
function argumentsFor(endpoint: Endpoint, tool: Tool): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  if (endpoint.entity === true) args.symbol = endpoint.entityKind === 'fund' ? fund.ticker : company.ticker;
  for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
    const value = values[name];
    if (value === undefined) continue;
    const type = (schema as { type?: string }).type;
    args[name] = type === 'integer' || type === 'number' ? Number(value) : value;
  }
  return args;
}

function text(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

test('every tool declares an object outputSchema that compiles as JSON Schema', () => {
  assert.deepEqual(tools.map((t) => t.name).sort(), ENDPOINTS.map(toolName).sort());
  const ajv = new Ajv({ strict: false });
  for (const tool of tools) {
    const schema = defined(tool.outputSchema, `${tool.name} outputSchema`);
    assert.equal(schema.type, 'object', tool.name);
    assert.doesNotThrow(() => ajv.compile(schema), tool.name);
  }
});

for (const endpoint of ENDPOINTS) {
  const name = toolName(endpoint);
  test(`${name}: a real call returns structuredContent valid against its outputSchema, equal to its text`, async () => {
    const tool = defined(tools.find((t) => t.name === name), name);
    const ajv = new Ajv({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(defined(tool.outputSchema, 'outputSchema'));
    const args = argumentsFor(endpoint, tool);
    let result = (await client.callTool({ name, arguments: args }, undefined, SLOW)) as CallToolResult;
    // a company-model tool answers "generating" (the HTTP 202) until its model is built: each answer must validate
    for (const deadline = Date.now() + 300_000; ; ) {
      assert.notEqual(result.isError, true, `${name}(${JSON.stringify(args)}): ${text(result)}`);
      const structured = defined(result.structuredContent, `${name} structuredContent`);
      assert.ok(validate(structured), `${name}: ${JSON.stringify(validate.errors?.slice(0, 5))}\n${JSON.stringify(structured).slice(0, 500)}`);
      const parsed = JSON.parse(text(result)) as unknown;
      assert.deepEqual(structured, endpoint.shape === 'array' ? { data: parsed } : parsed, 'the text rendering carries the same data');
      if (!endpoint.job || structured.status !== 'generating' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
      result = (await client.callTool({ name, arguments: args }, undefined, SLOW)) as CallToolResult;
    }
    if (endpoint.job) assert.notEqual(result.structuredContent?.status, 'generating', `${name}: the model was built within the deadline`);
  });
}

test('a tool refusal is an isError result without structuredContent, which the SDK accepts despite the outputSchema', async () => {
  const result = (await client.callTool({ name: 'company_details', arguments: { symbol: company.ticker, no_such_parameter: 1 } })) as CallToolResult;
  assert.equal(result.isError, true);
  assert.equal(result.structuredContent, undefined);
  assert.match(text(result), /no_such_parameter/);
});
