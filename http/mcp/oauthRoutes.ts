// Mounts the OAuth server in the app: its endpoints under /oauth, its metadata at both well-known paths (RFC 8414
// `oauth-authorization-server` and OpenID discovery carry the same document), and the protected resource metadata
// of /mcp (RFC 9728) at `/.well-known/oauth-protected-resource` and the path-suffixed form clients also try.
import type Koa from 'koa';
import type Provider from 'oidc-provider';
import { MCP_SCOPE, OAUTH_PREFIX } from './oauthServer.ts';

export interface OAuthRoutesDeps {
  provider: Provider;
  publicUrl: string;
  resource: string;
}

export const PROTECTED_RESOURCE_PATHS = ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'];
const AS_METADATA = '/.well-known/oauth-authorization-server';
const OIDC_DISCOVERY = '/.well-known/openid-configuration';

export function protectedResourceMetadataUrl(publicUrl: string): string {
  return `${publicUrl}/.well-known/oauth-protected-resource/mcp`;
}

export function oauthRoutes(deps: OAuthRoutesDeps): Koa.Middleware {
  const metadata = JSON.stringify({
    resource: deps.resource,
    authorization_servers: [deps.publicUrl],
    scopes_supported: [MCP_SCOPE],
    bearer_methods_supported: ['header'],
    resource_name: 'filings-engine MCP server',
    resource_documentation: `${deps.publicUrl}/v1/docs`,
  });
  const callback = deps.provider.callback();
  return async function oauth(ctx, next) {
    if (PROTECTED_RESOURCE_PATHS.includes(ctx.path)) {
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.set('Cache-Control', 'public, max-age=300');
      if (ctx.method === 'OPTIONS') {
        ctx.status = 204;
        return;
      }
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = metadata;
      return;
    }
    if (ctx.path === AS_METADATA) {
      ctx.req.url = `${OIDC_DISCOVERY}${ctx.search}`;
    } else if (ctx.path !== OIDC_DISCOVERY && !ctx.path.startsWith(`${OAUTH_PREFIX}/`)) {
      await next();
      return;
    }
    // oidc-provider is a Koa app of its own: it writes the response (JSON errors with RFC error codes, redirects)
    ctx.respond = false;
    await callback(ctx.req, ctx.res);
  };
}
