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
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' });
    const keys: OAuthKeys = {
      jwks: { keys: [{ ...jwk, kid: crypto.randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] },
      cookieKeys: [crypto.randomBytes(32).toString('base64url')],
    };
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.tmp-${String(process.pid)}`;
    fs.writeFileSync(tmp, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, file);
    return keys;
  });
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
