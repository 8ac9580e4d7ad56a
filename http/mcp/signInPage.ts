// The two small pages of the browser sign-in: the account holder signs in (account id + password), then approves the
// MCP client. Plain HTML forms (work without JavaScript), labelled fields, errors announced with role="alert".
export interface PageText {
  title: string;
  body: string;
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1a1d21; margin: 0; }
  main { max-width: 26rem; margin: 4rem auto; background: #fff; padding: 2rem; border-radius: 10px; box-shadow: 0 2px 10px rgba(0,0,0,.08); }
  h1 { font-size: 1.35rem; margin: 0 0 .5rem; }
  h2 { font-size: 1rem; margin: 1rem 0 .25rem; }
  ul { margin: .25rem 0 1rem; padding-left: 1.25rem; }
  li { margin: .25rem 0; }
  p { margin: .5rem 0 1rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: .55rem .7rem; margin-top: .3rem; border: 1px solid #8a9099; border-radius: 6px; }
  input:focus, button:focus { outline: 3px solid #2563eb; outline-offset: 2px; }
  .hint { font-size: .875rem; color: #4b5563; margin: .25rem 0 0; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; font-weight: 600; padding: .6rem 1.2rem; border-radius: 6px; border: 1px solid #1d4ed8; background: #1d4ed8; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1d4ed8; }
  .error { background: #fef2f2; border: 1px solid #b91c1c; color: #7f1d1d; padding: .6rem .8rem; border-radius: 6px; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 1rem 0; }
  dt { font-weight: 600; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);
}

export function renderPage(page: PageText): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} - filings-engine</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${page.body}
</main>
</body>
</html>
`;
}

export function signInPage(action: string, clientName: string, error: string | null, accountId = ''): string {
  return renderPage({
    title: 'Sign in',
    body: `<h1>Sign in to filings-engine</h1>
<p><strong>${escapeHtml(clientName)}</strong> wants to use the filings API on your behalf. Sign in with your account to continue.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<label for="account">Account ID</label>
<input id="account" name="account" autocomplete="username" required value="${escapeHtml(accountId)}" aria-describedby="account-hint" spellcheck="false">
<p class="hint" id="account-hint">The id <code>npm run tokens -- list</code> shows for your account.</p>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required aria-describedby="password-hint">
<p class="hint" id="password-hint">Set with <code>npm run tokens -- password &lt;id&gt;</code>. Never paste an API token here.</p>
<div class="actions"><button type="submit">Sign in</button></div>
</form>`,
  });
}

export interface ConsentDetails {
  clientName: string;
  accountName: string;
  plan: { title: string; description: string };
  /** The requested permissions, in words. */
  permissions: readonly string[];
  resource: string;
}

export function consentPage(action: string, abortAction: string, details: ConsentDetails): string {
  const permissions = details.permissions.map((p) => `<li>${escapeHtml(p)}</li>`).join('\n');
  return renderPage({
    title: 'Allow access',
    body: `<h1>Allow access?</h1>
<p><strong>${escapeHtml(details.clientName)}</strong> asks to use the filings API as you. It will see what your plan allows and nothing else; you can revoke it at any time.</p>
<h2>It will be able to</h2>
<ul>
${permissions}
</ul>
<dl>
<dt>Account</dt><dd>${escapeHtml(details.accountName)}</dd>
<dt>Plan</dt><dd><strong>${escapeHtml(details.plan.title)}</strong>: ${escapeHtml(details.plan.description)}</dd>
<dt>Server</dt><dd>${escapeHtml(details.resource)}</dd>
</dl>
<div class="actions">
<form method="post" action="${escapeHtml(action)}"><button type="submit">Allow</button></form>
<form method="post" action="${escapeHtml(abortAction)}"><button type="submit" class="secondary">Deny</button></form>
</div>`,
  });
}

export function problemPage(message: string): string {
  return renderPage({ title: 'Sign-in problem', body: `<h1>Sign-in problem</h1>\n<p class="error" role="alert">${escapeHtml(message)}</p>\n<p>Start again from your MCP client.</p>` });
}
