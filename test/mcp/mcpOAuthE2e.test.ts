// End to end, as an MCP client meets the server for the first time with only its URL: the SDK's client gets 401 from
// /mcp, discovers the protected resource and authorization server metadata, registers itself (RFC 7591), opens the
// authorization URL; a real headless Chromium signs in and approves (screenshots under tmp/test-output/); the SDK
// exchanges the code with its PKCE verifier; then tools/list covers the registry, a tool call returns what the HTTP
// endpoint returns, an expired access token is refreshed, a reused refresh token is refused and revokes the family,
// and a Free account is told which plan a Pro tool needs, the refusal counting against its limits.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { test, before, after } from '../helpers/fixtureTest.ts';
import { fixture } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';
import { fixtureWarehouse, bearer, type TestWarehouse } from '../http/testApp.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { toolName } from '../../http/mcp/endpointTools.ts';
import { startMcpApp, type Login, type McpTestApp } from './mcpTestApp.ts';
import { DEFAULT_TIERS } from '../../http/tiers.ts';
import { MemoryOAuthClient, catchRedirects, type RedirectCatcher } from './oauthClient.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUTPUT = path.resolve('tmp', 'test-output');
const ACCESS_TTL = 3;
const browserMissing = fs.existsSync(CHROMIUM) ? false : `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;

let wh: TestWarehouse | undefined;
let app: McpTestApp;
let browser: Browser | undefined;
let catcher: RedirectCatcher;

before(async () => {
  wh = await fixtureWarehouse();
  // OAuth and sign-in requests spend the anonymous per-address budget; three sign-ins in a minute come close to it
  app = await startMcpApp(wh.engine, { accessTokenTtl: ACCESS_TTL, tiers: { ...DEFAULT_TIERS, anonymous: { perMinute: 10_000, perDay: 100_000 } } });
  catcher = await catchRedirects();
  if (!browserMissing) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  fs.mkdirSync(OUTPUT, { recursive: true });
});

after(async () => {
  await browser?.close();
  await catcher.close();
  await app.close();
  wh?.cleanup();
});

/** The SDK's first contact: 401, discovery, registration, and the URL it asks the user agent to open. */
async function startAuthorization(oauth: MemoryOAuthClient): Promise<URL> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await assert.rejects(client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { authProvider: oauth })), UnauthorizedError);
  return defined(oauth.authorizationUrl, 'authorization URL');
}

/** Chromium opens the authorization URL, signs in, approves when asked; returns the code sent to the redirect URI. */
async function browserSignIn(authorizationUrl: URL, login: Login, shots: string): Promise<{ code: string; consentShown: boolean; consentText: string }> {
  const context = await defined(browser, 'browser').newContext({ viewport: { width: 720, height: 720 } });
  try {
    const page = await context.newPage();
    const redirected = catcher.next();
    await page.goto(authorizationUrl.href);
    await page.getByLabel('Account ID').fill(login.id);
    await page.getByLabel('Password').fill(login.password);
    await page.screenshot({ path: path.join(OUTPUT, `${shots}-sign-in.png`) });
    await page.getByRole('button', { name: 'Sign in' }).click();
    let consentShown = false;
    let consentText = '';
    const first = await Promise.race([redirected.then(() => 'redirect' as const), page.getByRole('heading', { name: 'Allow access?' }).waitFor().then(() => 'consent' as const)]);
    if (first === 'consent') {
      consentShown = true;
      consentText = await page.locator('main').innerText();
      await page.screenshot({ path: path.join(OUTPUT, `${shots}-consent.png`) });
      await page.getByRole('button', { name: 'Allow' }).click();
    }
    const query = await redirected;
    assert.equal(query.get('iss'), app.url, 'the redirect names the issuer (RFC 9207)');
    return { code: defined(query.get('code') ?? undefined, `code in redirect (${query.toString()})`), consentShown, consentText };
  } finally {
    await context.close();
  }
}

async function connected(oauth: MemoryOAuthClient): Promise<Client> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { authProvider: oauth }));
  return client;
}

async function finish(oauth: MemoryOAuthClient, code: string): Promise<void> {
  await new StreamableHTTPClientTransport(new URL(`${app.url}/mcp`), { authProvider: oauth }).finishAuth(code);
}

async function getJson(pathAndQuery: string, apiToken: string): Promise<{ status: number; body: unknown; remaining: number }> {
  const res = await fetch(`${app.url}/v1${pathAndQuery}`, bearer(apiToken));
  return { status: res.status, body: await res.json(), remaining: Number(res.headers.get('x-ratelimit-remaining-minute')) };
}

function textOf(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

const pro = { oauth: null as MemoryOAuthClient | null, client: null as Client | null };

test('a client with only the MCP URL is told where to sign in: 401 with WWW-Authenticate naming the resource metadata', { skip: browserMissing }, async () => {
  const res = await fetch(`${app.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  assert.equal(res.status, 401);
  const challenge = res.headers.get('www-authenticate') ?? '';
  const metadataUrl = defined(/resource_metadata="([^"]+)"/.exec(challenge)?.[1], 'resource_metadata');
  const metadata = (await (await fetch(metadataUrl)).json()) as { resource: string; authorization_servers: string[] };
  assert.equal(metadata.resource, `${app.url}/mcp`);
  const as = (await (await fetch(`${defined(metadata.authorization_servers[0], 'AS')}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
  assert.deepEqual(as.code_challenge_methods_supported, ['S256']);
  assert.deepEqual(as.response_types_supported, ['code']);
  assert.ok(typeof as.registration_endpoint === 'string');
});

test('sign-in in Chromium, consent, code exchange with PKCE: the SDK client is connected', { skip: browserMissing }, async () => {
  const oauth = new MemoryOAuthClient(catcher.url, 'E2E Pro client');
  const url = await startAuthorization(oauth);
  assert.ok(oauth.info?.client_id, 'dynamic registration gave a client id');
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  assert.equal(url.searchParams.get('resource'), `${app.url}/mcp`);
  const { code, consentShown, consentText } = await browserSignIn(url, app.pro, 'mcp');
  assert.equal(consentShown, true, 'a new client is shown the consent page');
  // the plan by its title and limits, the scope in words: what the tier configuration says, not ids
  const limits = DEFAULT_TIERS.plans.Pro;
  assert.match(consentText, new RegExp(`${DEFAULT_TIERS.planTitles.Pro} plan`));
  assert.match(consentText, new RegExp(`${limits.perMinute.toLocaleString('en-US')} calls a minute and ${limits.perDay.toLocaleString('en-US')} a day`));
  assert.match(consentText, /Read filings data through the tools your plan includes/);
  assert.doesNotMatch(consentText, /(?<!\/)\bmcp\b/, 'no scope id on the page (the server URL ends in /mcp)');
  await finish(oauth, code);
  const tokens = defined(oauth.saved, 'tokens');
  assert.ok(tokens.refresh_token, 'a refresh token is issued');
  assert.ok((tokens.expires_in ?? 0) <= ACCESS_TTL, 'the access token is short-lived');
  if (process.env.UPDATE_DOCS_SCREENSHOT === '1') {
    for (const shot of ['mcp-sign-in.png', 'mcp-consent.png']) fs.copyFileSync(path.join(OUTPUT, shot), path.resolve('docs', shot));
  }
  pro.oauth = oauth;
  pro.client = await connected(oauth);
});

test('tools/list shows one tool per registry endpoint, each with a description and an object input schema', { skip: browserMissing }, async () => {
  const { tools } = await defined(pro.client, 'client').listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), ENDPOINTS.map(toolName).sort());
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, 'object');
    assert.ok((tool.description ?? '').length > 20, tool.name);
  }
});

test('a tool call returns the same data as the HTTP endpoint, and the name the submissions document gives', { skip: browserMissing }, async () => {
  const client = defined(pro.client, 'client');
  const submissions = JSON.parse(zlib.gunzipSync(fs.readFileSync(fixture('edgar', 'submissions', 'CIK0000320193.json.gz'))).toString('utf8')) as { name: string; tickers: string[] };
  const symbol = defined(submissions.tickers[0], 'ticker');
  const details = (await client.callTool({ name: 'company_details', arguments: { symbol } })) as CallToolResult;
  assert.notEqual(details.isError, true, textOf(details));
  const http = await getJson(`/api/company/details?symbol=${symbol}`, app.pro.apiToken);
  assert.deepEqual(details.structuredContent, http.body);
  assert.equal((details.structuredContent as { name: string }).name, submissions.name);
  assert.deepEqual(JSON.parse(textOf(details)), http.body, 'the text rendering is the same JSON');

  const asReported = (await client.callTool({ name: 'financials_as_reported', arguments: { symbol, period: 'annual', limit: 3 } })) as CallToolResult;
  assert.notEqual(asReported.isError, true, textOf(asReported));
  const httpRows = await getJson(`/api/financials/as-reported?symbol=${symbol}&period=annual&limit=3`, app.pro.apiToken);
  assert.deepEqual(asReported.structuredContent, { data: httpRows.body });

  const bad = (await client.callTool({ name: 'financials_as_reported', arguments: { symbol, period: 'weekly' } })) as CallToolResult;
  assert.equal(bad.isError, true);
  assert.match(textOf(bad), /Invalid parameter "period"/);
});

test('after the access token expires the SDK refreshes it, and the refresh token is rotated', { skip: browserMissing }, async () => {
  const oauth = defined(pro.oauth, 'oauth');
  const before = oauth.history.length;
  const old = defined(oauth.saved, 'tokens');
  await new Promise((resolve) => setTimeout(resolve, (ACCESS_TTL + 1) * 1000));
  const stale = await fetch(`${app.url}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${old.access_token}`, 'content-type': 'application/json' }, body: '{}' });
  assert.equal(stale.status, 401);
  assert.match(stale.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
  const result = (await defined(pro.client, 'client').callTool({ name: 'company_details', arguments: { cik: 320193 } })) as CallToolResult;
  assert.notEqual(result.isError, true, textOf(result));
  assert.ok(oauth.history.length > before, 'new tokens were saved');
  assert.notEqual(defined(oauth.saved, 'tokens').refresh_token, old.refresh_token, 'the refresh token rotated');
});

test('a rotated refresh token used again is refused (invalid_grant) and revokes the whole family', { skip: browserMissing }, async () => {
  const oauth = defined(pro.oauth, 'oauth');
  const used = defined(oauth.history.at(-2)?.refresh_token, 'a rotated refresh token');
  const current = defined(oauth.saved, 'tokens');
  const token = async (refreshToken: string) => {
    const res = await fetch(`${app.url}/oauth/token`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: String(oauth.info?.client_id) }),
    });
    return { status: res.status, body: (await res.json()) as { error?: string } };
  };
  const reuse = await token(used);
  assert.equal(reuse.status, 400);
  assert.equal(reuse.body.error, 'invalid_grant');
  const family = await token(defined(current.refresh_token, 'current refresh token'));
  assert.equal(family.body.error, 'invalid_grant', 'the newest refresh token of the family is revoked too');
  const res = await fetch(`${app.url}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${current.access_token}`, 'content-type': 'application/json' }, body: '{}' });
  assert.equal(res.status, 401, 'and so is its access token');
  await pro.client?.close();
});

test('a Free account is told which plan a Pro tool needs, and the refusal counts against its limits like a 403', { skip: browserMissing }, async () => {
  const oauth = new MemoryOAuthClient(catcher.url, 'E2E Free client');
  const { code } = await browserSignIn(await startAuthorization(oauth), app.free, 'mcp-free');
  await finish(oauth, code);
  const client = await connected(oauth);
  const proOnly = defined(ENDPOINTS.find((e) => e.tiers.length === 1 && e.tiers[0] === 'Pro' && e.entity), 'a Pro-only endpoint');
  const first = await getJson('/api/company/details?cik=320193', app.free.apiToken);
  const denied = (await client.callTool({ name: toolName(proOnly), arguments: { cik: 320193 } })) as CallToolResult;
  assert.equal(denied.isError, true);
  assert.match(textOf(denied), /current plan \(Free\).*Professional plan is required/);
  const http403 = await getJson(`${proOnly.path}?cik=320193`, app.free.apiToken);
  assert.equal(http403.status, 403);
  assert.equal((http403.body as { error: string }).error, textOf(denied), 'the tool error is the HTTP 403 message');
  assert.equal(first.remaining - http403.remaining, 2, 'the denied tool call and the 403 each spent one request of the minute budget');
  await client.close();
});

test('signing in again with the same client skips the consent page: consent is remembered per account and client', { skip: browserMissing }, async () => {
  const oauth = new MemoryOAuthClient(catcher.url, 'E2E Free client');
  const first = await startAuthorization(oauth);
  await finish(oauth, (await browserSignIn(first, app.free, 'mcp-free-1')).code);
  oauth.saved = undefined;
  const again = await startAuthorization(oauth);
  const { consentShown } = await browserSignIn(again, app.free, 'mcp-free-2');
  assert.equal(consentShown, false);
});
