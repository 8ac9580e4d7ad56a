// Test assertion: a value the test expects to be present, failing the test with what was missing instead of a `!`.
import assert from 'node:assert/strict';

/** Returns `value`, or fails the test naming `what` when it is null or undefined. */
export function defined<T>(value: T | null | undefined, what: string): T {
  assert.ok(value !== null && value !== undefined, `expected ${what} to be present`);
  return value;
}
