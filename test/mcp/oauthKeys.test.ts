// The OAuth server's signing key: created without the Node 20 deadlock of exporting a freshly generated key object as
// a JWK (the export holds the key's lock while it allocates, and a garbage collection in between destroys the keygen
// job, whose copy of the key takes the same lock on the same thread). A young generation of 1 MB makes collections so
// frequent that one soon lands inside an export: the old code (`generateKeyPairSync(...).privateKey.export({ format:
// 'jwk' })`) hung within 15 seconds of keys in each of three runs. The keys are then checked to sign and verify as RS256.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreateOAuthKeys, newSigningJwk } from '../../engine/accounts/oauthKeys.ts';
import { defined } from '../helpers/defined.ts';

const MODULE = new URL('../../engine/accounts/oauthKeys.ts', import.meta.url).href;

/** Run `code` (an ES module) in a child Node with a 1 MB young generation; its exit code and output. */
function underGcPressure(code: string, deadlineMs: number): Promise<{ code: number | null; signal: string | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-semi-space-size=1', '--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'pipe', 'pipe'], timeout: deadlineMs, killSignal: 'SIGKILL',
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    child.on('error', reject);
    child.on('close', (exit, signal) => { resolve({ code: exit, signal, out }); });
  });
}

test('signing keys are created under constant garbage collection without the process hanging', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-keys-'));
  try {
    const file = path.join(dir, 'oauth-keys.json');
    // small keys (fast to generate) through the same function for 15 seconds (the old code hung within them in every
    // one of three runs), then the real 2048-bit key file
    const code = `import { newSigningJwk, loadOrCreateOAuthKeys } from ${JSON.stringify(MODULE)};
      const start = Date.now();
      let made = 0;
      while (Date.now() - start < 15000) { newSigningJwk(512); made++; }
      loadOrCreateOAuthKeys(${JSON.stringify(file)});
      console.log('done', made);`;
    // a liveness bound, not a speed one: the loop ends after 15 s; a deadlock never does
    const run = await underGcPressure(code, 240_000);
    assert.equal(run.signal, null, `the key generation did not finish (killed: ${String(run.signal)}): a deadlock\n${run.out}`);
    assert.equal(run.code, 0, run.out);
    assert.match(run.out, /done/);
    const keys = loadOrCreateOAuthKeys(file);
    assert.equal(keys.jwks.keys.length, 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a new signing key is a private RSA JWK that signs and verifies RS256', () => {
  const jwk = newSigningJwk();
  assert.equal(jwk.kty, 'RSA');
  for (const member of ['n', 'e', 'd', 'p', 'q', 'dp', 'dq', 'qi'] as const) assert.equal(typeof jwk[member], 'string', member);
  const privateKey = crypto.createPrivateKey({ key: jwk, format: 'jwk' });
  assert.equal(privateKey.asymmetricKeyDetails?.modulusLength, 2048);
  const publicKey = crypto.createPublicKey({ key: { kty: 'RSA', n: defined(jwk.n, 'n'), e: defined(jwk.e, 'e') }, format: 'jwk' });
  const payload = Buffer.from('header.payload');
  const signature = crypto.sign('sha256', payload, privateKey);
  assert.ok(crypto.verify('sha256', payload, publicKey, signature));
  assert.ok(!crypto.verify('sha256', Buffer.from('header.other'), publicKey, signature));
});

test('the key file is written once and read back the same by every later call', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oauth-keys-'));
  try {
    const file = path.join(dir, 'nested', 'oauth-keys.json');
    const first = loadOrCreateOAuthKeys(file);
    const again = loadOrCreateOAuthKeys(file);
    assert.deepEqual(again, first);
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    const key = defined(first.jwks.keys[0], 'the signing key');
    assert.equal(key.alg, 'RS256');
    assert.equal(key.use, 'sig');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
