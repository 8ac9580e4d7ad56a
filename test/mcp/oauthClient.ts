// An in-memory OAuthClientProvider for the SDK's client (what an MCP client keeps in its own storage), and a loopback
// listener that receives the authorization redirect the way a desktop client does.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export class MemoryOAuthClient implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  /** The authorization URL the SDK asked the user agent to open. */
  authorizationUrl: URL | null = null;
  /** Every token set the SDK stored, in order (refreshes included). */
  readonly history: OAuthTokens[] = [];

  constructor(readonly redirectUrl: string, readonly clientName = 'Test MCP Client') {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.info;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.info = info;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
    this.history.push(tokens);
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }
}

export interface RedirectCatcher {
  url: string;
  /** Resolves with the query of the next request to the redirect URI. */
  next(): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export async function catchRedirects(): Promise<RedirectCatcher> {
  let waiting: ((q: URLSearchParams) => void) | null = null;
  const queue: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // a browser also asks for /favicon.ico: only the redirect itself counts
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const q = url.searchParams;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Signed in</title><p>You can close this window.</p>');
    if (waiting) {
      waiting(q);
      waiting = null;
    } else queue.push(q);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/callback`,
    next: () => {
      const q = queue.shift();
      return q ? Promise.resolve(q) : new Promise((resolve) => { waiting = resolve; });
    },
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => { resolve(); }); }),
  };
}
