// HTTP benchmark: /v1/api/company/details through the whole stack (auth, rate limit, validation, entity resolution,
// DuckDB macro, JSON) against a bare Koa route returning a constant body of the same size, measured in the same run
// with autocannon at concurrency 1, 16 and 64. The servers run in a child process so the load generator does not
// share their event loop. Usage: npx tsx bench/http.bench.ts [--seconds 5]
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Koa from 'koa';
import { Engine } from '../engine/db/Engine.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { createApp } from '../http/app.ts';
import { MemoryRateLimiter } from '../http/rateLimit/MemoryRateLimiter.ts';
import { startServer } from '../http/startServer.ts';
import { defined } from '../engine/query/defined.ts';
import { toParent } from './toParent.ts';
import { appleWarehouse, nextMessage, unthrottledTiers } from './appleWarehouse.ts';

const PATH = '/v1/api/company/details?symbol=AAPL';

interface Ready { appUrl: string; coldUrl: string; bareUrl: string; token: string; bytes: number }

/** Child: build a warehouse from real fixtures, start the real app and the bare Koa baseline, report their URLs. */
async function serve(): Promise<void> {
  const dir = await appleWarehouse('bench-http-');
  const engine = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1, poolSize: 4 });
  const tokens = new TokenStore(path.join(dir, 'tokens.json'));
  const { token } = tokens.create('Pro', 'bench');
  const tiers = unthrottledTiers();
  const app = await createApp({ engine, tokens, limiter: new MemoryRateLimiter(), tiers });
  const real = await startServer(app, 0, '127.0.0.1');
  // the same app with its response and entity caches off: every request resolves the symbol and runs the macro
  const coldApp = await createApp({ engine, tokens, limiter: new MemoryRateLimiter(), tiers, cacheBytes: 0 });
  const cold = await startServer(coldApp, 0, '127.0.0.1');
  const sample = await (await fetch(`${real.url}${PATH}`, { headers: { Authorization: `Bearer ${token}` } })).text();
  const bare = new Koa();
  bare.use((ctx) => {
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = sample;
  });
  const baseline = await startServer(bare, 0, '127.0.0.1');
  const ready: Ready = { appUrl: real.url, coldUrl: cold.url, bareUrl: baseline.url, token, bytes: Buffer.byteLength(sample) };
  toParent(ready);
  process.once('disconnect', () => { void (async () => {
    await Promise.all([real.close(1000), cold.close(1000), baseline.close(1000)]);
    // no engine.close(): queries the load left queued may still be running, and closing under them can block;
    // the warehouse is read-only here, exiting releases everything
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  })(); });
}

interface Row { route: string; connections: number; rps: number; p50: number; p99: number; errors: number }

async function measure(url: string, connections: number, seconds: number, headers: Record<string, string>): Promise<Omit<Row, 'route'>> {
  const r = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  return { connections, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function main(): Promise<void> {
  // not strict: `npm run bench` passes its flags to every bench
  const { values } = parseArgs({ strict: false, options: { seconds: { type: 'string', default: '5' }, serve: { type: 'boolean', default: false } } });
  if (values.serve) return serve();
  const seconds = Number(values.seconds) || 5;
  const child = fork(new URL(import.meta.url).pathname, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = await nextMessage<Ready>(child);
  const rows: Row[] = [];
  try {
    for (const connections of [1, 16, 64]) {
      // warm every path (DuckDB caches, JIT) before measuring
      await measure(`${ready.bareUrl}${PATH}`, connections, 1, {});
      await measure(`${ready.appUrl}${PATH}`, connections, 1, { Authorization: `Bearer ${ready.token}` });
      rows.push({ route: 'bare Koa', ...(await measure(`${ready.bareUrl}${PATH}`, connections, seconds, {})) });
      rows.push({ route: 'company/details', ...(await measure(`${ready.appUrl}${PATH}`, connections, seconds, { Authorization: `Bearer ${ready.token}` })) });
      rows.push({ route: 'company/details uncached', ...(await measure(`${ready.coldUrl}${PATH}`, connections, seconds, { Authorization: `Bearer ${ready.token}` })) });
    }
  } finally {
    child.disconnect();
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  }
  const lines = [
    `HTTP bench: ${PATH} (${String(ready.bytes)} B JSON) vs bare Koa with the same constant body; ${String(seconds)} s per run, ${String(os.availableParallelism())} cores`,
    '| concurrency | bare Koa req/s | details req/s | ratio | uncached req/s | ratio | bare p50/p99 ms | details p50/p99 ms | uncached p50/p99 ms | errors |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const c of [1, 16, 64]) {
    const b = defined(rows.find((r) => r.route === 'bare Koa' && r.connections === c), 'rows.find((r) => r.route === \'bare Koa\' && r.connections === c)');
    const d = defined(rows.find((r) => r.route === 'company/details' && r.connections === c), 'rows.find((r) => r.route === \'company/details\' && r.connections === c)');
    const u = defined(rows.find((r) => r.route === 'company/details uncached' && r.connections === c), 'rows.find((r) => r.route === \'company/details uncached\' && r.connections === c)');
    lines.push(`| ${String(c)} | ${String(Math.round(b.rps))} | ${String(Math.round(d.rps))} | ${(d.rps / b.rps).toFixed(3)} | ${String(Math.round(u.rps))} | ${(u.rps / b.rps).toFixed(3)} | ` +
      `${String(b.p50)}/${String(b.p99)} | ${String(d.p50)}/${String(d.p99)} | ${String(u.p50)}/${String(u.p99)} | ${String(b.errors + d.errors + u.errors)} |`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  fs.mkdirSync(path.resolve(path.dirname(new URL(import.meta.url).pathname), 'out'), { recursive: true });
  fs.writeFileSync(path.resolve(path.dirname(new URL(import.meta.url).pathname), 'out', 'http.json'), JSON.stringify({ bytes: ready.bytes, seconds, rows }, null, 2));
}

main().catch((err: unknown) => {
  process.stderr.write(`http bench: ${String(err instanceof Error ? err.stack : String(err))}\n`);
  process.exit(1);
});
