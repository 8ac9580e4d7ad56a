// Walks an authorization request the way a browser without JavaScript does (follow redirects, keep cookies, submit the
// sign-in and consent forms) and returns where the server finally redirects: the client's redirect URI with code or
// error. The browser test does the same with Chromium; the negative tests use this to get codes quickly.
import assert from 'node:assert/strict';

export interface FormSignInResult {
  /** The last redirect target outside the server (the client's redirect URI). */
  redirect: URL;
  /** Whether a consent page was shown (false when an earlier consent was remembered). */
  consentShown: boolean;
}

export async function formSignIn(authorizationUrl: URL, login: { id: string; password: string }, redirectPrefix: string): Promise<FormSignInResult> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  let url = authorizationUrl;
  let consentShown = false;
  for (let step = 0; step < 12; step++) {
    if (url.href.startsWith(redirectPrefix)) return { redirect: url, consentShown };
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: cookie() } });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await res.text();
    assert.equal(res.status, 200, `unexpected page ${String(res.status)} at ${url.href}: ${html.slice(0, 300)}`);
    const form = html.includes('name="password"')
      ? { action: /action="([^"]+\/login)"/.exec(html)?.[1], body: new URLSearchParams({ account: login.id, password: login.password }) }
      : { action: /action="([^"]+\/confirm)"/.exec(html)?.[1], body: new URLSearchParams() };
    if (!form.action) throw new Error(`no form on ${url.href}: ${html.slice(0, 300)}`);
    if (form.action.endsWith('/confirm')) consentShown = true;
    const posted = await fetch(new URL(form.action, url), {
      method: 'POST', redirect: 'manual', body: form.body,
      headers: { cookie: cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    keep(posted);
    const next = posted.headers.get('location');
    if (!next) throw new Error(`form at ${url.href} answered ${String(posted.status)}: ${(await posted.text()).slice(0, 300)}`);
    url = new URL(next, url);
  }
  throw new Error('authorization did not finish in 12 steps');
}
