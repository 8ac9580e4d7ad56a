// `npm start`: serves /v1 over the configured warehouse. On a fresh clone (empty warehouse) it first builds the demo
// warehouse and prints a demo token and a curl line. SIGTERM/SIGINT: finish in-flight requests, then exit.
import type http from 'node:http';
import { pino } from 'pino';
import { loadConfig } from '../engine/config.ts';
import { Engine } from '../engine/db/Engine.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { ensureDemoWarehouse } from '../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../demo/demoCompanies.ts';
import { createApp, BASE } from '../http/app.ts';
import { loadTierConfig } from '../http/tiers.ts';
import { MemoryRateLimiter } from '../http/rateLimit/MemoryRateLimiter.ts';
import { RedisRateLimiter } from '../http/rateLimit/RedisRateLimiter.ts';
import type { RateLimiter } from '../http/rateLimit/RateLimiter.ts';
import { startServer } from '../http/startServer.ts';
import { mcpAccountsArea } from '../engine/accounts/mcpAccountsArea.ts';
import { configuredProvider, openModelJobs } from '../engine/models/index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  const tiers = loadTierConfig(config.tiersFile);

  const demo = await ensureDemoWarehouse(config);
  if (demo.built) logger.info({ warehouse: config.warehouseDir, rows: demo.report?.rows }, 'empty warehouse: built the demo warehouse');

  const engine = await Engine.open({ warehouseDir: config.warehouseDir, mode: 'read', threads: config.threads, memoryLimit: config.memoryLimit });
  const stalePeriods = (): void => { logger.warn('stored periods do not reflect the latest ingest (refresh running, failed or interrupted): as-reported is computed on the fly until they do (`npm run ingest -- --refresh-periods` forces a rebuild)'); };
  if (!engine.warehouse().periodsCurrent) stalePeriods();
  engine.state.onPeriodsChange = (current) => {
    if (current) logger.info('stored periods are current again: as-reported reads them');
    else stalePeriods();
  };
  const tokens = new TokenStore(config.tokensFile, 1000, logger);
  const limiter: RateLimiter = config.redisUrl ? new RedisRateLimiter(config.redisUrl, Date.now, undefined, { logger }) : new MemoryRateLimiter();
  // listening first: with PORT=0 the OAuth issuer (the public URL) is only known once the port is
  let listener: http.RequestListener | null = null;
  const running = await startServer({ callback: () => (req, res) => { listener?.(req, res); } }, config.port, config.host);
  const publicUrl = config.publicUrl ?? running.url;
  const area = mcpAccountsArea(config);
  const app = await createApp({
    engine, tokens, limiter, tiers, logger, proxy: config.trustProxyHops,
    // model jobs share leases across API processes through Redis when configured, and use the configured provider
    models: openModelJobs(engine, { logger, redisUrl: config.redisUrl, provider: configuredProvider(config) }),
    mcp: { publicUrl, store: area.store, keys: area.keys, passwords: area.passwords, accessTokenTtl: config.mcpAccessTokenTtl },
  });
  const callback = app.callback();
  listener = (req, res) => { void callback(req, res); };
  logger.info({ url: `${running.url}${BASE}`, mcp: `${publicUrl}/mcp`, rateLimits: config.redisUrl ? 'redis' : 'in-process', oauthStore: config.redisUrl ? 'redis' : area.dir }, 'serving');

  // a demo token is minted only when nobody could call the API otherwise; it is shown this once
  if (demo.built || !tokens.list().some((t) => t.revokedAt === null)) {
    const { token } = tokens.create('Pro', 'demo');
    const symbol = DEMO_COMPANIES[0]?.ticker ?? 'DEMOA';
    process.stdout.write(
      `\nDemo token (Pro plan; shown once, stored only as a hash in ${config.tokensFile}):\n  ${token}\n\n` +
      `Try:\n  curl -H "Authorization: Bearer ${token}" "${running.url}${BASE}/api/company/details?symbol=${symbol}"\n` +
      `API reference: ${running.url}${BASE}/docs\n` +
      `MCP: ${publicUrl}/mcp (set a sign-in password first: npm run tokens -- password <id>)\n\n`,
    );
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    void running.close().then(async () => {
      await limiter.close();
      await area.store.close();
      // engine.close() is skipped on purpose: a request cut off at the deadline may still be inside DuckDB, and closing
      // under a running query can block; the serving engine is read-only, so exiting loses nothing
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.on('SIGTERM', () => { stop('SIGTERM'); });
  process.on('SIGINT', () => { stop('SIGINT'); });
}

main().catch((err: unknown) => {
  process.stderr.write(`serve: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
