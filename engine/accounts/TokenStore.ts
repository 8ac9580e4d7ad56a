// File-based API token store: only SHA-256 hashes are kept; a token is shown once, at creation.
// Token shape `fe_<id>_<secret>`: the id finds the record, the hash of the whole token is compared in constant time.
// Concurrency and failure rules: see the class comment.
import { defined } from '../query/defined.ts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isPlan, type Plan } from './plans.ts';
import { withFileLock } from './withFileLock.ts';

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

/** Verified tokens remembered at most (TokenStore.verified); past it the memory starts over. */
const VERIFIED_KEPT = 10_000;
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

/** Where a store reports a tokens file that stopped parsing (pino's Logger fits). */
export interface TokenLog {
  error(obj: object, msg: string): void;
}

export interface TokenStoreHealth {
  ok: boolean;
  error?: string;
  loadedAt?: string;
}

/**
 * Writers (create, revoke) hold a cross-process lock around read-modify-write and replace the file atomically (temp +
 * rename), so concurrent commands keep every record. Revocations are also appended to `<file>.revocations`, one id per
 * line, before the main file is rewritten: revocation is fail-closed. A reader that cannot parse the main file keeps the
 * last good set (refusing every caller would turn a typo into an outage) but still applies every revocation line, and
 * a revocation seen once is never forgotten by a running process, even if a hand edit clears `revokedAt`.
 */
export class TokenStore {
  private records = new Map<string, TokenRecord>();
  /** Ids revoked in any file version this process has read: only ever grows. */
  private readonly revoked = new Set<string>();
  /**
   * Tokens that verified, with the record they matched and the account they give: a repeated token skips the sha256
   * and the comparison (measured: 7.5% of a replayed hot request's CPU). An entry answers only while that same record
   * object is the live one (a reload builds new records) and unrevoked; only tokens that verified are ever kept.
   */
  private verified = new Map<string, { record: TokenRecord; account: Readonly<Account> }>();
  private loadedMtimeMs = -1;
  private checkedAt = 0;
  private loadedAt: string | null = null;
  private error: string | null = null;
  readonly revocationsFile: string;

  /** @param reloadIntervalMs how often a server re-reads the file so `tokens revoke` takes effect without a restart. */
  constructor(readonly file: string, private readonly reloadIntervalMs = 1000, private readonly log: TokenLog | null = null) {
    this.revocationsFile = `${file}.revocations`;
    this.reload(true);
  }

  /** Create a token for a plan; the returned text is the only copy of the secret. */
  create(plan: Plan, name: string): { token: string; record: TokenRecord } {
    return withFileLock(this.file, () => {
      this.reload(true);
      // rewriting a file that does not parse would drop every record in it
      if (this.error !== null) throw new TokenStoreError(this.file, `${this.error}; fix it before creating tokens`);
      const id = crypto.randomBytes(6).toString('hex');
      const token = `fe_${id}_${crypto.randomBytes(32).toString('base64url')}`;
      const record: TokenRecord = { id, name, plan, hash: hashToken(token), createdAt: new Date().toISOString(), revokedAt: null };
      this.records.set(id, record);
      this.save();
      return { token, record };
    });
  }

