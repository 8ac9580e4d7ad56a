// POST /mcp: the MCP Streamable HTTP transport of the official SDK, in stateless mode (a new server and transport per
// request, no session id, JSON responses), so any of several API processes behind a balancer can answer any request:
// the only shared state is the OAuth store and the rate-limit store (Redis when configured). Bearer tokens are the
// OAuth server's access tokens, checked for audience (this resource), scope and expiry; a missing or bad one is 401
// with `WWW-Authenticate` naming the protected resource metadata (RFC 9728), which is how a client discovers sign-in.
import crypto from 'node:crypto';
import type Koa from 'koa';
import type Provider from 'oidc-provider';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Account, TokenStore } from '../../engine/accounts/TokenStore.ts';
import type { AppState } from '../AppState.ts';
import { createMcpServer, type McpDeps } from './mcpServer.ts';
import { MCP_SCOPE } from './oauthServer.ts';

export const MCP_PATH = '/mcp';

export interface McpRouteDeps extends McpDeps {
  provider: Provider;
  tokens: TokenStore;
  /** The resource indicator tokens must be bound to (the /mcp URL). */
  resource: string;
  /** URL of this resource's RFC 9728 metadata. */
  resourceMetadataUrl: string;
}

type Verified = { ok: true; account: Account } | { ok: false; status: 401 | 403; code: string; message: string };

export async function verifyAccessToken(deps: Pick<McpRouteDeps, 'provider' | 'tokens' | 'resource'>, header: string): Promise<Verified> {
  const m = /^Bearer[ ]+([A-Za-z0-9._~+/-]+=*)\s*$/i.exec(header);
  if (!m?.[1]) return { ok: false, status: 401, code: '', message: header === '' ? 'Sign-in required: this endpoint uses OAuth 2.1 (see WWW-Authenticate)' : 'Malformed Authorization header: expected "Bearer <access token>"' };
  const token = await deps.provider.AccessToken.find(m[1]);
  if (!token || token.isExpired) return { ok: false, status: 401, code: 'invalid_token', message: 'The access token is unknown, expired or revoked' };
  const audiences = Array.isArray(token.aud) ? token.aud : token.aud === undefined ? [] : [token.aud];
  if (!audiences.includes(deps.resource)) return { ok: false, status: 401, code: 'invalid_token', message: `The access token was issued for another resource, not ${deps.resource}` };
  if (!(token.scope ?? '').split(' ').includes(MCP_SCOPE)) return { ok: false, status: 403, code: 'insufficient_scope', message: `The access token lacks the "${MCP_SCOPE}" scope` };
  const account = deps.tokens.account(token.accountId);
  if (!account) return { ok: false, status: 401, code: 'invalid_token', message: 'The account of this access token is no longer active' };
  return { ok: true, account };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * DNS-rebinding protection: a page of another site whose name was re-pointed at this server sends its own name as
 * Host, so only the public URL's host is served (on a loopback address, any loopback name with the same port). Origin
 * is not restricted: browser-based clients of other origins are welcome, and the credential is a bearer token a page
 * cannot borrow, unlike a cookie.
 */
function hostAllowed(host: string, publicHost: URL): boolean {
  if (host === publicHost.host) return true;
  let asked: URL;
  try {
    asked = new URL(`http://${host}`);
  } catch {
    return false;
  }
  return LOOPBACK.has(publicHost.hostname) && LOOPBACK.has(asked.hostname) && asked.port === publicHost.port;
}

export function mcpRoute(deps: McpRouteDeps): Koa.Middleware<AppState> {
  const publicHost = new URL(deps.resource);
  return async function mcp(ctx, next) {
    if (ctx.path !== MCP_PATH) {
      await next();
      return;
    }
    if (!hostAllowed(ctx.host, publicHost)) {
      ctx.status = 403;
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: `Host "${ctx.host}" is not this server (${publicHost.host})` }, id: null });
      return;
    }
    // browser-based MCP clients call across origins; the bearer token (not a cookie) is the credential
    ctx.set('Access-Control-Allow-Origin', '*');
    ctx.set('Access-Control-Expose-Headers', 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, X-Request-Id');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', 'POST, GET, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return;
    }
    const verified = await verifyAccessToken(deps, ctx.get('Authorization'));
    if (!verified.ok) {
      const error = verified.code ? `, error="${verified.code}", error_description="${verified.message.replace(/"/g, "'")}"` : '';
      const scope = verified.code === 'insufficient_scope' ? `, scope="${MCP_SCOPE}"` : '';
      ctx.status = verified.status;
      ctx.set('WWW-Authenticate', `Bearer resource_metadata="${deps.resourceMetadataUrl}"${error}${scope}`);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify({ error: verified.message });
      return;
    }
    ctx.state.account = verified.account;
    ctx.state.log = ctx.state.log.child({ token: verified.account.tokenId, mcp: true });
    if (ctx.method !== 'POST') {
      // stateless: no server-initiated stream (GET) and no session to end (DELETE)
      ctx.status = 405;
      ctx.set('Allow', 'POST, OPTIONS');
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; send requests with POST' }, id: null });
      return;
    }
    const server = createMcpServer(deps, verified.account, ctx.state.requestId || crypto.randomUUID(), ctx.state.log);
    const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true });
    ctx.respond = false;
    ctx.res.once('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(ctx.req, ctx.res);
  };
}
