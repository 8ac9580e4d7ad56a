// File-based API token store: only SHA-256 hashes are kept; a token is shown once, at creation.
// Token shape `fe_<id>_<secret>`: the id finds the record, the hash of the whole token is compared in constant time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isPlan, type Plan } from './plans.ts';

export interface TokenRecord {
  id: string;
  name: string;
  plan: Plan;
  /** hex SHA-256 of the full token text. */
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** Who a verified token belongs to. */
export interface Account {
  tokenId: string;
  name: string;
  plan: Plan;
}

interface TokenFile {
  version: 1;
  tokens: TokenRecord[];
}

const TOKEN = /^fe_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;
// Compared against when the id is unknown, so a miss costs the same as a hit.
const DUMMY_HASH = Buffer.alloc(32);

export class TokenStoreError extends Error {
  constructor(readonly file: string, reason: string) {
    super(`token store ${file}: ${reason}`);
    this.name = 'TokenStoreError';
  }
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

export class TokenStore {
  private records = new Map<string, TokenRecord>();
  private loadedMtimeMs = -1;
  private checkedAt = 0;

  /** @param reloadIntervalMs how often a server re-reads the file so `tokens revoke` takes effect without a restart. */
  constructor(readonly file: string, private readonly reloadIntervalMs = 1000) {
    this.reload();
  }

  /** Create a token for a plan; the returned text is the only copy of the secret. */
  create(plan: Plan, name: string): { token: string; record: TokenRecord } {
    this.reload();
    const id = crypto.randomBytes(6).toString('hex');
    const token = `fe_${id}_${crypto.randomBytes(32).toString('base64url')}`;
    const record: TokenRecord = { id, name, plan, hash: hashToken(token), createdAt: new Date().toISOString(), revokedAt: null };
    this.records.set(id, record);
    this.save();
    return { token, record };
  }

  list(): TokenRecord[] {
    this.reload();
    return [...this.records.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Revoke by id (or by the full token); false when no such live token exists. */
  revoke(idOrToken: string): boolean {
    this.reload();
    const id = TOKEN.exec(idOrToken)?.[1] ?? idOrToken;
    const record = this.records.get(id);
    if (!record || record.revokedAt !== null) return false;
    record.revokedAt = new Date().toISOString();
    this.save();
    return true;
  }

  /** The account a presented bearer token belongs to, or null for unknown, malformed or revoked tokens. */
  verify(token: string, now = Date.now()): Account | null {
    this.maybeReload(now);
    const m = TOKEN.exec(token);
    const record = m ? this.records.get(m[1]!) : undefined;
    const expected = record ? Buffer.from(record.hash, 'hex') : DUMMY_HASH;
    const presented = Buffer.from(hashToken(token), 'hex');
    const same = crypto.timingSafeEqual(expected, presented);
    if (!record || !same || record.revokedAt !== null) return null;
    return { tokenId: record.id, name: record.name, plan: record.plan };
  }

  private maybeReload(now: number): void {
    if (now - this.checkedAt < this.reloadIntervalMs) return;
    this.checkedAt = now;
    try {
      this.reload();
    } catch {
      // a hand-edited file that no longer parses: keep serving the tokens last loaded rather than failing every request
    }
  }

  private reload(): void {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      this.records = new Map();
      this.loadedMtimeMs = -1;
      return;
    }
    if (stat.mtimeMs === this.loadedMtimeMs) return;
    this.records = parseTokenFile(this.file, fs.readFileSync(this.file, 'utf8'));
    this.loadedMtimeMs = stat.mtimeMs;
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const body: TokenFile = { version: 1, tokens: [...this.records.values()] };
    const tmp = `${this.file}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, this.file);
    this.loadedMtimeMs = fs.statSync(this.file).mtimeMs;
  }
}

function parseTokenFile(file: string, text: string): Map<string, TokenRecord> {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new TokenStoreError(file, 'not valid JSON');
  }
  const tokens = (doc as Partial<TokenFile> | null)?.tokens;
  if (!Array.isArray(tokens)) throw new TokenStoreError(file, 'missing "tokens" array');
  const out = new Map<string, TokenRecord>();
  for (const t of tokens as Partial<TokenRecord>[]) {
    if (typeof t.id !== 'string' || typeof t.hash !== 'string' || !/^[0-9a-f]{64}$/.test(t.hash) || typeof t.plan !== 'string' || !isPlan(t.plan)) {
      throw new TokenStoreError(file, `invalid token record ${JSON.stringify(t.id ?? null)}`);
    }
    out.set(t.id, {
      id: t.id, name: typeof t.name === 'string' ? t.name : '', plan: t.plan, hash: t.hash,
      createdAt: typeof t.createdAt === 'string' ? t.createdAt : '', revokedAt: typeof t.revokedAt === 'string' ? t.revokedAt : null,
    });
  }
  return out;
}