  list(): TokenRecord[] {
    this.reload(false);
    return [...this.records.values()]
      .map((r) => (r.revokedAt === null && this.revoked.has(r.id) ? { ...r, revokedAt: 'unknown' } : r))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Revoke by id (or by the full token); false when no such live token exists. */
  revoke(idOrToken: string): boolean {
    const id = TOKEN.exec(idOrToken)?.[1] ?? idOrToken;
    return withFileLock(this.file, () => {
      this.reload(true);
      const record = this.records.get(id);
      if (this.error !== null) {
        // the main file cannot be rewritten without losing records; the revocation still takes effect everywhere
        if (/^[0-9a-f]{12}$/.test(id)) this.appendRevocation(id);
        throw new TokenStoreError(this.file, `${this.error}; the revocation of ${id} was recorded in ${this.revocationsFile} and is in force, but fix the tokens file`);
      }
      if (!record || record.revokedAt !== null || this.revoked.has(id)) return false;
      const at = new Date().toISOString();
      this.appendRevocation(id, at);
      record.revokedAt = at;
      this.save();
      return true;
    });
  }

  /** The account a presented bearer token belongs to, or null for unknown, malformed or revoked tokens. */
  verify(token: string, now = Date.now()): Account | null {
    this.maybeReload(now);
    const known = this.verified.get(token);
    if (known !== undefined) {
      const { record } = known;
      if (this.records.get(record.id) === record && record.revokedAt === null && !this.revoked.has(record.id)) return known.account;
      this.verified.delete(token);
    }
    const m = TOKEN.exec(token);
    const record = m ? this.records.get(defined(m[1], 'm[1]')) : undefined;
    const expected = record ? Buffer.from(record.hash, 'hex') : DUMMY_HASH;
    const presented = Buffer.from(hashToken(token), 'hex');
    const same = crypto.timingSafeEqual(expected, presented);
    if (!record || !same || record.revokedAt !== null || this.revoked.has(record.id)) return null;
    const account = Object.freeze({ tokenId: record.id, name: record.name, plan: record.plan });
    if (this.verified.size >= VERIFIED_KEPT) this.verified.clear();
    this.verified.set(token, { record, account });
    return account;
  }

  /** The live account of a token id (the MCP sign-in's account id), or null when unknown or revoked. */
  account(id: string, now = Date.now()): Account | null {
    this.maybeReload(now);
    const record = this.records.get(id);
    if (!record || record.revokedAt !== null || this.revoked.has(record.id)) return null;
    return { tokenId: record.id, name: record.name, plan: record.plan };
  }

  /** For the health endpoint: whether the tokens file parsed at the last reload, and when the set in use was loaded. */
  health(): TokenStoreHealth {
    const h: TokenStoreHealth = { ok: this.error === null };
    if (this.error !== null) h.error = this.error;
    if (this.loadedAt !== null) h.loadedAt = this.loadedAt;
    return h;
  }

  private maybeReload(now: number): void {
    if (now - this.checkedAt < this.reloadIntervalMs) return;
    this.checkedAt = now;
    this.reload(false);
  }

  /**
   * Re-read the revocations and, when it changed (or still fails to parse, or `force`), the tokens file. A file that
   * does not parse keeps the last good set and is logged on every reload until it is fixed.
   */
  private reload(force: boolean): void {
    this.readRevocations();
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      // no file: no tokens (fail closed), which is also the state of a fresh install
      this.records = new Map();
      this.loadedMtimeMs = -1;
      this.error = null;
      return;
    }
    if (!force && this.error === null && stat.mtimeMs === this.loadedMtimeMs) return;
    try {
      this.records = parseTokenFile(this.file, fs.readFileSync(this.file, 'utf8'));
      this.loadedMtimeMs = stat.mtimeMs;
      this.loadedAt = new Date().toISOString();
      this.error = null;
    } catch (err) {
      this.error = (err as Error).message;
      this.log?.error({ file: this.file, lastGoodSetLoadedAt: this.loadedAt }, `${this.error}: keeping the tokens loaded before; revocations still apply`);
    }
  }

  private readRevocations(): void {
    let text: string;
    try {
      text = fs.readFileSync(this.revocationsFile, 'utf8');
    } catch {
      return;
    }
    for (const line of text.split('\n')) {
      const id = /^([0-9a-f]{12})(\t|$)/.exec(line)?.[1];
      if (id) this.revoked.add(id);
    }
  }

  private appendRevocation(id: string, at = new Date().toISOString()): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    // one short O_APPEND write per line: concurrent appends never interleave within a line
    fs.appendFileSync(this.revocationsFile, `${id}\t${at}\n`, { mode: 0o600 });
    this.revoked.add(id);
  }

  private save(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const body: TokenFile = { version: 1, tokens: [...this.records.values()] };
    const tmp = `${this.file}.tmp-${String(process.pid)}-${crypto.randomBytes(4).toString('hex')}`;
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      fs.writeSync(fd, `${JSON.stringify(body, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.file);
    this.loadedMtimeMs = fs.statSync(this.file).mtimeMs;
    this.loadedAt = new Date().toISOString();
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
