// Cold serving (issue 18 goals 3 and 4): requests for companies nobody asked for yet, at concurrency 16, answered from
// the rendered store, against the same requests on the live path (the same warehouse without its rendered store) and
// against a bare Koa route serving the same bytes, all in one run; then one repeated key (the hot path) on the app and
// the bare route; then the server's RSS sampled every second through a mixed load (cold, hot, asOf and other
// currencies, which run live). Each server runs in its own child process, so RSS is that server's own; each run also
// reports the CPU the server and this client process spent per request (on 2 shared cores the client's own CPU is
// taken from the server's).
// The warehouse: the bench universe (bench/universe.ts, built once) made servable by bench/servedWarehouse.ts
// (submissions ingested, periods refreshed and rendered bucket by bucket, cached beside the universe), or --warehouse.
// Load client: wrk (bench/wrkClient.ts, bench/wrkWalk.lua) when installed, else this process's http.get loop; `--client
// node|wrk` picks one, `--clients` measures both against the same servers in one run, `--accept-encoding gzip` sends it;
// `--versus DIR` measures the app on another serving of the same warehouse beside it (halves of the cold keys each).
// Usage: npm run bench -- coldServing [--companies 70] [--buckets 1] [--flat] [--seconds 20] [--live-sample 16]
//   [--warehouse DIR] [--profile (the cold server under --cpu-prof, into bench/out/profiles)] [--long (300 s memory)]
//   [--hot-only [--rounds 3] [--cpu-prof DIR] (only the two hot keys: app and bare alternating per round, 5 s each, the
//   median share of bare by req/s and by server CPU per request; --cpu-prof runs that app server under --cpu-prof;
//   --versus-chain also measures the app with its response memo off, in the same rounds)]
//   [--workers N [--rounds R] (the app and the bare route as one process and as N cluster workers, in one run: workersVersusOne)]
// Defaults: the 70-company universe packed into one cik bucket with dimensional facts (352k facts). Each company is
// measured cold once per endpoint (its annual as-reported and income statement; details of all but a tenth), after a
// warm-up of the same code paths on other keys (quarterly series; that tenth's details). The rendered answers of the
// live sample are checked byte for byte against the live path's.
import { fork, spawn as spawnProcess, spawnSync } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Koa from 'koa';
import { Engine } from '../engine/db/Engine.ts';
import { RENDERED_DIR, RenderedStoreReader } from '../engine/serving/RenderedStore.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { createApp } from '../http/app.ts';
import { DEFAULT_TIERS, type TierConfig } from '../http/tiers.ts';
import { MemoryRateLimiter } from '../http/rateLimit/MemoryRateLimiter.ts';
import { RedisRateLimiter } from '../http/rateLimit/RedisRateLimiter.ts';
import type { RateLimiter } from '../http/rateLimit/RateLimiter.ts';
import { startServer } from '../http/startServer.ts';
import { defined } from '../engine/query/defined.ts';
import { BENCH_OUT, ensureUniverse, universeCik } from './universe.ts';
import { ensureServedWarehouse } from './servedWarehouse.ts';
import { numberArg, percentile, printTable } from './measure.ts';
import { toParent } from './toParent.ts';
import { describeFlatness, rssFlatness, rssSvg } from './rssFlatness.ts';
import { wrkAvailable, wrkLoad } from './wrkClient.ts';

const argv = process.argv.slice(2);
const CONNECTIONS = 16;
const ENDPOINTS = ['/v1/api/financials/as-reported', '/v1/api/financials/income-statement', '/v1/api/company/details'];
type Client = 'wrk' | 'node';
/** The load client: wrk when installed (`apt-get install wrk`), else this process's http.get loop; `--client` picks. */
const CLIENT: Client = argv.includes('--client') ? (argv[argv.indexOf('--client') + 1] === 'node' ? 'node' : 'wrk') : wrkAvailable() ? 'wrk' : 'node';
/** `--accept-encoding gzip`: every measured request says it takes gzip (the bare route then sends its bodies gzipped). */
const ACCEPT_ENCODING = argv.includes('--accept-encoding') ? defined(argv[argv.indexOf('--accept-encoding') + 1], '--accept-encoding VALUE') : undefined;

interface Ready { url: string; token: string }
/** A server's RSS and CPU time so far (user + system, ms). */
type Probe = { rss: number; cpuMs: number };
const probe = (): Probe => {
  const u = process.cpuUsage();
  return { rss: process.memoryUsage().rss, cpuMs: (u.user + u.system) / 1000 };
};

