// Bench guard: a value the benchmark needs (a row, a match, a sample) fails the run by name instead of via a `!`.

/** Returns `value`, or throws naming `what` when it is null or undefined. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`bench: expected ${what} to be present`);
  return value;
}
