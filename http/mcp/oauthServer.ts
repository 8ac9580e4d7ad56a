// The OAuth 2.1 authorization server behind /mcp, built on oidc-provider (a Koa app, certified, maintained) rather
// than hand-written token handling. What it allows: authorization code with PKCE S256 (no implicit, no password, no
// client credentials), open dynamic client registration (RFC 7591), resource indicators (RFC 8707) bound to the one
// MCP resource, opaque access tokens that live minutes, refresh tokens rotated on every use (a second use of a rotated
// token revokes the whole grant: oidc-provider's reuse detection), revocation (RFC 7009). Records live in an
// OAuthStore (files in the accounts area, or Redis), keys in the accounts area: a restart signs nobody out.
//
// Node 20: oidc-provider 9 prints "Unsupported runtime" on any release older than the Node 22 LTS ("Jod"). The check
// compares the LTS code name only and gates nothing. The one newer API its code calls is URL.parse (redirect URIs,
// resource indicators), which Node 20.18 has (backported from 22.1); jose 6 uses RS256 WebCrypto, present since Node
// 15; the features we do not enable (DPoP, client ID metadata documents, request objects) are the other callers.
// test/mcp/oidcRuntime.test.ts checks URL.parse behaves as oidc-provider relies on; the warning is harmless here.
import Provider, { errors, type Adapter, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { TokenStore } from '../../engine/accounts/TokenStore.ts';
import type { OAuthStore } from '../../engine/accounts/OAuthStore.ts';
import type { OAuthKeys } from '../../engine/accounts/oauthKeys.ts';

export const MCP_SCOPE = 'mcp';
export const OAUTH_PREFIX = '/oauth';
export const INTERACTION_PREFIX = `${OAUTH_PREFIX}/interaction`;

export interface OAuthOptions {
  /** Where clients reach the server, e.g. https://filings.example.com (no trailing slash): the issuer. */
  publicUrl: string;
  store: OAuthStore;
  keys: OAuthKeys;
  tokens: TokenStore;
  /** Access-token lifetime in seconds (default 600). */
  accessTokenTtl?: number;
  /** Authorization-code lifetime in seconds (default 60). */
  authorizationCodeTtl?: number;
  /** Refresh-token lifetime in seconds (default 30 days); each rotation starts a new one. */
  refreshTokenTtl?: number;
  /** Proxies trusted for the client address and scheme. */
  proxy?: boolean;
}

/** The MCP endpoint's URL: the resource indicator every access token is bound to (its audience). */
export function mcpResource(publicUrl: string): string {
  return `${publicUrl}/mcp`;
}

/** oidc-provider's per-model adapter over our store (models: Client, Grant, AccessToken, RefreshToken, ...). */
function adapterFor(store: OAuthStore): (model: string) => Adapter {
  return (model) => ({
    upsert: (id, payload, expiresIn) => store.upsert(model, id, payload, expiresIn),
    find: async (id) => (await store.find(model, id)),
    findByUid: async (uid) => (await store.findByUid(model, uid)),
    findByUserCode: async (code) => (await store.findByUserCode(model, code)),
    consume: (id) => store.consume(model, id),
    destroy: (id) => store.destroy(model, id),
    revokeByGrantId: (grantId) => store.revokeByGrantId(grantId),
  });
}

/** Consent is remembered per account and client: the grant of an earlier approval is found again in a new session. */
export const CONSENT_MODEL = 'Consent';

export function consentKey(accountId: string, clientId: string): string {
  return `${accountId}\n${clientId}`;
}

export function createOAuthServer(options: OAuthOptions): Provider {
  const resource = mcpResource(options.publicUrl);
  const { store, tokens } = options;
  const configuration: Configuration = {
    adapter: adapterFor(store),
    jwks: options.keys.jwks,
    cookies: { keys: options.keys.cookieKeys },
    findAccount(_ctx, id) {
      const account = tokens.account(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, name: account.name, plan: account.plan }) };
    },
    routes: {
      authorization: `${OAUTH_PREFIX}/authorize`,
      token: `${OAUTH_PREFIX}/token`,
      registration: `${OAUTH_PREFIX}/register`,
      revocation: `${OAUTH_PREFIX}/revoke`,
      jwks: `${OAUTH_PREFIX}/jwks`,
      end_session: `${OAUTH_PREFIX}/session/end`,
      userinfo: `${OAUTH_PREFIX}/userinfo`,
      introspection: `${OAUTH_PREFIX}/introspect`,
      pushed_authorization_request: `${OAUTH_PREFIX}/par`,
      backchannel_authentication: `${OAUTH_PREFIX}/backchannel`,
      code_verification: `${OAUTH_PREFIX}/device`,
      device_authorization: `${OAUTH_PREFIX}/device/auth`,
      challenge: `${OAUTH_PREFIX}/challenge`,
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}` },
    scopes: [MCP_SCOPE, 'offline_access'],
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: true },
      revocation: { enabled: true },
      introspection: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        // a client that names no resource still gets a token for /mcp: the only resource there is
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget(`this server issues tokens only for ${resource}`);
          return { scope: MCP_SCOPE, audience: resource, accessTokenTTL: options.accessTokenTtl ?? 600, accessTokenFormat: 'opaque' };
        },
      },
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: options.accessTokenTtl ?? 600,
      AuthorizationCode: options.authorizationCodeTtl ?? 60,
      RefreshToken: options.refreshTokenTtl ?? 30 * 24 * 3600,
      Grant: 365 * 24 * 3600,
      Interaction: 600,
      Session: 14 * 24 * 3600,
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { client, session, result } = ctx.oidc;
      if (!client) return undefined;
      const fromResult = (result?.consent as { grantId?: string } | undefined)?.grantId;
      const accountId = session?.accountId;
      const remembered = accountId ? (await store.find(CONSENT_MODEL, consentKey(accountId, client.clientId)))?.grantId : undefined;
      const grantId = fromResult ?? session?.grantIdFor(client.clientId) ?? (typeof remembered === 'string' ? remembered : undefined);
      if (!grantId) return undefined;
      const grant = await ctx.oidc.provider.Grant.find(grantId);
      // a grant of another account (or a revoked one) is never reused
      return grant && grant.accountId === accountId ? grant : undefined;
    },
    renderError(ctx, out) {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify({ error: out.error, error_description: out.error_description });
    },
  };
  const provider = new Provider(options.publicUrl, configuration);
  provider.proxy = options.proxy ?? false;
  return provider;
}