/** Child: serve `dir` with the real app (Pro token, limits that never throttle), or the bare route with given bodies. */
async function serve(kind: string, dir: string): Promise<void> {
  if (kind === 'bare') {
    const bodies = new Map<string, { raw: Buffer; gzip: Buffer }>();
    const bare = new Koa();
    bare.use((ctx) => {
      ctx.type = 'application/json; charset=utf-8';
      const body = bodies.get(ctx.url);
      // the same bytes the app sends a client that takes gzip: compressed once, ahead of the run
      if (body && (ctx.get('Accept-Encoding').includes('gzip'))) {
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = body.gzip;
      } else {
        ctx.body = body?.raw ?? Buffer.from('{}');
      }
    });
    const server = await startServer(bare, 0, '127.0.0.1');
    process.on('message', (m: { url: string; body: string } | 'rss') => {
      if (m === 'rss') toParent(probe());
      else {
        const raw = Buffer.from(m.body, 'base64');
        bodies.set(m.url, { raw, gzip: zlib.gzipSync(raw, { level: 6 }) });
      }
    });
    toParent({ url: server.url, token: '' } satisfies Ready);
  } else {
    const engine = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1, poolSize: 4 });
    // a cluster worker serves the token its primary made (every worker must accept the one the client sends)
    const shared = process.env.BENCH_TOKENS_FILE;
    const tokens = new TokenStore(shared ?? path.join(dir, `tokens-${kind}.json`));
    const token = shared === undefined ? tokens.create('Pro', 'bench').token : defined(process.env.BENCH_TOKEN, 'BENCH_TOKEN');
    const tiers: TierConfig = { ...DEFAULT_TIERS, plans: { ...DEFAULT_TIERS.plans, Pro: { ...DEFAULT_TIERS.plans.Pro, perMinute: 1e9, perDay: 1e9 } } };
    // workers count one quota only through Redis, as `npm start -- --workers N` requires; one process counts in memory
    const redisUrl = process.env.BENCH_REDIS_URL;
    const limiter: RateLimiter = redisUrl ? new RedisRateLimiter(redisUrl) : new MemoryRateLimiter();
    // BENCH_MEMO_BYTES=0: the app without its response memo (every request through Koa's chain), for --versus-chain
    const memo = process.env.BENCH_MEMO_BYTES === undefined ? {} : { memoBytes: Number(process.env.BENCH_MEMO_BYTES) };
    const app = await createApp({ engine, tokens, limiter, tiers, ...memo });
    const server = await startServer(app, 0, '127.0.0.1');
    process.on('message', () => { toParent(probe()); });
    toParent({ url: server.url, token } satisfies Ready);
  }
  process.once('disconnect', () => process.exit(0));
}

/** CPU ms a process has used so far, from /proc (redis-server's share of a clustered app's work); 0 elsewhere. */
function procCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * `--serve KIND DIR N` with N > 1: this process is the primary of N cluster workers serving one port (as `npm start
 * -- --workers N` runs); it forwards the parent's bodies to every worker, and a probe is the sum over the workers, itself
 * and (for the app) the redis-server that counts its limits.
 */
async function servePrimary(kind: string, workers: number): Promise<void> {
  const env: Record<string, string> = {};
  if (kind !== 'bare') {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cluster-tokens-')), 'tokens.json');
    env.BENCH_TOKENS_FILE = file;
    env.BENCH_TOKEN = new TokenStore(file).create('Pro', 'bench').token;
  }
  const forked: Worker[] = [];
  const ready: Ready[] = await Promise.all(Array.from({ length: workers }, () => new Promise<Ready>((resolve, reject) => {
    const worker = cluster.fork(env);
    forked.push(worker);
    worker.once('message', (m: Ready) => { resolve(m); });
    worker.once('exit', (code) => { reject(new Error(`bench ${kind} worker exited with ${String(code)}`)); });
  })));
  const redisPid = Number(process.env.BENCH_REDIS_PID ?? 0);
  process.on('message', (m: unknown) => {
    if (m !== 'rss') {
      for (const w of forked) w.send(m as string);
      return;
    }
    void Promise.all(forked.map((w) => new Promise<Probe>((resolve) => {
      w.once('message', (p: Probe) => { resolve(p); });
      w.send('rss');
    }))).then((probes) => {
      const own = probe();
      toParent({
        rss: probes.reduce((n, p) => n + p.rss, own.rss),
        cpuMs: probes.reduce((n, p) => n + p.cpuMs, own.cpuMs) + (kind === 'bare' || redisPid === 0 ? 0 : procCpuMs(redisPid)),
      } satisfies Probe);
    });
  });
  toParent({ url: defined(ready[0], 'a worker').url, token: env.BENCH_TOKEN ?? '' } satisfies Ready);
  process.once('disconnect', () => {
    for (const w of forked) w.process.kill('SIGKILL');
    process.exit(0);
  });
}

interface Child { ready: Ready; probe(): Promise<Probe>; rss(): Promise<number>; send(m: unknown): void; stop(): void }

/** A server child; `profileDir` runs it under --cpu-prof (the profile is written there when it stops). */
async function spawn(kind: string, dir: string, profileDir?: string, workers = 1, env: Record<string, string> = {}): Promise<Child> {
  const prof = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = fork(new URL(import.meta.url).pathname, ['--serve', kind, dir, String(workers)], {
    execArgv: ['--import', 'tsx', ...prof], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env },
  });
  // one exit listener per child, not one per probe (a 300 s run probes every second)
  let exited: Error | null = null;
  const waiting = new Set<(err: Error) => void>();
  child.once('exit', (code) => {
    exited = new Error(`bench server ${kind} exited with ${String(code)}`);
    for (const reject of waiting) reject(exited);
  });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    if (exited) {
      reject(exited);
      return;
    }
    waiting.add(reject);
    child.once('message', (m) => {
      waiting.delete(reject);
      resolve(m as T);
    });
  });
  const ready = await next<Ready>();
  const probeChild = async () => {
    const reply = next<Probe>();
    child.send('rss');
    return reply;
  };
  return {
    ready,
    probe: probeChild,
    async rss() {
      return (await probeChild()).rss;
    },
    send: (m) => child.send(m as string),
    stop() {
      // the first cold app is stopped early and again with the others
      if (!child.connected) return;
      child.disconnect();
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    },
  };
}

