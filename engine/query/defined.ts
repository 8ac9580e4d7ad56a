// The checked replacement for a non-null assertion: a value the code's invariants guarantee, failing by name if not.
// It sits in engine/query because that is the engine module every layer (http included) may import.

/** A value an invariant promised was missing: a bug in our code or an input shape the parser did not expect. */
export class MissingValueError extends Error {
  constructor(what: string) {
    super(`missing value: ${what}`);
    this.name = 'MissingValueError';
  }
}

/** Returns `value`, or throws MissingValueError naming `what` when it is null or undefined. */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new MissingValueError(what);
  return value;
}
