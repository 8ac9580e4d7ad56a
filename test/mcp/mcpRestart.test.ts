// The whole server process restarted: a client signs in (DCR, PKCE), calls a tool, the real server process
// (`scripts/serve.ts`) is stopped with SIGTERM and started again on the same warehouse and accounts folder, and the
// same access token still calls tools and the same refresh token still refreshes (signing keys, clients, grants and
// tokens live in the accounts area); a token revoked before the restart is still refused after it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { TokenStore } from '../../engine/accounts/TokenStore.ts';
import { PasswordStore } from '../../engine/accounts/PasswordStore.ts';
import { test, before, after } from '../helpers/fixtureTest.ts';
import { fixture, ingestedWarehouse, tempDir } from '../helpers/tempWarehouse.ts';
import { freePort, startServerProcess, type ServerProcess } from './serverProcess.ts';
import { signIn, type IssuedTokens } from './signIn.ts';

const APPLE = ['submissions/CIK0000320193.json.gz', 'companyfacts/CIK0000320193.json.gz', 'reference/company_tickers_exchange.json.gz'];
const PASSWORD = 'restart test password';

let dir = '';
let env: Record<string, string> = {};
let url = '';
let server: ServerProcess | null = null;
let login = { id: '', password: PASSWORD };

before(async () => {
  dir = tempDir('mcp-restart-');
  const warehouse = path.join(dir, 'warehouse');
  await ingestedWarehouse(warehouse, APPLE.map((p) => fixture('edgar', ...p.split('/'))));
  const tokensFile = path.join(dir, 'accounts', 'tokens.json');
  const { record } = new TokenStore(tokensFile, 0).create('Pro', 'restart analyst');
  await new PasswordStore(path.join(dir, 'accounts', 'passwords.json')).set(record.id, PASSWORD);
  login = { id: record.id, password: PASSWORD };
  const port = await freePort();
  url = `http://127.0.0.1:${String(port)}`;
  env = { FILINGS_WAREHOUSE: warehouse, FILINGS_TOKENS_FILE: tokensFile, PORT: String(port), HOST: '127.0.0.1', FILINGS_PUBLIC_URL: url, REDIS_URL: '', LOG_LEVEL: 'warn' };
  server = await startServerProcess(env, url);
});

after(async () => {
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

async function mcp(accessToken: string, body: object): Promise<{ status: number; json: { result?: { isError?: boolean; structuredContent?: { name?: string } }; error?: unknown } | null }> {
  const res = await fetch(`${url}/mcp`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...body }),
  });
  const text = await res.text();
  return { status: res.status, json: res.status === 200 ? JSON.parse(text) as never : null };
}

const companyDetails = { method: 'tools/call', params: { name: 'company_details', arguments: { cik: 320193 } } };

async function tokenRequest(form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function revoke(token: string, clientId: string): Promise<number> {
  const res = await fetch(`${url}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, client_id: clientId }) });
  await res.arrayBuffer();
  return res.status;
}

async function restart(): Promise<void> {
  const code = await server?.stop();
  assert.equal(code, 0, `the server stops cleanly on SIGTERM:\n${server?.output() ?? ''}`);
  server = await startServerProcess(env, url);
}

test('after a full process restart the same access and refresh tokens work and a revoked token stays revoked', async () => {
  const kept: IssuedTokens = await signIn(url, login);
  const before = await mcp(kept.access_token, companyDetails);
  assert.equal(before.status, 200);
  assert.notEqual(before.json?.result?.isError, true, JSON.stringify(before.json));
  const name = before.json?.result?.structuredContent?.name;
  assert.ok(name, 'the tool answered the company');

  const revoked = await signIn(url, login);
  assert.equal(await revoke(revoked.access_token, revoked.clientId), 200);
  assert.equal(await revoke(revoked.refresh_token, revoked.clientId), 200);
  assert.equal((await mcp(revoked.access_token, companyDetails)).status, 401, 'revoked before the restart');
  const jwks = await (await fetch(`${url}/oauth/jwks`)).text();

  await restart();

  assert.equal(await (await fetch(`${url}/oauth/jwks`)).text(), jwks, 'the same signing keys after the restart');
  const after = await mcp(kept.access_token, companyDetails);
  assert.equal(after.status, 200, 'the access token issued before the restart still works');
  assert.equal(after.json?.result?.structuredContent?.name, name);

  const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: kept.refresh_token, client_id: kept.clientId });
  assert.equal(refreshed.status, 200, `the refresh token issued before the restart still refreshes: ${JSON.stringify(refreshed.body)}`);
  assert.notEqual(refreshed.body.refresh_token, kept.refresh_token, 'and is rotated');
  assert.equal((await mcp(String(refreshed.body.access_token), companyDetails)).status, 200);

  const stale = await mcp(revoked.access_token, companyDetails);
  assert.equal(stale.status, 401, 'a token revoked before the restart is still refused');
  const staleRefresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: revoked.refresh_token, client_id: revoked.clientId });
  assert.equal(staleRefresh.status, 400);
  assert.equal(staleRefresh.body.error, 'invalid_grant');
});