/** `serverCpuMs` / `clientCpuMs`: CPU the server child and the client (this process, or wrk) spent during the run. */
interface Run { count: number; p50: number; p99: number; seconds: number; errors: number; statuses: Record<string, number>; serverCpuMs: number; clientCpuMs: number; client: Client }

function get(agent: http.Agent, url: string, token: string, acceptEncoding?: string): Promise<{ status: number; ms: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    if (acceptEncoding !== undefined) headers['Accept-Encoding'] = acceptEncoding;
    http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: Buffer.concat(chunks) }); });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** Each path once (or cycling until `seconds` pass), CONNECTIONS at a time, against `server`, with `client`. */
async function load(server: Child, paths: readonly string[], seconds?: number, client: Client = CLIENT): Promise<Run> {
  if (client === 'node') return nodeLoad(server, paths, seconds);
  const server0 = (await server.probe()).cpuMs;
  const w = await wrkLoad(server.ready.url, paths, { connections: CONNECTIONS, token: server.ready.token, acceptEncoding: ACCEPT_ENCODING, seconds });
  const serverCpuMs = (await server.probe()).cpuMs - server0;
  const errors = w.errors + Object.entries(w.statuses).reduce((n, [status, k]) => n + (Number(status) >= 500 ? k : 0), 0);
  return { count: w.requests, p50: w.p50Ms, p99: w.p99Ms, seconds: w.seconds, errors, statuses: w.statuses, serverCpuMs, clientCpuMs: w.clientCpuMs, client: 'wrk' };
}

