// A stand-in for www.sec.gov and data.sec.gov on 127.0.0.1: serves the shared fixtures in EDGAR's URL layout,
// records every request (path, headers, arrival time), and can be told to answer some requests with errors.
import http from 'node:http';
import { after, before, beforeEach } from 'node:test';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { fixture } from './fixtures.ts';
import { defined } from './defined.ts';

export interface RecordedRequest {
  path: string;
  userAgent: string | undefined;
  acceptEncoding: string | undefined;
  /** performance.now() in the test process when the request arrived. */
  at: number;
}

export interface InjectedFault {
  status: number;
  retryAfter?: string;
  /** Close the socket without answering (a network error on the client side). */
  drop?: boolean;
}

/** Filing instances whose accession is known (from the fixture MANIFEST): EDGAR path -> fixture file. */
export const ARCHIVE_FIXTURES: Record<string, string> = {
  '/Archives/edgar/data/320193/000032019325000057/aapl-20250329_htm.xml': 'xbrl/instances/aapl-20250329_htm.xml.gz',
  '/Archives/edgar/data/320193/000032019322000108/aapl-20220924_htm.xml': 'xbrl/instances/aapl-20220924_htm.xml.gz',
  '/Archives/edgar/data/320193/000119312510238044/aapl-20100925.xml': 'xbrl/instances/aapl-20100925.xml.gz',
  '/Archives/edgar/data/1018724/000101872423000004/amzn-20221231_htm.xml': 'xbrl/instances/amzn-20221231_htm.xml.gz',
  '/Archives/edgar/data/789019/000119312515272806/msft-20150630.xml': 'xbrl/instances/msft-20150630.xml.gz',
  '/Archives/edgar/data/1065280/000119312510036181/nflx-20091231.xml': 'xbrl/instances/nflx-20091231.xml.gz',
};

/** Maps an EDGAR path to the gzip-compressed fixture holding its body, or null. */
export function fixtureFor(urlPath: string): string | null {
  if (urlPath === '/files/company_tickers.json') return existing(fixture('edgar', 'reference', 'company_tickers.json.gz'));
  let m = /^\/submissions\/(CIK\d{10}(?:-submissions-\d{3})?\.json)$/.exec(urlPath);
  if (m) return existing(fixture('edgar', 'submissions', `${String(m[1])}.gz`));
  m = /^\/api\/xbrl\/companyfacts\/(CIK\d{10}\.json)$/.exec(urlPath);
  if (m) return existing(fixture('edgar', 'companyfacts', `${String(m[1])}.gz`));
  const archived = ARCHIVE_FIXTURES[urlPath];
  return archived ? existing(fixture('edgar', ...archived.split('/'))) : null;
}

/** A filing folder's index.json, in EDGAR's directory-listing shape, for folders holding a fixture instance. */
export function folderIndexFor(urlPath: string): Buffer | null {
  const m = /^(\/Archives\/edgar\/data\/\d+\/\d{18})\/index\.json$/.exec(urlPath);
  if (!m) return null;
  const names = Object.keys(ARCHIVE_FIXTURES).filter((p) => p.startsWith(`${String(m[1])}/`)).map((p) => p.slice(defined(m[1], 'm[1]').length + 1));
  if (names.length === 0) return null;
  const item = names.map((name) => ({ 'last-modified': '2025-01-01 00:00:00', name, type: 'text.gif', size: '' }));
  return Buffer.from(JSON.stringify({ directory: { item, name: m[1], 'parent-dir': defined(m[1], 'm[1]').replace(/\/[^/]+$/, '') } }));
}

function existing(file: string): string | null {
  return fs.existsSync(file) ? file : null;
}

export interface EdgarFixtureServer {
  /** http://127.0.0.1:<port>, usable as both EDGAR base URLs. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Answer the next `faults.length` requests for this path with these faults, in order. */
  failNext(path: string, ...faults: InjectedFault[]): void;
  /** Serve these bytes (uncompressed) for a path instead of a fixture. */
  override(path: string, body: Buffer | string, contentType?: string): void;
  /** How the body is encoded when the client accepts it (default gzip). */
  encoding: 'gzip' | 'deflate' | 'identity';
  close(): Promise<void>;
}

export async function startEdgarFixtureServer(): Promise<EdgarFixtureServer> {
  const faults = new Map<string, InjectedFault[]>();
  const overrides = new Map<string, { body: Buffer; type: string }>();
  const requests: RecordedRequest[] = [];
  const state: { encoding: EdgarFixtureServer['encoding'] } = { encoding: 'gzip' };

  // Whatever the handler cannot answer becomes a response: a throw inside it would leave the client waiting out its timeout.
  const server = http.createServer((req, res) => {
    try {
      handle(req, res);
    } catch (err) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`stand-in failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  });
  function handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const urlPath = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push({ path: urlPath, userAgent: req.headers['user-agent'], acceptEncoding: req.headers['accept-encoding'], at: performance.now() });
    const queued = faults.get(urlPath);
    const fault = queued?.shift();
    if (fault) {
      if (fault.drop) {
        req.socket.destroy();
        return;
      }
      res.writeHead(fault.status, { 'content-type': 'text/plain', ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}) });
      res.end(`injected ${String(fault.status)}`);
      return;
    }
    const listing = folderIndexFor(urlPath);
    const custom = overrides.get(urlPath) ?? (listing ? { body: listing, type: 'application/json' } : undefined);
    const file = custom ? null : fixtureFor(urlPath);
    if (!custom && !file) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html><body>Not Found</body></html>');
      return;
    }
    const type = custom?.type ?? (urlPath.endsWith('.json') ? 'application/json' : 'application/xml');
    const accepts = req.headers['accept-encoding'] ?? '';
    const encoding = accepts.includes(state.encoding) ? state.encoding : 'identity';
    const gz = custom ? zlib.gzipSync(custom.body) : fs.readFileSync(defined(file, 'file'));
    const body = encoding === 'gzip' ? gz : encoding === 'deflate' ? zlib.deflateSync(zlib.gunzipSync(gz)) : zlib.gunzipSync(gz);
    res.writeHead(200, { 'content-type': type, 'content-length': body.length, ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }) });
    res.end(body);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    failNext(path, ...list) {
      faults.set(path, [...(faults.get(path) ?? []), ...list]);
    },
    override(path, body, contentType = 'application/octet-stream') {
      overrides.set(path, { body: Buffer.isBuffer(body) ? body : Buffer.from(body), type: contentType });
    },
    get encoding() {
      return state.encoding;
    },
    set encoding(e) {
      state.encoding = e;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => { resolve(); });
      }),
  };
}

/**
 * Registers the hooks every suite that talks to the stand-in needs: one server per test file, its request log cleared
 * and its encoding back to gzip before each test. Returns the running server.
 */
export function useEdgarFixtureServer(): () => EdgarFixtureServer {
  let server: EdgarFixtureServer | undefined;
  before(async () => {
    server = await startEdgarFixtureServer();
  });
  after(async () => {
    await server?.close();
  });
  beforeEach(() => {
    defined(server, 'server').requests.length = 0;
    defined(server, 'server').encoding = 'gzip';
  });
  return () => {
    if (!server) throw new Error('the EDGAR fixture server is not running (use it inside a test)');
    return server;
  };
}
