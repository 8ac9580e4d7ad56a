// The file OAuth store shared by several processes on one disk (its header says it may be): two processes write and
// read records of one accounts folder at the same time; every record either process wrote is read whole by the other
// (atomic temp + rename: never a torn or missing file), consuming in one is seen by the other, and a grant revoked by
// one removes the records the other wrote under that grant.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { FileOAuthStore } from '../../engine/accounts/FileOAuthStore.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const RECORDS = 300;

/** One process: writes its own records (rewriting each several times) while reading the other's as they appear. */
const WRITER = `
import { FileOAuthStore } from ${JSON.stringify(path.join(ROOT, 'engine', 'accounts', 'FileOAuthStore.ts'))};
const [dir, me, other, n] = process.argv.slice(-4);
const store = new FileOAuthStore(dir);
const problems = [];
let seen = 0;
for (let i = 0; i < Number(n); i++) {
  for (let round = 0; round < 3; round++) {
    await store.upsert('AccessToken', me + '-' + i, { grantId: me + '-grant-' + (i % 10), round, pad: 'x'.repeat(2000 + i) }, 600);
  }
  const theirs = await store.find('AccessToken', other + '-' + i);
  if (theirs !== undefined) {
    seen++;
    if (theirs.pad?.length !== 2000 + i || typeof theirs.round !== 'number') problems.push('torn ' + other + '-' + i);
  }
}
process.stdout.write(JSON.stringify({ problems, seen }));
`;

function run(dir: string, me: string, other: string): Promise<{ problems: string[]; seen: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WRITER, dir, me, other, String(RECORDS)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr.on('data', (b: Buffer) => { err += b.toString(); });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as { problems: string[]; seen: number });
      else reject(new Error(`writer ${me} exited with ${String(code)}: ${err}`));
    });
  });
}

test('two processes on one accounts folder: no torn or lost record, consume and grant revocation seen across them', { timeout: 300_000 }, async () => {
  const dir = path.join(tempDir('oauth-procs-'), 'oauth');
  try {
    const [a, b] = await Promise.all([run(dir, 'a', 'b'), run(dir, 'b', 'a')]);
    assert.deepEqual([...a.problems, ...b.problems], []);
    assert.ok(a.seen + b.seen > 0, 'each process read records of the other while it wrote');
    const store = new FileOAuthStore(dir);
    for (const who of ['a', 'b']) {
      for (let i = 0; i < RECORDS; i++) {
        const record = await store.find('AccessToken', `${who}-${String(i)}`);
        assert.ok(record, `${who}-${String(i)} is there`);
        assert.equal(record.round, 2, `${who}-${String(i)}: the last write of its writer`);
        assert.equal(typeof record.pad === 'string' ? record.pad.length : -1, 2000 + i);
      }
    }
    // another instance (another process's view) consumes and revokes; this one sees both
    const other = new FileOAuthStore(dir);
    await other.consume('AccessToken', 'a-1');
    assert.equal(typeof (await store.find('AccessToken', 'a-1'))?.consumed, 'number');
    await other.revokeByGrantId('a-grant-3');
    for (let i = 3; i < RECORDS; i += 10) assert.equal(await store.find('AccessToken', `a-${String(i)}`), undefined, `a-${String(i)} revoked with its grant`);
    assert.equal((await store.find('AccessToken', 'a-4'))?.round, 2, 'another grant is untouched');
    // no temp file is left behind by either writer
    const leftovers = fs.readdirSync(path.join(dir, 'AccessToken')).filter((f) => f.includes('.tmp-'));
    assert.deepEqual(leftovers, []);
  } finally {
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  }
});
