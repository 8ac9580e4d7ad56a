// The one-time demo token: minted only when nobody could call the API otherwise, and shown this once.
import type { Config } from '../engine/config.ts';
import type { TokenStore } from '../engine/accounts/TokenStore.ts';
import { DEMO_COMPANIES } from '../demo/demoCompanies.ts';
import { BASE } from '../http/app.ts';

/** A new Pro token when the demo was just built or no live token exists; null otherwise. */
export function mintDemoToken(tokens: TokenStore, demoBuilt: boolean): string | null {
  if (!demoBuilt && tokens.list().some((t) => t.revokedAt === null)) return null;
  return tokens.create('Pro', 'demo').token;
}

/** What `npm start` prints with a minted token: the token, a curl line to paste, the docs and MCP addresses. */
export function demoTokenText(config: Pick<Config, 'tokensFile'>, token: string, url: string, publicUrl: string): string {
  const symbol = DEMO_COMPANIES[0]?.ticker ?? 'DEMOA';
  return `\nDemo token (Pro plan; shown once, stored only as a hash in ${config.tokensFile}):\n  ${token}\n\n` +
    `Try:\n  curl -H "Authorization: Bearer ${token}" "${url}${BASE}/api/company/details?symbol=${symbol}"\n` +
    `API reference: ${url}${BASE}/docs\n` +
    `MCP: ${publicUrl}/mcp (set a sign-in password first: npm run tokens -- password <id>)\n\n`;
}
