// The sign-in and consent steps of an authorization request (oidc-provider "interactions"): GET shows the page the
// interaction needs, POST .../login checks the account password, POST .../confirm records the grant (remembered per
// account and client), POST .../abort denies. Every answer is a page or a redirect oidc-provider writes; an unknown or
// expired interaction is a 400 page, never a 500.
import type Koa from 'koa';
import type Provider from 'oidc-provider';
import type { TokenStore } from '../../engine/accounts/TokenStore.ts';
import type { PasswordStore } from '../../engine/accounts/PasswordStore.ts';
import type { OAuthStore } from '../../engine/accounts/OAuthStore.ts';
import { CONSENT_MODEL, consentKey, INTERACTION_PREFIX } from './oauthServer.ts';
import { consentPage, problemPage, signInPage } from './signInPage.ts';
import { planSummary, scopeWords } from './consentText.ts';
import type { Endpoint } from '../registry.ts';
import type { TierConfig } from '../tiers.ts';

export interface InteractionDeps {
  provider: Provider;
  tokens: TokenStore;
  passwords: PasswordStore;
  store: OAuthStore;
  /** Seconds a remembered consent lasts. */
  consentTtl: number;
  /** What the consent page says about the account's plan. */
  tiers: TierConfig;
  endpoints: readonly Endpoint[];
}

const PATH = new RegExp(`^${INTERACTION_PREFIX}/([A-Za-z0-9_-]{1,64})(?:/(login|confirm|abort))?$`);
const MAX_FORM_BYTES = 8 * 1024;

export function interactions(deps: InteractionDeps): Koa.Middleware {
  return async function interaction(ctx, next) {
    const m = PATH.exec(ctx.path);
    if (!m) {
      await next();
      return;
    }
    const [, uid, step] = m;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
    ctx.set('Referrer-Policy', 'no-referrer');
    let details;
    try {
      details = await deps.provider.interactionDetails(ctx.req, ctx.res);
    } catch {
      page(ctx, 400, problemPage('This sign-in request is unknown or has expired.'));
      return;
    }
    if (details.uid !== uid) {
      page(ctx, 400, problemPage('This sign-in request does not match your browser session.'));
      return;
    }
    const clientId = String(details.params.client_id);
    const client = await deps.provider.Client.find(clientId);
    const clientName = client?.clientName ?? clientId;
    const base = `${INTERACTION_PREFIX}/${details.uid}`;

    if (step === undefined) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
        methodNotAllowed(ctx, 'GET');
        return;
      }
      if (details.prompt.name === 'login') {
        page(ctx, 200, signInPage(`${base}/login`, clientName, null));
        return;
      }
      const accountId = details.session?.accountId ?? '';
      const account = deps.tokens.account(accountId);
      if (!account) {
        page(ctx, 400, problemPage('Your account is no longer active.'));
        return;
      }
      page(ctx, 200, consentPage(`${base}/confirm`, `${base}/abort`, {
        clientName, accountName: account.name || accountId,
        plan: planSummary(account.plan, deps.tiers, deps.endpoints),
        permissions: scopeWords(requestedScope(details)),
        resource: typeof details.params.resource === 'string' ? details.params.resource : '',
      }));
      return;
    }
    if (ctx.method !== 'POST') {
      methodNotAllowed(ctx, 'POST');
      return;
    }

    if (step === 'abort') {
      ctx.respond = false;
      await deps.provider.interactionFinished(ctx.req, ctx.res, { error: 'access_denied', error_description: 'The account holder denied the request' }, { mergeWithLastSubmission: false });
      return;
    }
    if (step === 'login') {
      const form = await readForm(ctx);
      const accountId = (form.get('account') ?? '').trim();
      const password = form.get('password') ?? '';
      const ok = (await deps.passwords.verify(accountId, password)) && deps.tokens.account(accountId) !== null;
      if (!ok) {
        page(ctx, 401, signInPage(`${base}/login`, clientName, 'That account ID and password do not match an active account.', accountId));
        return;
      }
      ctx.respond = false;
      await deps.provider.interactionFinished(ctx.req, ctx.res, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    // confirm
    const accountId = details.session?.accountId;
    if (details.prompt.name !== 'consent' || !accountId) {
      page(ctx, 400, problemPage('Sign in before approving a client.'));
      return;
    }
    const grant = details.grantId ? await deps.provider.Grant.find(details.grantId) : new deps.provider.Grant({ accountId, clientId });
    if (!grant) {
      page(ctx, 400, problemPage('This approval has expired.'));
      return;
    }
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await deps.store.upsert(CONSENT_MODEL, consentKey(accountId, clientId), { grantId }, deps.consentTtl);
    ctx.respond = false;
    await deps.provider.interactionFinished(ctx.req, ctx.res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };
}

/** What the client asked for and what the grant still lacks (a client that names no scope is given the resource's). */
function requestedScope(details: { params: Record<string, unknown>; prompt: { details: Record<string, unknown> } }): string {
  const missing = details.prompt.details as { missingOIDCScope?: string[]; missingResourceScopes?: Record<string, string[]> };
  const asked = typeof details.params.scope === 'string' ? details.params.scope : '';
  return [asked, ...(missing.missingOIDCScope ?? []), ...Object.values(missing.missingResourceScopes ?? {}).flat()].join(' ');
}

function page(ctx: Koa.Context, status: number, html: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
}

function methodNotAllowed(ctx: Koa.Context, allow: string): void {
  ctx.status = 405;
  ctx.set('Allow', allow);
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = JSON.stringify({ error: `Method not allowed: use ${allow}` });
}

async function readForm(ctx: Koa.Context): Promise<URLSearchParams> {
  if (!ctx.is('application/x-www-form-urlencoded')) return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > MAX_FORM_BYTES) return new URLSearchParams();
    chunks.push(buf);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
