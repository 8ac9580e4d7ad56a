// One serving process: the warehouse opened read-only, the tokens, the rate limiter, the app listening; what `npm start`
// runs in its one process, and in each worker of the multi-process server (scripts/serveCluster.ts).
import type http from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../engine/config.ts';
import { Engine } from '../engine/db/Engine.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { createApp } from '../http/app.ts';
import type { TierConfig } from '../http/tiers.ts';
import { MemoryRateLimiter } from '../http/rateLimit/MemoryRateLimiter.ts';
import { RedisRateLimiter } from '../http/rateLimit/RedisRateLimiter.ts';
import type { RateLimiter } from '../http/rateLimit/RateLimiter.ts';
import { startServer, type RunningServer } from '../http/startServer.ts';
import { mcpAccountsArea } from '../engine/accounts/mcpAccountsArea.ts';
import { configuredProvider, openModelJobs } from '../engine/models/index.ts';

export interface Serving {
  running: RunningServer;
  /** The origin MCP clients use (FILINGS_PUBLIC_URL, else the listening address). */
  publicUrl: string;
  tokens: TokenStore;
  /** Where the OAuth records live, for the "serving" line. */
  oauthStore: string;
  /** Stop accepting, let in-flight requests finish, release the limiter and the OAuth store. */
  stop(): Promise<void>;
}

/** @param tiers loaded by the caller before anything slow, so a bad tiers file fails the start at once */
export async function openServing(config: Config, logger: Logger, tiers: TierConfig): Promise<Serving> {
  const engine = await Engine.open({ warehouseDir: config.warehouseDir, mode: 'read', threads: config.threads, memoryLimit: config.memoryLimit });
  const stalePeriods = (): void => { logger.warn('stored periods do not reflect the latest ingest (refresh running, failed or interrupted): as-reported is computed on the fly until they do (`npm run ingest -- --refresh-periods` forces a rebuild)'); };
  if (!engine.warehouse().periodsCurrent) stalePeriods();
  engine.state.onPeriodsChange = (current) => {
    if (current) logger.info('stored periods are current again: as-reported reads them');
    else stalePeriods();
  };
  const tokens = new TokenStore(config.tokensFile, 1000, logger);
  const limiter: RateLimiter = config.redisUrl ? new RedisRateLimiter(config.redisUrl, Date.now, undefined, { logger, commandTimeoutMs: config.redisCommandTimeoutMs }) : new MemoryRateLimiter();
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
  return {
    running, publicUrl, tokens,
    oauthStore: config.redisUrl ? 'redis' : area.dir,
    async stop() {
      await running.close();
      await limiter.close();
      await area.store.close();
      // engine.close() is skipped on purpose: a request cut off at the deadline may still be inside DuckDB, and closing
      // under a running query can block; the serving engine is read-only, so exiting loses nothing
    },
  };
}
