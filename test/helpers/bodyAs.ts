// Test helper: a response body checked against the schema the API publishes for it, and typed by that schema.
import assert from 'node:assert/strict';
import * as v from 'valibot';

/** The spec's error body. */
export const ErrorBody = v.object({ error: v.string() });

/**
 * Returns `body` typed by `schema`, failing the test (with the first issue's path) when the schema rejects it. The body
 * itself is returned, not valibot's output: keys the schema does not list stay, so the test sees exactly what was served.
 */
export function bodyAs<S extends v.GenericSchema>(schema: S, body: unknown, what = 'response body'): v.InferInput<S> {
  if (v.is(schema, body)) return body;
  const issue = v.safeParse(schema, body).issues?.[0];
  const at = issue?.path?.map((p) => String(p.key)).join('.') ?? '';
  return assert.fail(`${what} does not match its schema at ${at || '(root)'}: ${issue?.message ?? 'rejected'} (${JSON.stringify(body).slice(0, 300)})`);
}
