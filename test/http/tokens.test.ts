// Token store and CLI: tokens are shown once, only their SHA-256 hashes reach the disk, revocation is immediate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { TokenStore, hashToken } from '../../engine/accounts/TokenStore.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

test('a created token verifies to its plan, and the file holds its hash but never the token', () => {
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const store = new TokenStore(file, 0);
  const { token, record } = store.create('Stock Pro', 'quant desk');
  assert.match(token, /^fe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
  assert.deepEqual(store.verify(token), { tokenId: record.id, name: 'quant desk', plan: 'Stock Pro' });
  const disk = fs.readFileSync(file, 'utf8');
  // the secret is everything after "fe_<id>_": base64url may itself hold "_", so split('_') could cut it to a fragment
  // short enough to occur in the file by chance
  const secret = defined(/^fe_[0-9a-f]{12}_(.+)$/.exec(token)?.[1], 'the secret part');
  assert.ok(!disk.includes(secret), 'secret on disk');
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
  const token = defined(/fe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(created), '/fe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(created)')[0];
  const id = token.slice(3, 15);
  const listed = run('list');
  assert.match(listed, new RegExp(`^${id}\\tETF Pro\\tactive\\t.*\\tfund team$`, 'm'));
  assert.ok(!listed.includes(token));
  assert.match(run('revoke', id), new RegExp(`revoked ${id}`));
  assert.match(run('list'), new RegExp(`^${id}\\tETF Pro\\trevoked `, 'm'));
  assert.throws(() => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/tokens.ts', 'create', '--tier', 'Gold'], { cwd: ROOT, env, stdio: 'pipe' }), /--tier must be one of/);
});

test('a tokens file that stops parsing keeps the last good set, is logged on every reload and shows in health', () => {
  // regression: the store kept the old tokens without a word, so a revocation written meanwhile silently did not apply
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const logged: string[] = [];
  const server = new TokenStore(file, 0, { error: (_o, msg) => logged.push(msg) });
  const { token } = server.create('Pro', 'svc');
  assert.equal(server.health().ok, true);
  const good = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, good.slice(0, 40));
  assert.ok(server.verify(token), 'the last good set still serves');
  assert.ok(server.verify(token));
  assert.equal(logged.length, 2, 'one error line per reload while the file is broken');
  assert.match(defined(logged[0], 'logged[0]'), /not valid JSON: keeping the tokens loaded before/);
  const h = server.health();
  assert.equal(h.ok, false);
  assert.match(defined(h.error, 'h.error'), /tokens\.json: not valid JSON/);
  assert.ok(h.loadedAt);
  fs.writeFileSync(file, good);
  assert.ok(server.verify(token));
  assert.deepEqual(Object.keys(server.health()), ['ok', 'loadedAt']);
});

test('a revocation made while the tokens file is broken is refused loudly by the CLI and still enforced by the server', () => {
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const server = new TokenStore(file, 0);
  const { token, record } = server.create('Pro', 'svc');
  fs.writeFileSync(file, '{ "tokens": [');
  const cli = new TokenStore(file, 0);
  assert.throws(() => cli.revoke(record.id), /the revocation of [0-9a-f]{12} was recorded .* and is in force, but fix the tokens file/);
  assert.throws(() => cli.create('Free', 'x'), /fix it before creating tokens/, 'creating would overwrite the records it cannot read');
  assert.equal(server.verify(token), null, 'the revocation applies although the main file cannot be read');
});

test('a hand edit that clears revokedAt does not bring a revoked token back', () => {
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const server = new TokenStore(file, 0);
  const { token, record } = server.create('Pro', 'svc');
  new TokenStore(file, 0).revoke(record.id);
  assert.equal(server.verify(token), null);
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/"revokedAt": "[^"]+"/, '"revokedAt": null'));
  assert.equal(server.verify(token), null);
  assert.equal(new TokenStore(file, 0).verify(token), null, 'a freshly started server reads the revocations too');
});

test('a token verified before (remembered, so its hash is not computed again) is refused once revoked or re-hashed, and answers a changed plan', () => {
  const file = path.join(tempDir('tok-'), 'tokens.json');
  const server = new TokenStore(file, 0);
  const a = server.create('Pro', 'a');
  const b = server.create('Free', 'b');
  const c = server.create('Free', 'c');
  for (let i = 0; i < 3; i++) assert.deepEqual(server.verify(a.token), { tokenId: a.record.id, name: 'a', plan: 'Pro' });
  assert.ok(server.verify(b.token));
  assert.ok(server.verify(c.token));
  // revoked by this store
  assert.equal(server.revoke(a.record.id), true);
  assert.equal(server.verify(a.token), null);
  // the file rewritten by hand: b's plan changed, c's hash replaced (another secret now holds that id)
  const edited = JSON.parse(fs.readFileSync(file, 'utf8')) as { tokens: { id: string; plan: string; hash: string }[] };
  for (const r of edited.tokens) {
    if (r.id === b.record.id) r.plan = 'Pro';
    if (r.id === c.record.id) r.hash = hashToken(`${c.token}-rotated`);
  }
  fs.writeFileSync(file, JSON.stringify(edited));
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(file, later, later);
  assert.deepEqual(server.verify(b.token), { tokenId: b.record.id, name: 'b', plan: 'Pro' });
  assert.equal(server.verify(c.token), null);
});
