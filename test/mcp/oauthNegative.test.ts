// What the OAuth server refuses, each with the error code its RFC names and never a 500: a wrong PKCE verifier, a
// redirect URI that was not registered, an expired code, a token for another resource (asked for, and presented), a
// tampered token, and the grants OAuth 2.1 drops (implicit, password, plain PKCE).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';
import { startMcpApp, type McpTestApp } from './mcpTestApp.ts';
import { formSignIn } from './formSignIn.ts';
import { DEFAULT_TIERS } from '../../http/tiers.ts';

// OAuth endpoints spend the anonymous per-address budget; these tests make more requests a minute than it allows
const tiers = { ...DEFAULT_TIERS, anonymous: { perMinute: 10_000, perDay: 100_000 } };

const REDIRECT = 'http://127.0.0.1:9/callback';
const CODE_TTL = 1;

let wh: Awaited<ReturnType<typeof openTempEngine>> | undefined;
let app: McpTestApp;
let other: McpTestApp;
/** Codes expire after CODE_TTL s here only: on a loaded box a code of `app` may take longer than that to be exchanged. */
let brief: McpTestApp;

before(async () => {
  wh = await openTempEngine('write');
  app = await startMcpApp(wh.engine, { tiers });
  brief = await startMcpApp(wh.engine, { authorizationCodeTtl: CODE_TTL, tiers });
  // a second server (another issuer and resource) over the same accounts area: its tokens are real, for another audience
  other = await startMcpApp(wh.engine, { dir: app.dir, tiers });
});

after(async () => {
  await other.close();
  await brief.close();
  await app.close();
  wh?.cleanup();
});

async function register(server: McpTestApp, redirectUris = [REDIRECT]): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/oauth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'negative', redirect_uris: redirectUris, grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = crypto.randomBytes(32).toString('base64url');
  return { verifier, challenge: crypto.createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeUrl(server: McpTestApp, clientId: string, params: Record<string, string>): URL {
  const url = new URL(`${server.url}/oauth/authorize`);
  for (const [k, v] of Object.entries({ response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: 'mcp', resource: `${server.url}/mcp`, ...params })) url.searchParams.set(k, v);
  return url;
}

async function tokenRequest(server: McpTestApp, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A client, a signed-in Pro account and a fresh code for it. */
async function codeFor(server: McpTestApp): Promise<{ clientId: string; code: string; verifier: string }> {
  const clientId = String((await register(server)).body.client_id);
  const { verifier, challenge } = pkce();
  const { redirect } = await formSignIn(authorizeUrl(server, clientId, { code_challenge: challenge, code_challenge_method: 'S256' }), server.pro, REDIRECT);
  return { clientId, code: defined(redirect.searchParams.get('code') ?? undefined, `code in ${redirect.href}`), verifier };
}

function exchange(server: McpTestApp, c: { clientId: string; code: string }, verifier: string, extra: Record<string, string> = {}) {
  return tokenRequest(server, { grant_type: 'authorization_code', code: c.code, client_id: c.clientId, redirect_uri: REDIRECT, code_verifier: verifier, ...extra });
}

async function mcpStatus(server: McpTestApp, token: string): Promise<{ status: number; challenge: string }> {
  const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }) });
  await res.text();
  return { status: res.status, challenge: res.headers.get('www-authenticate') ?? '' };
}

test('a code exchanged with the wrong PKCE verifier is refused: invalid_grant (RFC 7636 4.6)', async () => {
  const c = await codeFor(app);
  const wrong = await exchange(app, c, pkce().verifier);
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.error, 'invalid_grant');
});

test('an authorization request with a redirect URI that was not registered is refused without redirecting', async () => {
  const clientId = String((await register(app)).body.client_id);
  const url = authorizeUrl(app, clientId, { redirect_uri: 'http://127.0.0.1:9/elsewhere', code_challenge: pkce().challenge, code_challenge_method: 'S256' });
  const res = await fetch(url, { redirect: 'manual' });
  assert.equal(res.status, 400);
  assert.equal(res.headers.get('location'), null, 'never redirected to an unregistered URI');
  assert.equal(((await res.json()) as { error: string }).error, 'invalid_redirect_uri');
});

test('registration refuses a redirect URI that is not a URL: invalid_redirect_uri (RFC 7591 3.2.2)', async () => {
  const bad = await register(app, ['not a url']);
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error, 'invalid_redirect_uri');
});

test('a code used after it expired is refused: invalid_grant', async () => {
  const c = await codeFor(brief);
  await new Promise((resolve) => setTimeout(resolve, (CODE_TTL + 1) * 1000));
  const late = await exchange(brief, c, c.verifier);
  assert.equal(late.status, 400);
  assert.equal(late.body.error, 'invalid_grant');
});

