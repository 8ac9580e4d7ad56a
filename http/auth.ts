// Bearer authentication in two steps: `identify` reads the token for every request (so rate limits can key on it even
// for a 401), `requireAccount` turns a missing or bad token into 401 on the routes that need one.
import { defined } from '../engine/query/defined.ts';
import type Koa from 'koa';
import type { TokenStore } from '../engine/accounts/TokenStore.ts';
import type { AppState } from './AppState.ts';
import { unauthorized } from './HttpError.ts';
import { bindLog } from './requestLog.ts';

export function identify(tokens: TokenStore): Koa.Middleware<AppState> {
  return async function identify(ctx, next) {
    ctx.state.account = null;
    const header = ctx.get('Authorization');
    if (header === '') {
      ctx.state.authProblem = 'Missing API token: send the header "Authorization: Bearer <API_TOKEN>"';
    } else {
      const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
      if (!m) ctx.state.authProblem = 'Malformed Authorization header: expected "Bearer <API_TOKEN>"';
      else {
        ctx.state.account = tokens.verify(defined(m[1], 'm[1]'));
        if (!ctx.state.account) ctx.state.authProblem = 'Invalid or revoked API token';
      }
    }
    if (ctx.state.account) bindLog(ctx.state, { token: ctx.state.account.tokenId });
    await next();
  };
}

export const requireAccount: Koa.Middleware<AppState> = async function requireAccount(ctx, next) {
  if (!ctx.state.account) throw unauthorized(ctx.state.authProblem);
  await next();
};
