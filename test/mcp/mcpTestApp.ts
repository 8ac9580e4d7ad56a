// Starts the real app with /mcp and its OAuth server on port 0 (the issuer is the listening URL, so the app is built
// after the port is known), with a Pro and a Free account that each have a sign-in password.
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { tempDir } from '../helpers/tempWarehouse.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { TokenStore } from '../../engine/accounts/TokenStore.ts';
import { PasswordStore } from '../../engine/accounts/PasswordStore.ts';
import { FileOAuthStore } from '../../engine/accounts/FileOAuthStore.ts';
import { loadOrCreateOAuthKeys } from '../../engine/accounts/oauthKeys.ts';
import type { OAuthStore } from '../../engine/accounts/OAuthStore.ts';
import { createApp } from '../../http/app.ts';
import { MemoryRateLimiter } from '../../http/rateLimit/MemoryRateLimiter.ts';
import type { RateLimiter } from '../../http/rateLimit/RateLimiter.ts';
import { startServer, type RunningServer } from '../../http/startServer.ts';
import type { TierConfig } from '../../http/tiers.ts';

export interface Login {
  id: string;
  password: string;
  apiToken: string;
}

export interface McpTestApp {
  url: string;
  server: RunningServer;
  pro: Login;
  free: Login;
  dir: string;
  store: OAuthStore;
  close(): Promise<void>;
}

export async function startMcpApp(engine: Engine, options: { accessTokenTtl?: number; authorizationCodeTtl?: number; dir?: string; limiter?: RateLimiter; tiers?: TierConfig } = {}): Promise<McpTestApp> {
  const dir = options.dir ?? tempDir('mcp-');
  const tokens = new TokenStore(path.join(dir, 'tokens.json'), 0);
  const passwords = new PasswordStore(path.join(dir, 'passwords.json'));
  const login = async (plan: 'Pro' | 'Free', password: string): Promise<Login> => {
    const existing = tokens.list().find((t) => t.name === `${plan} analyst` && t.revokedAt === null);
    if (existing) return { id: existing.id, password, apiToken: '' };
    const { token, record } = tokens.create(plan, `${plan} analyst`);
    await passwords.set(record.id, password);
    return { id: record.id, password, apiToken: token };
  };
  const pro = await login('Pro', 'correct horse battery staple');
  const free = await login('Free', 'free plan password 123');
  let listener: http.RequestListener | null = null;
  const server = await startServer({ callback: () => (req, res) => { listener?.(req, res); } }, 0, '127.0.0.1');
  const store = new FileOAuthStore(path.join(dir, 'oauth'));
  const limiter = options.limiter ?? new MemoryRateLimiter();
  const app = await createApp({
    engine, tokens, limiter, ...(options.tiers ? { tiers: options.tiers } : {}),
    mcp: {
      publicUrl: server.url, store, passwords, keys: loadOrCreateOAuthKeys(path.join(dir, 'oauth-keys.json')),
      ...(options.accessTokenTtl !== undefined ? { accessTokenTtl: options.accessTokenTtl } : {}),
      ...(options.authorizationCodeTtl !== undefined ? { authorizationCodeTtl: options.authorizationCodeTtl } : {}),
    },
  });
  const callback = app.callback();
  listener = (req, res) => { void callback(req, res); };
  return {
    url: server.url, server, pro, free, dir, store,
    async close() {
      await server.close(2000);
      await limiter.close();
      if (!options.dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
