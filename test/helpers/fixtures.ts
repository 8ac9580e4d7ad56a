// Where the shared SEC fixtures live: FILINGS_FIXTURES, or ../shared/fixtures next to the repository (read once here).
import fs from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/** The fixtures root; a relative FILINGS_FIXTURES is taken from the repository root, like the default. */
export const FIXTURES = path.resolve(REPO, process.env['FILINGS_FIXTURES'] ?? '../shared/fixtures');

export const fixturesPresent = fs.existsSync(path.join(FIXTURES, 'edgar'));

/** Why the fixture suites are skipped, or null when the fixtures are there. */
export const fixturesMissing: string | null = fixturesPresent
  ? null
  : `needs the shared SEC fixtures, not found at ${FIXTURES}: set FILINGS_FIXTURES=/path/to/shared/fixtures`;

export function fixture(...parts: string[]): string {
  return path.join(FIXTURES, ...parts);
}
