// Whole-file writes other processes can read at any moment: a reader sees the old contents or the new, never a part.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function tempBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${String(process.pid)}.${crypto.randomBytes(4).toString('hex')}.tmp`);
}

/** Replace `file` with `text` (write a sibling, then rename over). */
export function writeFileAtomic(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = tempBeside(file);
  fs.writeFileSync(tmp, text);
  fs.renameSync(tmp, file);
}

/**
 * Create `file` with `text` only if it does not exist; false when another writer got there first. A hard link fails
 * with EEXIST on an existing name, so the file appears complete and exactly one creator wins, across processes.
 */
export function createFileExclusive(file: string, text: string): boolean {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = tempBeside(file);
  fs.writeFileSync(tmp, text);
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** The file's text, or null when it does not exist. */
export function readFileOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
