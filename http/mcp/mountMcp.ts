// Builds the MCP side of the app from the registry and the accounts area: the OAuth server (oauthServer.ts), its
// routes and sign-in pages, and the /mcp resource. app.ts places the two middlewares it returns.
import type Koa from 'koa';
import type { PasswordStore } from '../../engine/accounts/PasswordStore.ts';
import type { OAuthStore } from '../../engine/accounts/OAuthStore.ts';
import type { OAuthKeys } from '../../engine/accounts/oauthKeys.ts';
import type { TokenStore } from '../../engine/accounts/TokenStore.ts';
import type { AppState } from '../AppState.ts';
import type { Endpoint } from '../registry.ts';
import type { RateLimiter } from '../rateLimit/RateLimiter.ts';
import type { TierConfig } from '../tiers.ts';
import { createOAuthServer, mcpResource } from './oauthServer.ts';
import { oauthRoutes, protectedResourceMetadataUrl } from './oauthRoutes.ts';
import { interactions } from './interactions.ts';
import { mcpRoute } from './mcpRoute.ts';
import { endpointTools } from './endpointTools.ts';
import { apiResources } from './apiResources.ts';

export interface McpOptions {
  /** The server's public origin, e.g. https://filings.example.com: the OAuth issuer; /mcp is the resource. */
  publicUrl: string;
  store: OAuthStore;
  keys: OAuthKeys;
  passwords: PasswordStore;
  /** Access-token lifetime, seconds (default 600). */
  accessTokenTtl?: number;
  /** Authorization-code lifetime, seconds (default 60). */
  authorizationCodeTtl?: number;
  /** Refresh-token lifetime, seconds (default 30 days). */
  refreshTokenTtl?: number;
}

export interface McpMountDeps {
  app: Koa<AppState>;
  handlers: Map<Endpoint, Koa.Middleware<AppState>>;
  endpoints: readonly Endpoint[];
  tiers: TierConfig;
  limiter: RateLimiter;
  tokens: TokenStore;
  openapi: string;
  version: string;
  proxy: boolean;
}

export interface MountedMcp {
  /** /mcp: placed before identify and the per-address rate limit. */
  resource: Koa.Middleware<AppState>;
  /** OAuth endpoints, metadata and sign-in pages: placed after the rate limit. */
  authorizationServer: Koa.Middleware<AppState>;
}

export function mountMcp(options: McpOptions, deps: McpMountDeps): MountedMcp {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const resource = mcpResource(publicUrl);
  const provider = createOAuthServer({
    publicUrl, store: options.store, keys: options.keys, tokens: deps.tokens, proxy: deps.proxy,
    ...(options.accessTokenTtl !== undefined ? { accessTokenTtl: options.accessTokenTtl } : {}),
    ...(options.authorizationCodeTtl !== undefined ? { authorizationCodeTtl: options.authorizationCodeTtl } : {}),
    ...(options.refreshTokenTtl !== undefined ? { refreshTokenTtl: options.refreshTokenTtl } : {}),
  });
  const tools = endpointTools(deps.endpoints, deps.tiers, JSON.parse(deps.openapi) as Record<string, unknown>);
  const signIn = interactions({ provider, tokens: deps.tokens, passwords: options.passwords, store: options.store, consentTtl: 365 * 24 * 3600, tiers: deps.tiers, endpoints: deps.endpoints });
  const oauth = oauthRoutes({ provider, publicUrl, resource });
  return {
    resource: mcpRoute({
      app: deps.app, tools, handlers: deps.handlers, limiter: deps.limiter, tiers: deps.tiers, version: deps.version,
      resources: apiResources(publicUrl, deps.openapi, tools, deps.tiers),
      provider, tokens: deps.tokens, resource, resourceMetadataUrl: protectedResourceMetadataUrl(publicUrl),
    }),
    authorizationServer: async (ctx, next) => {
      await signIn(ctx, async () => {
        await oauth(ctx, next);
      });
    },
  };
}
