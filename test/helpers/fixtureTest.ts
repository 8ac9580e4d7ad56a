// node:test for suites that read the shared SEC fixtures: the same functions, except that when the fixtures are absent
// every test and suite is reported as skipped (saying what is missing and how to point at it) and hooks do nothing.
import * as nodeTest from 'node:test';
import { fixturesMissing } from './fixtures.ts';

type Test = typeof nodeTest.test;
type Hook = typeof nodeTest.before;

function skipped(run: Test): Test {
  const wrapper = (name?: unknown) => run(typeof name === 'string' ? name : 'fixture suite', { skip: fixturesMissing ?? true });
  return wrapper as unknown as Test;
}

const noHook = (() => undefined) as unknown as Hook;

if (fixturesMissing) process.stderr.write(`skipping fixture tests: ${fixturesMissing}\n`);

export const test: Test = fixturesMissing ? skipped(nodeTest.test) : nodeTest.test;
export const it: Test = test;
export const describe = (fixturesMissing ? skipped(nodeTest.describe as Test) : nodeTest.describe);
export const before: Hook = fixturesMissing ? noHook : nodeTest.before;
export const after: Hook = fixturesMissing ? noHook : nodeTest.after;
export const beforeEach: Hook = fixturesMissing ? noHook : nodeTest.beforeEach;
export const afterEach: Hook = fixturesMissing ? noHook : nodeTest.afterEach;
