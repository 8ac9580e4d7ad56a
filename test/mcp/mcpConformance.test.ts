// Our own conformance test of /mcp against the MCP protocol rules (Streamable HTTP, revision 2025-06-18), with the
// SDK client and raw fetch. Why not the official suite: @modelcontextprotocol/conformance 0.1.14 and later call
// fs.globSync (Node 22); 0.1.13, the last built for Node 20, runs here but its server scenarios target the reference
// "everything" server (tools named test_simple_text, test_image_content, ...) and connect with no credentials (no
// header or OAuth option), so against an OAuth-protected server every scenario stops at the 401.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { toolName } from '../../http/mcp/endpointTools.ts';
import { DEFAULT_TIERS } from '../../http/tiers.ts';
import { startMcpApp, type McpTestApp } from './mcpTestApp.ts';
import { signIn } from './signIn.ts';

const tiers = { ...DEFAULT_TIERS, anonymous: { perMinute: 10_000, perDay: 100_000 } };

let wh: Awaited<ReturnType<typeof openTempEngine>> | undefined;
let app: McpTestApp;
let token = '';

before(async () => {
  wh = await openTempEngine('write');
  app = await startMcpApp(wh.engine, { tiers });
  token = (await signIn(app.url, app.pro)).access_token;
});

after(async () => {
  await app.close();
  wh?.cleanup();
});

interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: { jsonrpc?: string; id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } } | null;
}

async function post(body: unknown, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const res = await fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LATEST_PROTOCOL_VERSION, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: parsed(text) };
}

function parsed(text: string): RawAnswer['json'] {
  try {
    return JSON.parse(text) as RawAnswer['json'];
  } catch {
    return null;
  }
}

const rpc = (method: string, params?: object, id: number | string = 1) => ({ jsonrpc: '2.0', id, method, ...(params ? { params } : {}) });
const initialize = (protocolVersion: string) => rpc('initialize', { protocolVersion, capabilities: {}, clientInfo: { name: 'conformance', version: '1.0.0' } });

