// Where the MCP sign-in keeps its state, beside the token file in the accounts area: passwords.json (scrypt hashes),
// oauth-keys.json (signing and cookie keys), oauth/ (clients, grants, tokens; Redis instead when REDIS_URL is set).
import path from 'node:path';
import type { Config } from '../config.ts';
import { PasswordStore } from './PasswordStore.ts';
import { FileOAuthStore } from './FileOAuthStore.ts';
import { RedisOAuthStore } from './RedisOAuthStore.ts';
import { loadOrCreateOAuthKeys, type OAuthKeys } from './oauthKeys.ts';
import type { OAuthStore } from './OAuthStore.ts';

export interface McpAccountsArea {
  dir: string;
  passwords: PasswordStore;
  keys: OAuthKeys;
  store: OAuthStore;
}

export function passwordsFile(config: Pick<Config, 'tokensFile'>): string {
  return path.join(path.dirname(config.tokensFile), 'passwords.json');
}

export function mcpAccountsArea(config: Pick<Config, 'tokensFile' | 'redisUrl'>): McpAccountsArea {
  const dir = path.dirname(config.tokensFile);
  return {
    dir,
    passwords: new PasswordStore(passwordsFile(config)),
    keys: loadOrCreateOAuthKeys(path.join(dir, 'oauth-keys.json')),
    store: config.redisUrl ? new RedisOAuthStore(config.redisUrl) : new FileOAuthStore(path.join(dir, 'oauth')),
  };
}
