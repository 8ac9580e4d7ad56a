// Account passwords for the browser sign-in of MCP clients: scrypt hashes (node:crypto) keyed by account id, kept beside
// the token file. An account is a token record (its id, name and plan); the password never doubles as an API key.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { withFileLock } from './withFileLock.ts';

const scrypt = promisify(crypto.scrypt) as (password: string, salt: Buffer, keylen: number, options: crypto.ScryptOptions) => Promise<Buffer>;

// N=2^15 costs ~60 ms and 32 MiB per check: slow enough to make guessing expensive, fast enough for a sign-in page
const PARAMS = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_BYTES = 32;
export const MIN_PASSWORD_LENGTH = 12;

interface PasswordRecord {
  /** `scrypt$N$r$p$salt$hash`, salt and hash base64url. */
  hash: string;
  setAt: string;
}

interface PasswordFile {
  version: 1;
  accounts: Record<string, PasswordRecord>;
}

export class PasswordError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasswordError';
  }
}

export class PasswordStore {
  constructor(readonly file: string) {}

  /** Set (or replace) an account's password; rejects short ones. */
  async set(accountId: string, password: string): Promise<void> {
    if (password.length < MIN_PASSWORD_LENGTH) throw new PasswordError(`a password needs at least ${String(MIN_PASSWORD_LENGTH)} characters`);
    const salt = crypto.randomBytes(16);
    const key = await scrypt(password.normalize('NFC'), salt, KEY_BYTES, PARAMS);
    const hash = `scrypt$${String(PARAMS.N)}$${String(PARAMS.r)}$${String(PARAMS.p)}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    withFileLock(this.file, () => {
      const doc = this.read();
      doc.accounts[accountId] = { hash, setAt: new Date().toISOString() };
      this.write(doc);
    });
  }

  /** Whether the password is the account's; an account without a password (or unknown) never signs in. */
  async verify(accountId: string, password: string): Promise<boolean> {
    const { accounts } = this.read();
    const record = Object.hasOwn(accounts, accountId) ? accounts[accountId] : undefined;
    const parts = (record?.hash ?? '').split('$');
    const [scheme, n, r, p, salt, expected] = parts;
    const known = scheme === 'scrypt' && parts.length === 6 && salt !== undefined && expected !== undefined;
    // an unknown account costs the same scrypt as a known one, so timing does not tell which ids exist
    const params = known ? { N: Number(n), r: Number(r), p: Number(p), maxmem: PARAMS.maxmem } : PARAMS;
    const key = await scrypt(password.normalize('NFC'), known ? Buffer.from(salt, 'base64url') : Buffer.alloc(16), KEY_BYTES, params);
    const want = known ? Buffer.from(expected, 'base64url') : Buffer.alloc(KEY_BYTES);
    return known && want.length === key.length && crypto.timingSafeEqual(want, key);
  }

  has(accountId: string): boolean {
    return Object.hasOwn(this.read().accounts, accountId);
  }

  private read(): PasswordFile {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return { version: 1, accounts: {} };
    }
    const doc = JSON.parse(text) as Partial<PasswordFile> | null;
    if (!doc || typeof doc.accounts !== 'object') throw new PasswordError(`${this.file}: missing "accounts" object`);
    return { version: 1, accounts: doc.accounts };
  }

  private write(doc: PasswordFile): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const tmp = `${this.file}.tmp-${String(process.pid)}-${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, `${JSON.stringify(doc, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }
}
