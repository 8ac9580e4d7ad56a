// The two OAuth stores keep the same contract oidc-provider relies on: records survive a new store instance (a
// restart or another process), expire with their TTL, are found by uid, carry `consumed` once consumed (what makes
// refresh-token reuse detectable), and a grant revocation removes every record of the grant and nothing else.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { FileOAuthStore } from '../../engine/accounts/FileOAuthStore.ts';
import { RedisOAuthStore } from '../../engine/accounts/RedisOAuthStore.ts';
import type { OAuthStore } from '../../engine/accounts/OAuthStore.ts';
import { PasswordStore } from '../../engine/accounts/PasswordStore.ts';
import { REDIS_SKIP_REASON, redisAvailable, startTestRedis, type TestRedis } from '../http/redisServer.ts';

const dir = tempDir('oauth-store-');
let redis: TestRedis | null = null;
const opened: OAuthStore[] = [];

after(async () => {
  for (const s of opened) await s.close();
  await redis?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const backends: { name: string; skip: string | false; open: () => Promise<OAuthStore> }[] = [
  { name: 'file', skip: false, open: () => Promise.resolve(new FileOAuthStore(path.join(dir, 'oauth'))) },
  {
    name: 'redis', skip: redisAvailable() ? false : REDIS_SKIP_REASON,
    open: async () => {
      redis ??= await startTestRedis();
      if (!redis) throw new Error(REDIS_SKIP_REASON);
      return new RedisOAuthStore(redis.url, `test:${String(process.pid)}:`);
    },
  },
];

for (const backend of backends) {
  test(`${backend.name} store: persistence, expiry, uid lookup, consume and grant revocation`, { skip: backend.skip }, async () => {
    const a = await backend.open();
    const b = await backend.open();
    opened.push(a, b);
    await a.upsert('RefreshToken', 'rt1', { grantId: 'g1', accountId: 'acct' }, 60);
    await a.upsert('AccessToken', 'at1', { grantId: 'g1' }, 60);
    await a.upsert('AccessToken', 'at2', { grantId: 'g2' }, 60);
    await a.upsert('Session', 's1', { uid: 'u1', accountId: 'acct' }, 60);
    await a.upsert('Interaction', 'short', { x: 1 }, 1);
    assert.deepEqual(await b.find('RefreshToken', 'rt1'), { grantId: 'g1', accountId: 'acct' }, 'another instance reads it');
    assert.deepEqual(await b.findByUid('Session', 'u1'), { uid: 'u1', accountId: 'acct' });
    await b.consume('RefreshToken', 'rt1');
    assert.equal(typeof (await a.find('RefreshToken', 'rt1'))?.consumed, 'number');
    await b.revokeByGrantId('g1');
    assert.equal(await a.find('RefreshToken', 'rt1'), undefined);
    assert.equal(await a.find('AccessToken', 'at1'), undefined);
    assert.deepEqual(await a.find('AccessToken', 'at2'), { grantId: 'g2' }, 'another grant is untouched');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    assert.equal(await a.find('Interaction', 'short'), undefined, 'expired');
    await a.destroy('AccessToken', 'at2');
    assert.equal(await b.find('AccessToken', 'at2'), undefined);
  });
}

test('passwords: the right one verifies, a wrong one, an unknown account and a short password do not', async () => {
  const store = new PasswordStore(path.join(dir, 'passwords.json'));
  await store.set('abc123def456', 'a sufficiently long one');
  assert.equal(await store.verify('abc123def456', 'a sufficiently long one'), true);
  assert.equal(await store.verify('abc123def456', 'a sufficiently long on'), false);
  assert.equal(await store.verify('000000000000', 'a sufficiently long one'), false);
  await assert.rejects(store.set('abc123def456', 'short'), /at least 12/);
  assert.doesNotMatch(fs.readFileSync(path.join(dir, 'passwords.json'), 'utf8'), /sufficiently/, 'only the hash is stored');
});
