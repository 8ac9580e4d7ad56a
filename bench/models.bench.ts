// Company models: build time of one model per company (offline provider, real job runner) on a demo warehouse, and
// GET latency of a ready model against /api/company/details in the same run (same app, same token, sequential).
// `npm run bench -- models [--warehouse DIR] [--companies N] [--requests N]`; without --warehouse the demo is built in a
// temporary folder first.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../engine/db/Engine.ts';
import { buildDemoWarehouse } from '../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../demo/demoCompanies.ts';
import { openModelJobs, modelsDir } from '../engine/models/index.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { createApp } from '../http/app.ts';
import { MemoryRateLimiter } from '../http/rateLimit/MemoryRateLimiter.ts';
import { startServer } from '../http/startServer.ts';

function flag(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] ?? fallback : fallback;
}

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

const given = flag('warehouse', '');
const dir = given || fs.mkdtempSync(path.join(os.tmpdir(), 'models-bench-'));
if (!given) {
  const writer = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 2 });
  await buildDemoWarehouse(writer);
  writer.close();
}
const engine = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 2 });
const companies = DEMO_COMPANIES.slice(0, Number(flag('companies', '1')));
fs.rmSync(path.join(modelsDir(engine), 'models'), { recursive: true, force: true });
fs.rmSync(path.join(modelsDir(engine), 'jobs'), { recursive: true, force: true });
const models = openModelJobs(engine, { pollMs: 20, concurrency: 1 });
async function timed(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return Math.round(performance.now() - t);
}
// per company, in this run: the build (job runner, stored statements when current) against the plain read of the
// company's facts (the baseline), and the fact profile from the period engine against the stored statements
const builds: Record<string, { buildMs: number; factsReadMs: number; profileLiveMs: number; profileStoredMs: number; buildOverFactsRead: number }> = {};
for (const c of companies) {
  const factsReadMs = await timed(() => engine.query('SELECT * FROM src_facts WHERE cik = $1', [c.cik]));
  const buildMs = await timed(async () => {
    while ((await models.request(c.cik)).state === 'generating') await new Promise((r) => setTimeout(r, 20));
  });
  const profileLiveMs = await timed(() => engine.query('SELECT * FROM model_fact_profile($1)', [c.cik]));
  const profileStoredMs = await timed(() => engine.query('SELECT * FROM model_fact_profile_stored($1)', [c.cik]));
  builds[c.ticker] = { buildMs, factsReadMs, profileLiveMs, profileStoredMs, buildOverFactsRead: buildMs / Math.max(1, factsReadMs) };
}

const tokensDir = fs.mkdtempSync(path.join(os.tmpdir(), 'models-bench-tokens-'));
const tokens = new TokenStore(path.join(tokensDir, 'tokens.json'), 0);
const { token } = tokens.create('Pro', 'bench');
const app = await createApp({ engine, tokens, limiter: new MemoryRateLimiter(), models, cacheBytes: 0 });
const server = await startServer(app, 0, '127.0.0.1');
const requests = Number(flag('requests', '200'));
async function latency(route: string, symbol: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t = performance.now();
    const res = await fetch(`${server.url}/v1${route}?symbol=${symbol}`, { headers: { Authorization: `Bearer ${token}` } });
    await res.text();
    if (res.status !== 200) throw new Error(`${route}: ${String(res.status)}`);
    out.push(performance.now() - t);
  }
  return out;
}
const symbol = companies[0]?.ticker ?? 'DEMOA';
await latency('/api/company/details', symbol);
const details = await latency('/api/company/details', symbol);
const model = await latency('/api/company/economic-model', symbol);
const result = {
  builds,
  getReadyModel: { p50: pct(model, 50), p99: pct(model, 99) },
  getCompanyDetails: { p50: pct(details, 50), p99: pct(details, 99) },
  ratioP50: pct(model, 50) / pct(details, 50),
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
fs.mkdirSync('bench/out', { recursive: true });
fs.writeFileSync('bench/out/models.json', JSON.stringify(result, null, 2));
await server.close(1000);
await models.close();
engine.close();
fs.rmSync(tokensDir, { recursive: true, force: true });
if (!given) fs.rmSync(dir, { recursive: true, force: true });
