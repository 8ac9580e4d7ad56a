// The OAuth server's secrets: an RSA signing key (JWKS) and cookie-signing keys, created once and kept in the accounts
// area (mode 0600) so every process and every restart signs with the same keys.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { withFileLock } from './withFileLock.ts';

export interface OAuthKeys {
  jwks: { keys: crypto.JsonWebKey[] };
  cookieKeys: string[];
}

export function loadOrCreateOAuthKeys(file: string): OAuthKeys {
  const existing = readKeys(file);
  if (existing) return existing;
  return withFileLock(file, () => {
    const raced = readKeys(file);
    if (raced) return raced;
    const keys: OAuthKeys = {
      jwks: { keys: [{ ...newSigningJwk(), kid: crypto.randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
      cookieKeys: [crypto.randomBytes(32).toString('base64url')],
    };
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.tmp-${String(process.pid)}`;
    fs.writeFileSync(tmp, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, file);
    return keys;
  });
}

/**
 * A new RSA signing key as a private JWK. The key pair comes out of the keygen job encoded (PKCS#8 PEM), and the JWK is
 * exported from a key object of its own: on Node 20, `export({ format: 'jwk' })` of the key object generateKeyPairSync
 * returns can deadlock the process. The export holds the key's lock while it allocates; a garbage collection then
 * may destroy the finished keygen job, whose copy of the key takes the same lock on the same thread (a CI run hung
 * there for 20 minutes at server start; test/mcp/oauthKeys.test.ts reproduces it with a 1 MB young generation).
 */
export function newSigningJwk(modulusLength = 2048): crypto.JsonWebKey {
  const { privateKey } = crypto.generateKeyPairSync('rsa', {
    modulusLength,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return crypto.createPrivateKey(privateKey).export({ format: 'jwk' });
}

function readKeys(file: string): OAuthKeys | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const doc = JSON.parse(text) as Partial<OAuthKeys> | null;
  if (!doc || !Array.isArray(doc.jwks?.keys) || !Array.isArray(doc.cookieKeys)) throw new Error(`${file}: not an OAuth key file`);
  return { jwks: doc.jwks, cookieKeys: doc.cookieKeys };
}
