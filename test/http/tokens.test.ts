// Token store and CLI: tokens are shown once, only their SHA-256 hashes reach the disk, revocation is immediate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { TokenStore, hashToken } from '../../engine/accounts/TokenStore.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

test('a created token verifies to its plan, and the file holds its hash but never the token', () => {
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const store = new TokenStore(file, 0);
  const { token, record } = store.create('Stock Pro', 'quant desk');
  assert.match(token, /^fe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(store.verify(token), { tokenId: record.id, name: 'quant desk', plan: 'Stock Pro' });
  const disk = fs.readFileSync(file, 'utf8');
  assert.ok(!disk.includes(token.split('_')[2]!), 'secret on disk');
  assert.ok(disk.includes(hashToken(token)));
  assert.equal((fs.statSync(file).mode & 0o777).toString(8), '600');
});

test('unknown, altered, malformed and revoked tokens do not verify', () => {
  const store = new TokenStore(path.join(tempDir('tok-'), 'tokens.json'), 0);
  const { token, record } = store.create('Free', '');
  const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
  for (const bad of [altered, 'fe_000000000000_' + 'A'.repeat(43), 'nope', '', token + 'x']) assert.equal(store.verify(bad), null, bad);
  assert.equal(store.revoke(record.id), true);
  assert.equal(store.verify(token), null);
  assert.equal(store.revoke(record.id), false, 'already revoked');
});

test('a second store on the same file (the CLI) revokes a token the serving store then refuses', () => {
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const server = new TokenStore(file, 0);
  const { token, record } = server.create('Pro', 'svc');
  assert.ok(server.verify(token));
  new TokenStore(file, 0).revoke(record.id);
  assert.equal(server.verify(token), null);
});

test('npm run tokens creates (printing the token once), lists without secrets, and revokes', () => {
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const env = { ...process.env, FILINGS_TOKENS_FILE: file };
  const run = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/tokens.ts', ...args], { cwd: ROOT, env, encoding: 'utf8' });
  const created = run('create', '--tier', 'ETF Pro', '--name', 'fund team');
  const token = /fe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(created)![0];
  const id = token.slice(3, 15);
  const listed = run('list');
  assert.match(listed, new RegExp(`^${id}\\tETF Pro\\tactive\\t.*\\tfund team$`, 'm'));
  assert.ok(!listed.includes(token));
  assert.match(run('revoke', id), new RegExp(`revoked ${id}`));
  assert.match(run('list'), new RegExp(`^${id}\\tETF Pro\\trevoked `, 'm'));
  assert.throws(() => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/tokens.ts', 'create', '--tier', 'Gold'], { cwd: ROOT, env, stdio: 'pipe' }), /--tier must be one of/);
});
