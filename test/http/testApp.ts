// Starts the real app on port 0 over a warehouse ingested from real SEC fixtures, with one token per plan.
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { TokenStore } from '../../engine/accounts/TokenStore.ts';
import { PLANS, type Plan } from '../../engine/accounts/plans.ts';
import { createApp, type AppDeps } from '../../http/app.ts';
import { MemoryRateLimiter } from '../../http/rateLimit/MemoryRateLimiter.ts';
import type { RateLimiter } from '../../http/rateLimit/RateLimiter.ts';
import { startServer, type RunningServer } from '../../http/startServer.ts';

/** Apple (companyfacts + submissions), Two Harbors and Fannie Mae (submissions), and the SEC ticker/exchange list. */
export const FIXTURE_INPUTS = [
  fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
  fixture('edgar', 'submissions', 'CIK0000320193.json.gz'),
  fixture('edgar', 'submissions', 'CIK0001465740.json.gz'),
  fixture('edgar', 'submissions', 'CIK0000310522.json.gz'),
  fixture('edgar', 'reference', 'company_tickers_exchange.json.gz'),
];

export interface TestWarehouse {
  engine: Engine;
  dir: string;
  cleanup(): void;
}

export async function fixtureWarehouse(inputs: string[] = FIXTURE_INPUTS): Promise<TestWarehouse> {
  const wh = await openTempEngine('write');
  await ingestPaths(wh.engine, inputs);
  return wh;
}

export interface TestApp {
  base: string;
  server: RunningServer;
  tokens: Record<Plan, string>;
  store: TokenStore;
  close(): Promise<void>;
}

export async function startTestApp(
  engine: Engine,
  options: { limiter?: RateLimiter; tokensFile?: string; tokens?: Record<Plan, string> } & Partial<Omit<AppDeps, 'engine' | 'tokens' | 'limiter'>> = {},
): Promise<TestApp> {
  const { limiter: givenLimiter, tokensFile: givenTokensFile, tokens: givenTokens, ...rest } = options;
  const tokensFile = givenTokensFile ?? path.join(tempDir('tokens-'), 'tokens.json');
  const store = new TokenStore(tokensFile, 0);
  const tokens = givenTokens ?? (Object.fromEntries(PLANS.map((p) => [p, store.create(p, `test ${p}`).token])) as Record<Plan, string>);
  const limiter = givenLimiter ?? new MemoryRateLimiter();
  const app = await createApp({ engine, tokens: store, limiter, ...rest });
  const server = await startServer(app, 0, '127.0.0.1');
  return {
    base: `${server.url}/v1`,
    server,
    tokens,
    store,
    async close() {
      await server.close(2000);
      await limiter.close();
      if (!options.tokensFile) fs.rmSync(path.dirname(tokensFile), { recursive: true, force: true });
    },
  };
}

export function bearer(token: string, extra: Record<string, string> = {}): { headers: Record<string, string> } {
  return { headers: { Authorization: `Bearer ${token}`, ...extra } };
}

export const RATE_HEADERS = ['x-ratelimit-limit-minute', 'x-ratelimit-remaining-minute', 'x-ratelimit-limit-day', 'x-ratelimit-remaining-day'];
