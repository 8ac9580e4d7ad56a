// "Did you mean": the known name closest to an unknown one (case-insensitive match first, then edit distance <= 2).
import { defined } from '../../engine/query/defined.ts';
export function suggest(unknown: string, known: readonly string[]): string | null {
  const lower = unknown.toLowerCase();
  const exact = known.find((k) => k.toLowerCase() === lower);
  if (exact) return exact;
  let best: string | null = null;
  let bestDistance = 3;
  for (const k of known) {
    const d = editDistance(lower, k.toLowerCase());
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, bounded work: names are short and the known list is small. */
export function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3 || a.length > 64 || b.length > 64) return 99;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(defined(prev[j], 'prev[j]') + 1, defined(cur[j - 1], 'cur[j - 1]') + 1, defined(prev[j - 1], 'prev[j - 1]') + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return defined(prev[b.length], 'prev[b.length]');
}
