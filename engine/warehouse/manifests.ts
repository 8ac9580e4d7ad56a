// The commit manifests (`_manifest/<batchId>.json`): their names in commit order, the ones committed after a recorded
// list, and the id of the next commit.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

/** The manifest file names, sorted: commit order, since every batch id sorts after the ones before it (newBatchId). */
export function manifestNames(warehouseDir: string): string[] {
  const dir = path.join(warehouseDir, '_manifest');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];
}

/**
 * The manifests of `now` that `done` does not name (committed after the state that recorded `done`), in commit order;
 * null when a manifest `done` names is gone (history rewritten: a state built on it is no base for an increment). A set
 * difference, not a prefix test, so a warehouse whose older ids sort out of commit order (second-resolution ids before
 * 2026-12-04: two commits within a second sorted by their random suffix) still refreshes incrementally.
 */
export function manifestsSince(done: readonly string[], now: readonly string[]): string[] | null {
  const present = new Set(now);
  if (done.some((m) => !present.has(m))) return null;
  const seen = new Set(done);
  return now.filter((m) => !seen.has(m));
}

/** `20261204T033556123Z`: UTC to the millisecond, sorting as time does. */
function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:.]/g, '');
}

/**
 * The latest time a batch id or manifest name can stand for, in ms; NaN for another name. A second-resolution id (before
 * 2026-12-04) stands for its whole second: `...T033556Z` sorts after every `...T033556mmmZ`.
 */
function stampedAt(name: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z-/.exec(name);
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi, s, ms] = m;
  return Date.parse(`${String(y)}-${String(mo)}-${String(d)}T${String(h)}:${String(mi)}:${String(s)}.${ms ?? '999'}Z`);
}

/**
 * The id of the next batch: `<UTC stamp to the ms>Z-<8 hex>`, stamped after every manifest already committed (the
 * newest's stamp + 1 ms when the clock has not passed it: two commits in one millisecond, or a clock set back), so
 * sorting manifest names gives commit order. Call with the writer lock held (commitBatch): it is what makes the
 * listing the last word.
 */
export function newBatchId(warehouseDir: string, now: number = Date.now()): string {
  let newest = Number.NEGATIVE_INFINITY;
  for (const name of manifestNames(warehouseDir)) {
    const at = stampedAt(name);
    if (at > newest) newest = at;
  }
  return `${stampOf(Math.max(now, newest + 1))}-${crypto.randomBytes(4).toString('hex')}`;
}
