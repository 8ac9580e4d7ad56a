// OAuth records as small JSON files under `<accounts>/oauth/`: one file per record (named by a hash of its id, so no
// id reaches a path), a uid index, and per-grant folders listing the records a grant revocation must remove. Writes are
// atomic (temp + rename); an expired record reads as absent and is removed when met.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OAuthPayload, OAuthStore } from './OAuthStore.ts';

interface Stored {
  payload: OAuthPayload;
  /** Epoch ms; null: no expiry. */
  expiresAt: number | null;
}

const MODEL = /^[A-Za-z]{1,40}$/;

function hashed(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('hex');
}

export class FileOAuthStore implements OAuthStore {
  constructor(readonly dir: string, private readonly now: () => number = Date.now) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  upsert(model: string, id: string, payload: OAuthPayload, expiresInSeconds: number | undefined): Promise<void> {
    const stored: Stored = { payload, expiresAt: expiresInSeconds ? this.now() + expiresInSeconds * 1000 : null };
    this.writeJson(this.recordPath(model, id), stored);
    if (typeof payload.uid === 'string') this.writeJson(this.indexPath(model, 'uid', payload.uid), { id });
    if (typeof payload.userCode === 'string') this.writeJson(this.indexPath(model, 'userCode', payload.userCode), { id });
    if (typeof payload.grantId === 'string') {
      const grantDir = this.grantDir(payload.grantId);
      fs.mkdirSync(grantDir, { recursive: true, mode: 0o700 });
      fs.writeFileSync(path.join(grantDir, `${model}.${hashed(id)}`), JSON.stringify({ model, id }), { mode: 0o600 });
    }
    return Promise.resolve();
  }

  find(model: string, id: string): Promise<OAuthPayload | undefined> {
    return Promise.resolve(this.read(model, id));
  }

  findByUid(model: string, uid: string): Promise<OAuthPayload | undefined> {
    return Promise.resolve(this.byIndex(model, 'uid', uid));
  }

  findByUserCode(model: string, userCode: string): Promise<OAuthPayload | undefined> {
    return Promise.resolve(this.byIndex(model, 'userCode', userCode));
  }

  consume(model: string, id: string): Promise<void> {
    const file = this.recordPath(model, id);
    const stored = this.readStored(file);
    if (stored) this.writeJson(file, { ...stored, payload: { ...stored.payload, consumed: Math.floor(this.now() / 1000) } });
    return Promise.resolve();
  }

  destroy(model: string, id: string): Promise<void> {
    fs.rmSync(this.recordPath(model, id), { force: true });
    return Promise.resolve();
  }

  revokeByGrantId(grantId: string): Promise<void> {
    const grantDir = this.grantDir(grantId);
    let entries: string[];
    try {
      entries = fs.readdirSync(grantDir);
    } catch {
      return Promise.resolve();
    }
    for (const entry of entries) {
      try {
        const { model, id } = JSON.parse(fs.readFileSync(path.join(grantDir, entry), 'utf8')) as { model: string; id: string };
        fs.rmSync(this.recordPath(model, id), { force: true });
      } catch {
        // an entry whose record is already gone
      }
    }
    fs.rmSync(grantDir, { recursive: true, force: true });
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private read(model: string, id: string): OAuthPayload | undefined {
    const file = this.recordPath(model, id);
    const stored = this.readStored(file);
    if (!stored) return undefined;
    if (stored.expiresAt !== null && stored.expiresAt <= this.now()) {
      fs.rmSync(file, { force: true });
      return undefined;
    }
    return stored.payload;
  }

  private byIndex(model: string, index: string, key: string): OAuthPayload | undefined {
    try {
      const { id } = JSON.parse(fs.readFileSync(this.indexPath(model, index, key), 'utf8')) as { id: string };
      return this.read(model, id);
    } catch {
      return undefined;
    }
  }

  private readStored(file: string): Stored | undefined {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8')) as Stored;
    } catch {
      return undefined;
    }
  }

  private recordPath(model: string, id: string): string {
    if (!MODEL.test(model)) throw new Error(`OAuth store: bad model name ${JSON.stringify(model)}`);
    return path.join(this.dir, model, `${hashed(id)}.json`);
  }

  private indexPath(model: string, index: string, key: string): string {
    return path.join(this.dir, model, `_${index}`, `${hashed(key)}.json`);
  }

  private grantDir(grantId: string): string {
    return path.join(this.dir, '_grants', hashed(grantId));
  }

  private writeJson(file: string, value: unknown): void {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.tmp-${String(process.pid)}-${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, JSON.stringify(value), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
}
