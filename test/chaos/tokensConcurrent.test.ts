// Chaos: 20 `npm run tokens` commands at once (creates and revokes) against one tokens file keep every record and
// every revocation. Before the file lock, 8 parallel creates stored 6 and a reported revocation stayed active.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { TokenStore } from '../../engine/accounts/TokenStore.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const run = promisify(execFile);

test('10 creates and 10 revokes run concurrently: every created token verifies and every revoked one is refused', async () => {
  const dir = tempDir('tok-chaos-');
  const file = path.join(dir, 'tokens.json');
  try {
    const seed = new TokenStore(file, 0);
    const victims = Array.from({ length: 10 }, (_, i) => seed.create('Free', `victim ${String(i)}`));
    const env = { ...process.env, FILINGS_TOKENS_FILE: file };
    const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/tokens.ts', ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 120_000 });
    const outputs = await Promise.all([
      ...Array.from({ length: 10 }, (_, i) => cli('create', '--tier', 'Pro', '--name', `new ${String(i)}`)),
      ...victims.map((v) => cli('revoke', v.record.id)),
    ]);
    const created = outputs.slice(0, 10).map((o) => defined(/fe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(o.stdout), '/fe_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(o.stdout)')[0]);
    for (const [i, v] of victims.entries()) assert.match(defined(outputs[10 + i], 'outputs[10 + i]').stdout, new RegExp(`revoked ${v.record.id}`));

    const server = new TokenStore(file, 0);
    assert.equal(server.list().length, 20, 'every record kept');
    for (const token of created) assert.equal(server.verify(token)?.plan, 'Pro');
    for (const v of victims) assert.equal(server.verify(v.token), null, `${v.record.id} stays revoked`);
    assert.equal(seed.list().filter((r) => r.revokedAt !== null).length, 10, 'the store that created them sees every revocation');
    assert.deepEqual(fs.readdirSync(dir).sort(), ['tokens.json', 'tokens.json.revocations'], 'no lock or temp file left behind');
    assert.equal(server.health().ok, true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
