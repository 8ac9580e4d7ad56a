// Cross-process exclusive lock on a file (a `.lock` sibling created with O_EXCL) for short read-modify-write sections,
// so concurrent `tokens create/revoke` commands serialise instead of overwriting each other's records.
import fs from 'node:fs';
import path from 'node:path';

export class FileLockTimeout extends Error {
  constructor(readonly lockFile: string, holder: string) {
    super(`${lockFile} is held by pid ${holder || '?'}; if no tokens command is running, delete the file`);
    this.name = 'FileLockTimeout';
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

function holderGone(lockFile: string): boolean {
  const pid = Number(fs.readFileSync(lockFile, 'utf8'));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // only ESRCH says the holder is gone; EPERM is a live process of another user
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Run `fn` holding `<file>.lock`; waits (synchronously: the callers are short CLI steps) up to `timeoutMs`. */
export function withFileLock<T>(file: string, fn: () => T, timeoutMs = 30_000): T {
  const lockFile = `${file}.lock`;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const deadline = Date.now() + timeoutMs;
  for (let wait = 2; ; wait = Math.min(wait * 2, 50)) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: 0o600 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      try {
        // a holder killed mid-write leaves its lock behind; a partly written (empty) lock is a holder starting up
        if (holderGone(lockFile)) fs.rmSync(lockFile, { force: true });
      } catch {
        // released between our open and our read: try again
      }
      if (Date.now() > deadline) throw new FileLockTimeout(lockFile, fs.existsSync(lockFile) ? fs.readFileSync(lockFile, 'utf8') : '');
      Atomics.wait(sleeper, 0, 0, wait);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lockFile, { force: true });
  }
}