async function nodeLoad(server: Child, paths: readonly string[], seconds?: number): Promise<Run> {
  const { url: base, token } = server.ready;
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const ms: number[] = [];
  const run: Run = { count: 0, p50: 0, p99: 0, seconds: 0, errors: 0, statuses: {}, serverCpuMs: 0, clientCpuMs: 0, client: 'node' };
  const server0 = (await server.probe()).cpuMs;
  const client0 = process.cpuUsage();
  const started = performance.now();
  const end = seconds === undefined ? Infinity : Date.now() + seconds * 1000;
  let i = 0;
  const worker = async () => {
    for (;;) {
      const n = i++;
      if (seconds === undefined ? n >= paths.length : Date.now() >= end) return;
      const r = await get(agent, `${base}${defined(paths[n % paths.length], 'path')}`, token, ACCEPT_ENCODING);
      run.statuses[r.status] = (run.statuses[r.status] ?? 0) + 1;
      if (r.status >= 500) run.errors++;
      ms.push(r.ms);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  run.seconds = (performance.now() - started) / 1000;
  const client = process.cpuUsage(client0);
  run.clientCpuMs = (client.user + client.system) / 1000;
  run.serverCpuMs = (await server.probe()).cpuMs - server0;
  agent.destroy();
  ms.sort((a, b) => a - b);
  return { ...run, count: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

const rate = (r: Run) => r.count / r.seconds;
const row = (name: string, r: Run, base?: Run): string[] => [
  name, r.client, String(r.count), rate(r).toFixed(0), r.p50.toFixed(1), r.p99.toFixed(1),
  base ? `${((100 * rate(r)) / rate(base)).toFixed(0)}%` : '', (r.serverCpuMs / r.count).toFixed(3), (r.clientCpuMs / r.count).toFixed(3),
  JSON.stringify(r.statuses),
];
const HEADER = ['run', 'client', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'of bare', 'server cpu ms/req', 'client cpu ms/req', 'statuses'];

/** The store's point read alone (index lookup and positional read of the record), no HTTP, no DuckDB. */
function pointReads(dir: string, log: (s: string) => void): void {
  const store = RenderedStoreReader.open(dir);
  if (!store) throw new Error(`no rendered store in ${dir}`);
  try {
    const keys = [...store.keys()];
    let bytes = 0;
    const n = 20_000;
    for (let i = 0; i < 1000; i++) bytes += store.rows(defined(keys[i % keys.length], 'key'))?.array.length ?? 0;
    const t = performance.now();
    for (let i = 0; i < n; i++) bytes += store.rows(defined(keys[(i * 7919) % keys.length], 'key'))?.array.length ?? 0;
    const us = ((performance.now() - t) * 1000) / n;
    log(`point read: ${us.toFixed(1)} us per get over ${String(n)} gets of ${String(keys.length)} keys (${(bytes / (n + 1000) / 1024).toFixed(1)} KB per record on average)`);
  } finally {
    store.close();
  }
}

/**
 * The hot path alone: the first company's annual as-reported and income statement, each key on the app then on the
 * bare route for 5 s, `rounds` times, so each share is measured against a bare run seconds away on the same box.
 */
async function hotOnly(dir: string, cik: number, log: (s: string) => void): Promise<void> {
  const rounds = numberArg(argv, 'rounds', 3);
  const profAt = argv.indexOf('--cpu-prof');
  const app = await spawn('app', dir, profAt === -1 ? undefined : path.resolve(defined(argv[profAt + 1], '--cpu-prof DIR')));
  const bare = await spawn('bare', dir);
  // --versus-chain: the same app with its response memo off, measured in the same rounds (the "before" of the memo)
  const chain = argv.includes('--versus-chain') ? await spawn('app', dir, undefined, 1, { BENCH_MEMO_BYTES: '0' }) : null;
  try {
    const keys = ENDPOINTS.slice(0, 2).map((e) => `${e}?cik=${String(cik)}`);
    for (const k of keys) {
      const r = await get(new http.Agent(), `${app.ready.url}${k}`, app.ready.token);
      bare.send({ url: k, body: r.body.toString('base64') });
    }
    // JIT warm-up of the servers on both keys, not measured
    for (const k of keys) {
      await load(app, [k], 2);
      if (chain) await load(chain, [k], 2);
      await load(bare, [k], 2);
    }
    // on a loaded box req/s swings with the neighbours; the server's own CPU per request is the steadier figure
    const perRequest = (r: Run) => r.serverCpuMs / r.count;
    const rows: string[][] = [];
    const shares = new Map<string, { rate: number[]; cpu: number[]; chainRate: number[]; chainCpu: number[] }>(keys.map((k) => [k, { rate: [], cpu: [], chainRate: [], chainCpu: [] }]));
    for (let round = 1; round <= rounds; round++) {
      for (const k of keys) {
        const a = await load(app, [k], 5);
        const c = chain ? await load(chain, [k], 5) : null;
        const b = await load(bare, [k], 5);
        const s = defined(shares.get(k), 'shares');
        s.rate.push(rate(a) / rate(b));
        s.cpu.push(perRequest(b) / perRequest(a));
        rows.push(row(`round ${String(round)} hot ${k} rendered`, a, b));
        if (c) {
          s.chainRate.push(rate(c) / rate(b));
          s.chainCpu.push(perRequest(b) / perRequest(c));
          rows.push(row(`round ${String(round)} hot ${k} memo off`, c, b));
        }
        rows.push(row(`round ${String(round)} hot ${k} bare Koa`, b));
      }
    }
    log(`\nHot keys, c=${String(CONNECTIONS)}, ${String(rounds)} round(s); ${String(os.availableParallelism())} cores, load ${os.loadavg()[0]?.toFixed(1) ?? '?'}`);
    printTable([HEADER, ...rows]);
    const median = (xs: number[]) => `${(100 * percentile([...xs].sort((x, y) => x - y), 50)).toFixed(0)}%`;
    const each = (xs: number[]) => xs.map((x) => `${(100 * x).toFixed(0)}%`).join(', ');
    for (const [k, s] of shares) {
      log(`${k}: median share of bare ${median(s.rate)} by req/s (rounds ${each(s.rate)}), ${median(s.cpu)} by server CPU per request (rounds ${each(s.cpu)})`);
      if (chain) log(`${k} with the memo off: median share of bare ${median(s.chainRate)} by req/s (rounds ${each(s.chainRate)}), ${median(s.chainCpu)} by server CPU per request (rounds ${each(s.chainCpu)})`);
    }
  } finally {
    app.stop();
    chain?.stop();
    bare.stop();
  }
}

/**
 * The bare route serving, for every endpoint's default call of every company, the bytes an app of the same warehouse
 * answers (fetched once from an app started and stopped for it), and those paths.
 */
async function primedBare(dir: string, ciks: readonly number[]): Promise<{ bare: Child; paths: string[] }> {
  const bare = await spawn('bare', dir);
  const fetcher = await spawn('app', dir);
  try {
    const paths = ENDPOINTS.flatMap((e) => ciks.map((cik) => `${e}?cik=${String(cik)}`));
    for (const p of paths) {
      const r = await get(new http.Agent(), `${fetcher.ready.url}${p}`, fetcher.ready.token);
      bare.send({ url: p, body: r.body.toString('base64') });
    }
    return { bare, paths };
  } catch (err) {
    bare.stop();
    throw err;
  } finally {
    fetcher.stop();
  }
}

/**
 * wrk against the Node client on the same servers in one run: each endpoint's cold keys split in two halves (wrk walks
 * one, the Node client the other, on the app and on the bare route), then the hot key with each client for 5 s.
 */
async function compareClients(dir: string, ciks: readonly number[], log: (s: string) => void): Promise<void> {
  if (!wrkAvailable()) throw new Error('--clients needs wrk on PATH (apt-get install -y wrk)');
  const { bare, paths } = await primedBare(dir, ciks);
  const children = [bare];
  try {
    const app = await spawn('app', dir);
    children.push(app);
    // the warm-up runs the same code on other keys (quarterly series), with both clients
    const warm = ciks.flatMap((cik) => ENDPOINTS.slice(0, 2).map((e) => `${e}?cik=${String(cik)}&period=quarter`));
    await load(app, warm.filter((_, i) => i % 2 === 0), undefined, 'wrk');
    await load(app, warm.filter((_, i) => i % 2 === 1), undefined, 'node');
    const rows: string[][] = [];
    for (const e of ENDPOINTS) {
      const keys = paths.filter((p) => p.startsWith(`${e}?`));
      const half = [keys.filter((_, i) => i % 2 === 0), keys.filter((_, i) => i % 2 === 1)] as const;
      const aw = await load(app, half[0], undefined, 'wrk');
      const an = await load(app, half[1], undefined, 'node');
      const bw = await load(bare, half[0], undefined, 'wrk');
      const bn = await load(bare, half[1], undefined, 'node');
      rows.push(row(`cold ${e} rendered`, aw, bw), row(`cold ${e} rendered`, an, bn), row(`cold ${e} bare Koa`, bw), row(`cold ${e} bare Koa`, bn));
    }
    const hot = `${defined(ENDPOINTS[0], 'endpoint')}?cik=${String(defined(ciks[0], 'a company'))}`;
    for (const client of ['wrk', 'node'] as const) {
      const a = await load(app, [hot], 5, client);
      const b = await load(bare, [hot], 5, client);
      rows.push(row(`hot ${hot} rendered`, a, b), row(`hot ${hot} bare Koa`, b));
    }
    log(`\nClients compared, c=${String(CONNECTIONS)}, ${String(ciks.length)} companies (each cold key measured once: even keys by wrk, odd keys by the Node client)${ACCEPT_ENCODING === undefined ? '' : `, Accept-Encoding: ${ACCEPT_ENCODING}`}; ${String(os.availableParallelism())} cores, load ${os.loadavg()[0]?.toFixed(1) ?? '?'}`);
    printTable([HEADER, ...rows]);
  } finally {
    for (const c of children) c.stop();
  }
}

/**
 * Two servings of the same warehouse in one run (`--versus DIR`: the same answers, say its store gzipped by
 * bench/gzipRenderedStore.ts): each endpoint's cold keys split in two halves, one walked on each app (which app goes
 * first alternates by endpoint), each against the bare route on the same half; then the hot key, alternating, 2 rounds.
 */
async function versus(dir: string, other: string, ciks: readonly number[], log: (s: string) => void): Promise<void> {
  const { bare, paths } = await primedBare(dir, ciks);
  const children = [bare];
  try {
    const a = await spawn('app', dir);
    const b = await spawn('app', other);
    children.push(a, b);
    const warm = ciks.flatMap((cik) => ENDPOINTS.slice(0, 2).map((e) => `${e}?cik=${String(cik)}&period=quarter`));
    await load(a, warm.filter((_, i) => i % 2 === 0));
    await load(b, warm.filter((_, i) => i % 2 === 1));
    const rows: string[][] = [];
    let turn = 0;
    for (const e of ENDPOINTS) {
      const keys = paths.filter((p) => p.startsWith(`${e}?`));
      const halves = [keys.filter((_, i) => i % 2 === 0), keys.filter((_, i) => i % 2 === 1)] as const;
      const order = turn++ % 2 === 0 ? ([[a, 'A', halves[0]], [b, 'B', halves[1]]] as const) : ([[b, 'B', halves[1]], [a, 'A', halves[0]]] as const);
      for (const [app, name, half] of order) {
        const r = await load(app, half);
        const base = await load(bare, half);
        rows.push(row(`cold ${e} ${name}`, r, base), row(`cold ${e} bare Koa (${name}'s keys)`, base));
      }
    }
    const hot = `${defined(ENDPOINTS[0], 'endpoint')}?cik=${String(defined(ciks[0], 'a company'))}`;
    for (let round = 0; round < 2; round++) {
      const pair = round === 0 ? ([[a, 'A'], [b, 'B']] as const) : ([[b, 'B'], [a, 'A']] as const);
      for (const [app, name] of pair) {
        const r = await load(app, [hot], 5);
        const base = await load(bare, [hot], 5);
        rows.push(row(`hot ${name}`, r, base), row(`hot bare Koa`, base));
      }
    }
    log(`\nA = ${dir}\nB = ${other}\nc=${String(CONNECTIONS)}, ${String(ciks.length)} companies, each cold key measured once (even keys on A, odd on B)${ACCEPT_ENCODING === undefined ? '' : `, Accept-Encoding: ${ACCEPT_ENCODING}`}; ${String(os.availableParallelism())} cores, load ${os.loadavg()[0]?.toFixed(1) ?? '?'}`);
    printTable([HEADER, ...rows]);
  } finally {
    for (const c of children) c.stop();
  }
}

/** A redis-server of the bench's own on a free loopback port (the limits of a clustered app), or null without one. */
/**
 * The mixed load of goal 4 on one server for `seconds`: every company's cold keys, its quarterly balance sheet, the
 * hot key, and for every tenth an asOf and an original-currency answer (which run live), with the RSS of all the
 * server's processes sampled each second.
 */
async function mixedLoad(server: Child, ciks: readonly number[], hot: string, seconds: number): Promise<{ m: Run; samples: number[] }> {
  const keys = ciks.flatMap((cik, i) => [
    ...ENDPOINTS.map((e) => `${e}?cik=${String(cik)}`),
    `/v1/api/financials/balance-sheet?cik=${String(cik)}&period=quarter`,
    ...(i % 10 === 0 ? [`/v1/api/financials/as-reported?cik=${String(cik)}&asOf=2020-06-30`, `/v1/api/financials/income-statement?cik=${String(cik)}&currency=original`] : []),
    hot,
  ]);
  const samples: number[] = [await server.rss()];
  const timer = setInterval(() => { void server.rss().then((r) => samples.push(r)); }, 1000);
  const m = await load(server, keys, seconds);
  clearInterval(timer);
  samples.push(await server.rss());
  return { m, samples };
}

async function benchRedis(): Promise<{ url: string; pid: number; stop(): void } | null> {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  const port = await new Promise<number>((resolve) => {
    const probeServer = http.createServer().listen(0, '127.0.0.1', () => {
      const { port: p } = probeServer.address() as { port: number };
      probeServer.close(() => { resolve(p); });
    });
  });
  const child = spawnProcess('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 500));
  return { url: `redis://127.0.0.1:${String(port)}`, pid: defined(child.pid, 'redis-server pid'), stop: () => { child.kill('SIGTERM'); } };
}

/**
 * `--workers N`: the app as one process (in-process limits, as `npm start` runs by default) against the app as N cluster
 * workers (limits in a redis-server of the bench's own, as `npm start -- --workers N` requires; its CPU is counted as
 * the server's), each against the bare route as one process and as N workers, in one run: every cold key of each
 * endpoint once on each app (which app goes first alternates by endpoint), then the hot key in `--rounds` (2) alternating rounds,
 * then a mixed load on each app with its RSS summed over the primary and its workers.
 */
async function workersVersusOne(dir: string, ciks: readonly number[], workers: number, log: (s: string) => void): Promise<void> {
  const seconds = numberArg(argv, 'seconds', 20);
  const redis = await benchRedis();
  const children: Child[] = [];
  try {
    const { bare, paths } = await primedBare(dir, ciks);
    children.push(bare);
    const bareN = await spawn('bare', dir, undefined, workers);
    children.push(bareN);
    // the N-worker bare route gets the same bodies, copied from the primed one 8 requests at a time
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    for (let i = 0; i < paths.length; i += 8) {
      await Promise.all(paths.slice(i, i + 8).map(async (p) => {
        const r = await get(agent, `${bare.ready.url}${p}`, '');
        bareN.send({ url: p, body: r.body.toString('base64') });
      }));
    }
    agent.destroy();
    const one = await spawn('app', dir);
    children.push(one);
    const many = await spawn('app', dir, undefined, workers, redis ? { BENCH_REDIS_URL: redis.url, BENCH_REDIS_PID: String(redis.pid) } : {});
    children.push(many);
    const name1 = 'app x1';
    const nameN = `app x${String(workers)}`;
    // the warm-up runs the same code on other keys (quarterly series) on every process of each app
    const warm = ciks.flatMap((cik) => ENDPOINTS.slice(0, 2).map((e) => `${e}?cik=${String(cik)}&period=quarter`));
    await load(one, warm);
    await load(many, warm);
    const rows: string[][] = [];
    const rss: string[] = [];
    let turn = 0;
    for (const e of ENDPOINTS) {
      const keys = paths.filter((p) => p.startsWith(`${e}?`));
      const order = turn++ % 2 === 0 ? ([[one, name1], [many, nameN]] as const) : ([[many, nameN], [one, name1]] as const);
      const measured = new Map<string, Run>();
      for (const [app, name] of order) measured.set(name, await load(app, keys));
      const b1 = await load(bare, keys);
      const bN = await load(bareN, keys);
      rows.push(
        row(`cold ${e} ${name1}`, defined(measured.get(name1), name1), b1), row(`cold ${e} ${nameN}`, defined(measured.get(nameN), nameN), bN),
        row(`cold ${e} bare x1`, b1), row(`cold ${e} bare x${String(workers)}`, bN),
      );
    }
    const hot = `${defined(ENDPOINTS[0], 'endpoint')}?cik=${String(defined(ciks[0], 'a company'))}`;
    for (let round = 0; round < numberArg(argv, 'rounds', 2); round++) {
      const pair = round % 2 === 0 ? ([[one, name1, bare, 'bare x1'], [many, nameN, bareN, `bare x${String(workers)}`]] as const)
        : ([[many, nameN, bareN, `bare x${String(workers)}`], [one, name1, bare, 'bare x1']] as const);
      for (const [app, name, base, baseName] of pair) {
        const r = await load(app, [hot], 5);
        const b = await load(base, [hot], 5);
        rows.push(row(`hot ${name}`, r, b), row(`hot ${baseName}`, b));
      }
    }
    const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
    for (const [app, name] of [[one, name1], [many, nameN]] as const) {
      const { m, samples } = await mixedLoad(app, ciks, hot, seconds);
      rows.push(row(`mixed ${String(seconds)} s ${name}`, m));
      rss.push(`${name}: RSS of all its processes MB: start ${mb(defined(samples[0], 'rss'))}, max ${mb(Math.max(...samples))}, end ${mb(defined(samples.at(-1), 'rss'))} (${String(samples.length)} samples); ${describeFlatness(rssFlatness(samples))}`);
    }
    rss.push(`bare x1 ${mb(await bare.rss())} MB, bare x${String(workers)} ${mb(await bareN.rss())} MB (all its processes)`);
    log(`\n${String(workers)} workers against one process, c=${String(CONNECTIONS)}, ${String(ciks.length)} companies, every cold key once on each app; ` +
      `limits of ${nameN}: ${redis ? 'redis-server (its CPU counted as the server\'s)' : 'in-process per worker (redis-server not installed: NOT as served)'}` +
      `${ACCEPT_ENCODING === undefined ? '' : `, Accept-Encoding: ${ACCEPT_ENCODING}`}; ${String(os.availableParallelism())} cores, load ${os.loadavg()[0]?.toFixed(1) ?? '?'}`);
    printTable([HEADER, ...rows]);
    for (const line of rss) log(line);
  } finally {
    for (const c of children) c.stop();
    redis?.stop();
  }
}

async function main(): Promise<void> {
  const serveAt = argv.indexOf('--serve');
  if (serveAt !== -1) {
    const workers = Number(argv[serveAt + 3] ?? '1');
    if (workers > 1 && cluster.isPrimary) return servePrimary(defined(argv[serveAt + 1], 'kind'), workers);
    return serve(defined(argv[serveAt + 1], 'kind'), defined(argv[serveAt + 2], 'dir'));
  }
  const companies = numberArg(argv, 'companies', 70);
  const buckets = numberArg(argv, 'buckets', 1);
  const seconds = argv.includes('--long') ? 300 : numberArg(argv, 'seconds', 20);
  const log = (s: string) => process.stdout.write(`${s}\n`);
  const dimensional = !argv.includes('--flat');
  const universe = await ensureUniverse({ companies, firstYear: 2015, lastYear: 2024, buckets, dimensional, log });
  log(`universe: ${String(universe.companies)} companies, ${universe.facts.toLocaleString('en-US')} facts in ${String(universe.buckets ?? 64)} bucket(s)${dimensional ? ', dimensional' : ''}: ${universe.dir}`);
  // --warehouse: an already refreshed and rendered warehouse of this universe (say one refreshed in one piece)
  const at = argv.indexOf('--warehouse');
  const given = at === -1 ? undefined : defined(argv[at + 1], '--warehouse DIR');
  const { dir, ciks } = given === undefined
    ? await ensureServedWarehouse(universe, log)
    : { dir: path.resolve(given), ciks: Array.from({ length: universe.companies }, (_, i) => universeCik(universe, i)) };
  log(`load client: ${CLIENT === 'wrk' ? 'wrk (C, one thread)' : 'Node http.get loop in the bench process (install wrk for a lighter client: apt-get install -y wrk)'}${ACCEPT_ENCODING === undefined ? '' : `; Accept-Encoding: ${ACCEPT_ENCODING}`}`);
  if (argv.includes('--hot-only')) {
    await hotOnly(dir, defined(ciks[0], 'a company'), log);
    process.exit(0);
  }
  if (argv.includes('--versus')) {
    await versus(dir, path.resolve(defined(argv[argv.indexOf('--versus') + 1], '--versus DIR')), ciks, log);
    process.exit(0);
  }
  if (argv.includes('--workers')) {
    await workersVersusOne(dir, ciks, numberArg(argv, 'workers', 2), log);
    process.exit(0);
  }
  if (argv.includes('--clients')) {
    await compareClients(dir, ciks, log);
    process.exit(0);
  }
  pointReads(dir, log);
  const liveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cold-live-'));
  // the live path is slow on this box: a sample of each endpoint's cold keys is its baseline
  const liveSample = numberArg(argv, 'live-sample', 16);
  fs.cpSync(dir, liveDir, { recursive: true, filter: (src) => path.basename(src) !== RENDERED_DIR });
  const children: Child[] = [];
  try {
    const rendered = await spawn('app', dir);
    const live = await spawn('app', liveDir);
    const bare = await spawn('bare', dir);
    children.push(rendered, live, bare);
    const cold = (cs: readonly number[]) => cs.flatMap((cik) => ENDPOINTS.map((e) => `${e}?cik=${String(cik)}`));
    // the warm-up runs the same code on other keys: quarterly series of every company, details of a tenth (at least
    // 16); measured cold: every company's annual as-reported and income statement, the other companies' details
    const warmDetails = Math.min(Math.floor(ciks.length / 2), Math.max(16, Math.floor(ciks.length / 10)));
    const details = defined(ENDPOINTS[2], 'details');
    const warmUp = ciks.flatMap((cik, i) => [
      ...ENDPOINTS.slice(0, 2).map((e) => `${e}?cik=${String(cik)}&period=quarter`),
      ...(i < warmDetails ? [`${details}?cik=${String(cik)}`] : []),
    ]);
    const measured = ciks.flatMap((cik, i) => cold([cik]).filter((p) => i >= warmDetails || !p.startsWith(details)));
    const bodies = new Map<string, Buffer>();
    for (const p of measured) {
      const r = await get(new http.Agent(), `${rendered.ready.url}${p}`, rendered.ready.token);
      bodies.set(p, r.body);
      bare.send({ url: p, body: r.body.toString('base64') });
    }
    // the fetch above made these keys hot in the rendered app: restart it so they are cold again
    rendered.stop();
    const coldApp = await spawn('app', dir, argv.includes('--profile') ? path.join(BENCH_OUT, 'profiles') : undefined);
    children.push(coldApp);
    // the live path runs a sample (it is the slow baseline: a full warm-up there would take most of a run)
    await load(live, warmUp.slice(0, 3 * liveSample));
    await load(coldApp, warmUp);
    const byEndpoint: string[][] = [];
    const runs: [string, Run][] = [];
    let compared = 0;
    for (const e of ENDPOINTS) {
      const ps = measured.filter((p) => p.startsWith(e));
      const r = await load(coldApp, ps);
      const l = await load(live, ps.slice(0, liveSample));
      const b = await load(bare, ps);
      runs.push([e, r]);
      byEndpoint.push(row(`cold ${e} rendered`, r, b), row(`cold ${e} live (before)`, l, b), row(`cold ${e} bare Koa`, b));
      // the rendered answers are the live path's, byte for byte, on the sampled keys
      for (const p of ps.slice(0, liveSample)) {
        const lb = (await get(new http.Agent(), `${live.ready.url}${p}`, live.ready.token)).body;
        if (!lb.equals(defined(bodies.get(p), p))) throw new Error(`rendered answer differs from the live path's for ${p}`);
        compared++;
      }
    }
    log(`rendered answers identical to the live path's on ${String(compared)} sampled cold keys`);
    const hot = defined(measured[0], 'a path');
    const hr = await load(coldApp, [hot], 5);
    const hb = await load(bare, [hot], 5);
    const hotIncome = defined(measured[1], 'a path');
    const hr2 = await load(coldApp, [hotIncome], 5);
    const hb2 = await load(bare, [hotIncome], 5);
    if (argv.includes('--profile')) coldApp.stop();
    const keys = (e: string) => measured.filter((p) => p.startsWith(e)).length;
    log(`\nCold serving, c=${String(CONNECTIONS)}, universe of ${String(companies)} companies (2015-2024) in ${String(buckets)} bucket(s), each measured cold once per endpoint ` +
      `(${ENDPOINTS.map((e) => `${e.split('/').at(-1) ?? e}: ${String(keys(e))}`).join(', ')} keys); ${String(os.availableParallelism())} cores, load ${os.loadavg()[0]?.toFixed(1) ?? '?'}`);
    printTable([HEADER, ...byEndpoint,
      row(`hot ${hot} rendered`, hr, hb), row(`hot ${hot} bare Koa`, hb), row(`hot ${hotIncome} rendered`, hr2, hb2), row(`hot ${hotIncome} bare Koa`, hb2)]);

    // memory: a fresh server under a mixed load (cold and hot keys, asOf and other currencies that run live)
    const mem = await spawn('app', dir);
    children.push(mem);
    const { m, samples } = await mixedLoad(mem, ciks, hot, seconds);
    const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
    const warm = samples.slice(Math.floor(samples.length / 4));
    log(`\nMixed load ${String(seconds)} s (${m.client}): ${String(m.count)} requests, ${rate(m).toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ${JSON.stringify(m.statuses)}`);
    log(`RSS MB: start ${mb(defined(samples[0], 'rss'))}, after warm-up min ${mb(Math.min(...warm))} max ${mb(Math.max(...warm))}, end ${mb(defined(samples.at(-1), 'rss'))} (${String(samples.length)} samples)`);
    const flatness = rssFlatness(samples);
    log(describeFlatness(flatness));
    const out = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'out');
    fs.mkdirSync(out, { recursive: true });
    const svg = path.join(out, 'coldServing-rss.svg');
    fs.writeFileSync(svg, rssSvg(samples, 1536, `Server RSS under the ${String(seconds)} s mixed load, ${String(companies)} companies`));
    log(`RSS over time: ${svg}`);
    fs.writeFileSync(path.join(out, 'coldServing.json'), JSON.stringify({
      companies, buckets, seconds,
      client: CLIENT, acceptEncoding: ACCEPT_ENCODING ?? null,
      cold: Object.fromEntries(runs.map(([e, r]) => [e, { rps: rate(r), p50: r.p50, p99: r.p99 }])),
      hot: { rendered: rate(hr), bare: rate(hb) }, rss: samples, rssFlatness: flatness,
    }, null, 2));
  } finally {
    for (const c of children) c.stop();
    fs.rmSync(liveDir, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((err: unknown) => {
  process.stderr.write(`coldServing bench: ${String(err instanceof Error ? err.stack : String(err))}\n`);
  process.exit(1);
});
