// Job leases as lock files (`<dir>/<key>.lock`, created with O_EXCL) holding the owner and the expiry. An expired lock
// is taken over by renaming it aside first: rename is atomic, so of two processes that both saw it expire exactly one
// removes it, and the O_EXCL create that follows admits one holder.
import fs from 'node:fs';
import path from 'node:path';
import { readFileOrNull, writeFileAtomic } from './atomicFiles.ts';
import type { JobLock } from './JobLock.ts';

interface Holder { owner: string; until: number }

export class FileJobLock implements JobLock {
  constructor(private readonly dir: string, private readonly now: () => number = Date.now) {
    fs.mkdirSync(dir, { recursive: true });
  }

  private file(key: string): string {
    return path.join(this.dir, `${key}.lock`);
  }

  private holder(key: string): Holder | null {
    const text = readFileOrNull(this.file(key));
    if (text === null) return null;
    try {
      return JSON.parse(text) as Holder;
    } catch {
      // written with O_EXCL then filled: an empty file is a holder starting up, not garbage
      return { owner: '', until: this.now() + 1000 };
    }
  }

  tryAcquire(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return Promise.resolve(this.acquire(key, owner, ttlMs, true));
  }

  private acquire(key: string, owner: string, ttlMs: number, mayTakeOver: boolean): boolean {
    const file = this.file(key);
    try {
      fs.writeFileSync(file, JSON.stringify({ owner, until: this.now() + ttlMs }), { flag: 'wx' });
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const held = this.holder(key);
    if (held?.owner === owner) return this.renewSync(key, owner, ttlMs);
    if (!mayTakeOver || (held && held.until > this.now())) return false;
    const aside = `${file}.${owner}.stale`;
    try {
      fs.renameSync(file, aside);
    } catch {
      return false; // another process took it over first
    }
    // renamed a lock renewed between our read and the rename? put it back untouched
    const moved = readFileOrNull(aside);
    const still = moved === null ? null : (JSON.parse(moved || '{"owner":"","until":0}') as Holder);
    if (still && still.until > this.now()) {
      try { fs.linkSync(aside, file); } catch { /* a new holder already exists */ }
      fs.rmSync(aside, { force: true });
      return false;
    }
    fs.rmSync(aside, { force: true });
    return this.acquire(key, owner, ttlMs, false);
  }

  private renewSync(key: string, owner: string, ttlMs: number): boolean {
    if (this.holder(key)?.owner !== owner) return false;
    writeFileAtomic(this.file(key), JSON.stringify({ owner, until: this.now() + ttlMs }));
    return true;
  }

  renew(key: string, owner: string, ttlMs: number): Promise<boolean> {
    return Promise.resolve(this.renewSync(key, owner, ttlMs));
  }

  release(key: string, owner: string): Promise<void> {
    if (this.holder(key)?.owner === owner) fs.rmSync(this.file(key), { force: true });
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