test('a code is single use: the second exchange is invalid_grant and revokes what the first issued', async () => {
  const c = await codeFor(app);
  const first = await exchange(app, c, c.verifier);
  assert.equal(first.status, 200);
  const second = await exchange(app, c, c.verifier);
  assert.equal(second.body.error, 'invalid_grant');
  assert.equal((await mcpStatus(app, String(first.body.access_token))).status, 401);
});

test('asking for a token for another resource is invalid_target (RFC 8707 2), at the authorization and token endpoints', async () => {
  const clientId = String((await register(app)).body.client_id);
  const res = await fetch(authorizeUrl(app, clientId, { resource: 'https://elsewhere.example/mcp', code_challenge: pkce().challenge, code_challenge_method: 'S256' }), { redirect: 'manual' });
  assert.equal(errorOf(res.headers.get('location')) ?? ((await res.json()) as { error: string }).error, 'invalid_target');
  const c = await codeFor(app);
  const exchanged = await exchange(app, c, c.verifier);
  const refreshed = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: String(exchanged.body.refresh_token), client_id: c.clientId, resource: 'https://elsewhere.example/mcp' });
  assert.equal(refreshed.status, 400);
  assert.equal(refreshed.body.error, 'invalid_target');
});

/** The error of a redirect: in the query, or in the fragment where the response mode is a fragment. */
function errorOf(location: string | null): string | null {
  if (location === null) return null;
  const url = new URL(location);
  return url.searchParams.get('error') ?? new URLSearchParams(url.hash.slice(1)).get('error');
}

test('a token issued for another resource is refused by /mcp: 401 invalid_token naming the resource metadata', async () => {
  const c = await codeFor(other);
  const issued = await exchange(other, c, c.verifier);
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  const token = String(issued.body.access_token);
  assert.equal((await mcpStatus(other, token)).status, 200, 'valid where it was meant for');
  const { status, challenge } = await mcpStatus(app, token);
  assert.equal(status, 401);
  assert.match(challenge, /error="invalid_token"/);
  assert.match(challenge, new RegExp(`resource_metadata="${app.url}/.well-known/oauth-protected-resource/mcp"`));
});

test('tampered access and refresh tokens are refused: 401 invalid_token at /mcp, invalid_grant at the token endpoint', async () => {
  const c = await codeFor(app);
  const issued = await exchange(app, c, c.verifier);
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  const access = String(issued.body.access_token);
  const flip = (t: string) => `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}`;
  assert.equal((await mcpStatus(app, access)).status, 200);
  const tampered = await mcpStatus(app, flip(access));
  assert.equal(tampered.status, 401);
  assert.match(tampered.challenge, /error="invalid_token"/);
  const refresh = await tokenRequest(app, { grant_type: 'refresh_token', refresh_token: flip(String(issued.body.refresh_token)), client_id: c.clientId });
  assert.equal(refresh.status, 400);
  assert.equal(refresh.body.error, 'invalid_grant');
});

test('what OAuth 2.1 drops is refused: implicit, password grant, plain or missing PKCE', async () => {
  const clientId = String((await register(app)).body.client_id);
  const authorizationErrors = [
    { params: { response_type: 'token', code_challenge: pkce().challenge, code_challenge_method: 'S256' }, error: 'unsupported_response_type' },
    { params: { code_challenge: pkce().verifier, code_challenge_method: 'plain' }, error: 'invalid_request' },
    { params: {}, error: 'invalid_request' },
  ];
  for (const { params, error } of authorizationErrors) {
    const res = await fetch(authorizeUrl(app, clientId, params), { redirect: 'manual' });
    assert.ok(res.status < 500, `${JSON.stringify(params)}: ${String(res.status)}`);
    const got = errorOf(res.headers.get('location')) ?? ((await res.json()) as { error: string }).error;
    assert.equal(got, error, JSON.stringify(params));
  }
  const password = await tokenRequest(app, { grant_type: 'password', username: app.pro.id, password: app.pro.password, client_id: clientId });
  assert.equal(password.body.error, 'unsupported_grant_type');
});

test('a wrong sign-in password shows the form again with an error and issues nothing', async () => {
  const clientId = String((await register(app)).body.client_id);
  await assert.rejects(
    formSignIn(authorizeUrl(app, clientId, { code_challenge: pkce().challenge, code_challenge_method: 'S256' }), { id: app.pro.id, password: 'not the password at all' }, REDIRECT),
    /answered 401/,
  );
});
