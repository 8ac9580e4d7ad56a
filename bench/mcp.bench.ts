// MCP tool-call latency against the same HTTP request in the same run: company details of Apple (real SEC fixtures),
// once as GET /v1/api/company/details with an API token and once as an MCP tools/call POST /mcp with an OAuth access
// token of the same account (got through the real sign-in). Requests alternate, one at a time, after a warm-up; the
// ratio is MCP over HTTP. What the difference buys: token lookup in the OAuth store, a per-request MCP server and
// transport (stateless), JSON-RPC framing, and the structured copy of the body. Usage: npx tsx bench/mcp.bench.ts [--requests 300]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { Engine } from '../engine/db/Engine.ts';
import { ingestPaths } from '../engine/ingest/ingest.ts';
import { APPLE_INPUTS, unthrottledTiers } from './appleWarehouse.ts';
import { startMcpApp } from '../test/mcp/mcpTestApp.ts';
import { formSignIn } from '../test/mcp/formSignIn.ts';

const REDIRECT = 'http://127.0.0.1:9/callback';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '300' }, seconds: { type: 'string' } } });
const requests = Number(values.requests);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mcp-'));
const engine = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 1 });
await ingestPaths(engine, APPLE_INPUTS);
const tiers = unthrottledTiers();
const app = await startMcpApp(engine, { tiers, dir: path.join(dir, '_accounts') });

const reg = (await (await fetch(`${app.url}/oauth/register`, {
  method: 'POST', headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ client_name: 'bench', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
})).json()) as { client_id: string };
const verifier = crypto.randomBytes(32).toString('base64url');
const authorize = new URL(`${app.url}/oauth/authorize`);
for (const [k, v] of Object.entries({ response_type: 'code', client_id: reg.client_id, redirect_uri: REDIRECT, scope: 'mcp', resource: `${app.url}/mcp`, code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256' })) authorize.searchParams.set(k, v);
const { redirect } = await formSignIn(authorize, app.pro, REDIRECT);
const tokens = (await (await fetch(`${app.url}/oauth/token`, {
  method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ grant_type: 'authorization_code', code: String(redirect.searchParams.get('code')), client_id: reg.client_id, redirect_uri: REDIRECT, code_verifier: verifier }),
})).json()) as { access_token: string };

async function http(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${app.url}/v1/api/company/details?symbol=AAPL`, { headers: { authorization: `Bearer ${app.pro.apiToken}` } });
  if (res.status !== 200) throw new Error(`HTTP ${String(res.status)}`);
  await res.text();
  return performance.now() - t;
}

let id = 0;
async function mcp(): Promise<number> {
  const t = performance.now();
  const res = await fetch(`${app.url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name: 'company_details', arguments: { symbol: 'AAPL' } } }),
  });
  const body = (await res.json()) as { result?: { isError?: boolean } };
  if (res.status !== 200 || !body.result || body.result.isError) throw new Error(`MCP ${String(res.status)} ${JSON.stringify(body).slice(0, 200)}`);
  return performance.now() - t;
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
for (let i = 0; i < 30; i++) { await http(); await mcp(); }
const h: number[] = [];
const m: number[] = [];
for (let i = 0; i < requests; i++) {
  h.push(await http());
  m.push(await mcp());
}
const line = (name: string, xs: number[]) => `${name.padEnd(22)} p50 ${pct(xs, 0.5).toFixed(2)} ms  p95 ${pct(xs, 0.95).toFixed(2)} ms`;
process.stdout.write(`${line('HTTP company details', h)}\n${line('MCP tools/call', m)}\nratio MCP/HTTP p50 ${(pct(m, 0.5) / pct(h, 0.5)).toFixed(2)}x  p95 ${(pct(m, 0.95) / pct(h, 0.95)).toFixed(2)}x  (${String(requests)} each, sequential, same process)\n`);
await app.close();
engine.close();
fs.rmSync(dir, { recursive: true, force: true });
