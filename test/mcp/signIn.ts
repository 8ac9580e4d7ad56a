// Gets an MCP access token the quick way, with the real OAuth endpoints and no browser: dynamic registration, an
// authorization request with PKCE S256, the sign-in and consent forms submitted (formSignIn.ts), the code exchange.
import crypto from 'node:crypto';
import { formSignIn } from './formSignIn.ts';

export const REDIRECT = 'http://127.0.0.1:9/callback';

export interface IssuedTokens {
  clientId: string;
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 && res.status !== 201) throw new Error(`${what}: ${String(res.status)} ${JSON.stringify(body)}`);
  return body;
}

export async function signIn(baseUrl: string, login: { id: string; password: string }): Promise<IssuedTokens> {
  const registered = await json(await fetch(`${baseUrl}/oauth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Test client', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
  }), 'registration');
  const clientId = String(registered.client_id);
  const verifier = crypto.randomBytes(32).toString('base64url');
  const authorize = new URL(`${baseUrl}/oauth/authorize`);
  const params = {
    response_type: 'code', client_id: clientId, redirect_uri: REDIRECT, scope: 'mcp', resource: `${baseUrl}/mcp`,
    code_challenge: crypto.createHash('sha256').update(verifier).digest('base64url'), code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  const { redirect } = await formSignIn(authorize, login, REDIRECT);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`no code in ${redirect.href}`);
  const tokens = await json(await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier }),
  }), 'code exchange');
  return { clientId, access_token: String(tokens.access_token), refresh_token: String(tokens.refresh_token), expires_in: Number(tokens.expires_in) };
}
