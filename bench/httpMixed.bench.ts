// Mixed-abuse HTTP load (issue 9 item 1): 32 concurrent clients send normal GETs, HEADs and GETs they abandon after
// 0-80 ms, over the real app and a warehouse ingested from real SEC fixtures. Reports errors (5xx or a failed
// non-abandoned request), p50/p99 of answered requests, the pool at the end, and the server's RSS at start and end
// (flat = no leak). The server runs in a child process so RSS is the server's own.
// Usage: npm run bench -- httpMixed --seconds 180 [--connections 32]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Engine } from '../engine/db/Engine.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { createApp } from '../http/app.ts';
import { MemoryRateLimiter } from '../http/rateLimit/MemoryRateLimiter.ts';
import { startServer } from '../http/startServer.ts';
import { percentile } from './measure.ts';
import { defined } from '../engine/query/defined.ts';
import { toParent } from './toParent.ts';
import { appleWarehouse, nextMessage, unthrottledTiers } from './appleWarehouse.ts';

const ROUTES = [
  '/v1/api/company/details?symbol=AAPL',
  '/v1/api/financials/as-reported?symbol=AAPL&period=quarter&limit=8',
  '/v1/api/insider-transactions?symbol=AAPL',
  '/v1/api/ownership/institutional-holders?cik=320193',
  '/v1/api/ownership/beneficial-owners?symbol=AAPL',
];

interface Ready { url: string; token: string }
type Probe = { rss: number };

async function serve(): Promise<void> {
  const dir = await appleWarehouse('bench-mixed-', { materialize: true });
  const engine = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1, poolSize: 4 });
  const tokens = new TokenStore(path.join(dir, 'tokens.json'));
  const { token } = tokens.create('Pro', 'bench');
  const tiers = unthrottledTiers();
  const app = await createApp({ engine, tokens, limiter: new MemoryRateLimiter(), tiers });
  const server = await startServer(app, 0, '127.0.0.1');
  process.on('message', () => { toParent({ rss: process.memoryUsage().rss } satisfies Probe); });
  toParent({ url: server.url, token } satisfies Ready);
  process.once('disconnect', () => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}

interface Tally { ok: number; aborted: number; errors: number; shed: number; statuses: Record<string, number>; ms: number[]; byRoute: Record<string, number[]> }

function one(url: string, method: 'GET' | 'HEAD', token: string, agent: http.Agent, abandonAfterMs: number | null, t: Tally): Promise<void> {
  return new Promise((resolve) => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const req = http.request(url, { method, agent, headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'gzip' } }, (res) => {
      res.resume();
      res.on('end', () => {
        clearTimeout(timer);
        t.statuses[defined(res.statusCode, 'res.statusCode')] = (t.statuses[defined(res.statusCode, 'res.statusCode')] ?? 0) + 1;
        // 503 + Retry-After is the designed answer to an exhausted pool (load shed), not a fault
        if (res.statusCode === 503) t.shed++;
        else if (defined(res.statusCode, 'res.statusCode') >= 500) t.errors++;
        else {
          t.ok++;
          t.ms.push(performance.now() - started);
          const route = new URL(url).pathname;
          (t.byRoute[route] ??= []).push(performance.now() - started);
        }
        resolve();
      });
      res.on('error', () => { resolve(); });
    });
    let abandoned = false;
    req.on('error', () => {
      if (!abandoned) t.errors++;
      resolve();
    });
    if (abandonAfterMs !== null) {
      timer = setTimeout(() => {
        abandoned = true;
        t.aborted++;
        req.destroy();
        resolve();
      }, abandonAfterMs);
    }
    req.end();
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ strict: false, options: { seconds: { type: 'string', default: '180' }, connections: { type: 'string', default: '32' }, serve: { type: 'boolean', default: false } } });
  if (values.serve) return serve();
  const seconds = Number(values.seconds) || 180;
  const connections = Number(values.connections) || 32;
  const child = fork(new URL(import.meta.url).pathname, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>() => nextMessage<T>(child);
  const ready = await next<Ready>();
  const rss = async () => {
    const reply = next<Probe>();
    child.send('rss');
    return (await reply).rss;
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const t: Tally = { ok: 0, aborted: 0, errors: 0, shed: 0, statuses: {}, ms: [], byRoute: {} };
  for (const route of ROUTES) await one(`${ready.url}${route}`, 'GET', ready.token, agent, null, t); // warm
  Object.assign(t, { ok: 0, statuses: {}, ms: [], byRoute: {} });
  const rssStart = await rss();
  const end = Date.now() + seconds * 1000;
  let i = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const n = i++;
      const url = `${ready.url}${String(ROUTES[n % ROUTES.length])}`;
      const kind = n % 5;
      if (kind === 3) await one(url, 'HEAD', ready.token, agent, null, t);
      else if (kind === 4) await one(url, 'GET', ready.token, agent, (n * 7) % 81, t);
      else await one(url, 'GET', ready.token, agent, null, t);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await new Promise((r) => setTimeout(r, 1000));
  const rssEnd = await rss();
  const health = (await (await fetch(`${ready.url}/v1/health`)).json()) as { pool: unknown };
  child.disconnect();
  setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  agent.destroy();
  const sorted = [...t.ms].sort((a, b) => a - b);
  const mb = (b: number) => Math.round(b / 1024 / 1024);
  const lines = [
    `HTTP mixed load: ${String(seconds)} s, ${String(connections)} clients, ${String(ROUTES.length)} routes; 3/5 GET, 1/5 HEAD, 1/5 GET abandoned after 0-80 ms; ${String(os.availableParallelism())} cores`,
    '| answered | abandoned | errors | shed (503) | req/s answered | p50 ms | p99 ms | RSS start MB | RSS end MB | pool at end | statuses |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    `| ${String(t.ok)} | ${String(t.aborted)} | ${String(t.errors)} | ${String(t.shed)} | ${String(Math.round(t.ok / seconds))} | ${String(Math.round(percentile(sorted, 50)))} | ${String(Math.round(percentile(sorted, 99)))} | ${String(mb(rssStart))} | ${String(mb(rssEnd))} | ${JSON.stringify(health.pool)} | ${JSON.stringify(t.statuses)} |`,
  ];
  for (const [route, ms] of Object.entries(t.byRoute)) {
    const s = [...ms].sort((a, b) => a - b);
    lines.push(`  ${route}: ${String(ms.length)} answered, p50 ${String(Math.round(percentile(s, 50)))} ms, p99 ${String(Math.round(percentile(s, 99)))} ms`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  fs.mkdirSync(path.resolve(path.dirname(new URL(import.meta.url).pathname), 'out'), { recursive: true });
  fs.writeFileSync(path.resolve(path.dirname(new URL(import.meta.url).pathname), 'out', 'httpMixed.json'), JSON.stringify({ seconds, connections, ...t, ms: undefined, byRoute: undefined, p50: percentile(sorted, 50), p99: percentile(sorted, 99), rssStart, rssEnd, pool: health.pool }, null, 2));
  process.exit(t.errors > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  process.stderr.write(`httpMixed bench: ${String(err instanceof Error ? err.stack : String(err))}\n`);
  process.exit(1);
});