function text(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

async function sdkClient(): Promise<Client> {
  const client = new Client({ name: 'conformance', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

test('initialize answers the requested version, the server info and its capabilities; stateless: no session id', async () => {
  const answer = await post(initialize(LATEST_PROTOCOL_VERSION));
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.json?.jsonrpc, '2.0');
  assert.equal(answer.json.id, 1);
  const result = answer.json.result ?? {};
  assert.equal(result.protocolVersion, LATEST_PROTOCOL_VERSION);
  assert.deepEqual(Object.keys(result.capabilities as object).sort(), ['prompts', 'resources', 'tools']);
  assert.equal((result.serverInfo as { name: string }).name, 'filings-engine');
  assert.equal(answer.headers.get('mcp-session-id'), null);
});

test('initialize with a version the server does not support is answered with one it does (the client then decides)', async () => {
  const answer = await post(initialize('1999-01-01'));
  assert.equal(answer.status, 200, answer.text);
  assert.ok(SUPPORTED_PROTOCOL_VERSIONS.includes(String(answer.json?.result?.protocolVersion)));
});

test('a request with an unsupported MCP-Protocol-Version header is refused with 400', async () => {
  const answer = await post(rpc('tools/list'), { 'mcp-protocol-version': '1999-01-01' });
  assert.equal(answer.status, 400);
  assert.match(answer.json?.error?.message ?? '', /protocol version/i);
});

test('tools/list answers every tool in one page (no nextCursor), and a cursor it never issued is invalid params', async () => {
  const all = await post(rpc('tools/list'));
  const result = all.json?.result ?? {};
  assert.equal(result.nextCursor, undefined);
  assert.deepEqual((result.tools as { name: string }[]).map((t) => t.name).sort(), ENDPOINTS.map(toolName).sort());
  const cursor = await post(rpc('tools/list', { cursor: 'page-2' }));
  assert.equal(cursor.json?.error?.code, -32602);
  const client = await sdkClient();
  assert.equal((await client.listTools()).tools.length, ENDPOINTS.length);
  await client.close();
});

test('tools/call: a refusal of the tool (bad or missing arguments) is an isError result, not a JSON-RPC error', async () => {
  const client = await sdkClient();
  const bad = (await client.callTool({ name: 'financials_as_reported', arguments: { cik: 320193, period: 'weekly' } })) as CallToolResult;
  assert.equal(bad.isError, true);
  assert.match(text(bad), /Invalid parameter "period"/);
  const noEntity = (await client.callTool({ name: 'company_details', arguments: {} })) as CallToolResult;
  assert.equal(noEntity.isError, true);
  assert.match(text(noEntity), /symbol|cik/);
  const nested = (await client.callTool({ name: 'company_details', arguments: { cik: { value: 1 } } })) as CallToolResult;
  assert.equal(nested.isError, true);
  assert.match(text(nested), /expected a string, number or boolean/);
  await client.close();
});

test('tools/call of an unknown tool is a JSON-RPC invalid-params error; an unknown method is method-not-found', async () => {
  const unknown = await post(rpc('tools/call', { name: 'no_such_tool', arguments: {} }));
  assert.equal(unknown.status, 200);
  assert.equal(unknown.json?.error?.code, -32602);
  assert.match(unknown.json.error.message, /no_such_tool/);
  const method = await post(rpc('no/such/method'));
  assert.equal(method.json?.error?.code, -32601);
});

test('a notification is accepted with 202 and no body; a body that is not JSON is a parse error', async () => {
  const note = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
  assert.equal(note.status, 202);
  assert.equal(note.text, '');
  const junk = await post('{ not json');
  assert.equal(junk.status, 400);
  assert.equal(junk.json?.error?.code, -32700);
});

test('a POST that does not accept both application/json and text/event-stream is refused with 406', async () => {
  const answer = await post(rpc('tools/list'), { accept: 'text/html' });
  assert.equal(answer.status, 406);
});

test('stateless: GET (server stream) and DELETE (end session) are 405 with Allow: POST', async () => {
  for (const method of ['GET', 'DELETE']) {
    const res = await fetch(`${app.url}/mcp`, { method, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
    assert.equal(res.status, 405, method);
    assert.match(res.headers.get('allow') ?? '', /POST/);
    await res.arrayBuffer();
  }
});

test('DNS rebinding: a Host that is not this server is refused with 403; a browser client of another origin is served', async () => {
  const { port } = new URL(app.url);
  // fetch does not let a caller choose Host: node:http does
  const status = (host: string) => new Promise<number>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { host, authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(JSON.stringify(rpc('tools/list')));
  });
  assert.equal(await status(`attacker.example:${port}`), 403);
  assert.equal(await status(`localhost:${port}`), 200, 'another loopback name of the same server is fine');
  const cross = await post(rpc('tools/list'), { origin: 'https://client.example' });
  assert.equal(cross.status, 200);
  assert.equal(cross.headers.get('access-control-allow-origin'), '*');
});

test('without a token, or with a bad one, /mcp is 401 with WWW-Authenticate naming the resource metadata', async () => {
  const none = await fetch(`${app.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rpc('tools/list')) });
  assert.equal(none.status, 401);
  const challenge = none.headers.get('www-authenticate') ?? '';
  assert.match(challenge, /^Bearer resource_metadata="[^"]+\/\.well-known\/oauth-protected-resource\/mcp"/);
  assert.doesNotMatch(challenge, /error=/, 'no error code when no credentials were sent (RFC 6750 3.1)');
  await none.arrayBuffer();
  const bad = await post(rpc('tools/list'), { authorization: 'Bearer not-a-token' });
  assert.equal(bad.status, 401);
  assert.match(bad.headers.get('www-authenticate') ?? '', /resource_metadata=".+", error="invalid_token"/);
});
