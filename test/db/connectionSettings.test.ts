// Every pooled connection of an engine answers under the same settings: UTC whatever the process's time zone, and
// Parquet footers cached. A plain SET is the connection's own in DuckDB (session scope): set on the setup connection
// only, the other pooled connections kept the process's TZ (a time-zone-aware cast or current_date gave another day on
// three connections of four) and read every facts file's footer each time a view over all buckets bound.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// an engine in a process of its own whose local time is New York's: 03:00 UTC on 1 January is still 31 December there
const PROBE = `
import { openTempEngine } from './test/helpers/tempWarehouse.ts';
const { engine, cleanup } = await openTempEngine('read');
const size = 4;
let entered = 0;
let release;
const all = new Promise((resolve) => { release = resolve; });
const answers = await Promise.all(Array.from({ length: size }, () => engine.withConnection(async (c) => {
  // hold every connection until all are borrowed, so each answer comes from a different one
  entered += 1;
  if (entered === size) release();
  await all;
  const r = await c.runAndReadAll("SELECT strftime((TIMESTAMPTZ '2024-01-01 03:00:00+00')::DATE, '%Y-%m-%d'), current_setting('TimeZone'), current_setting('parquet_metadata_cache')");
  return r.getRows()[0].map(String);
})));
cleanup();
process.stdout.write(JSON.stringify(answers));
`;

test('every pooled connection answers in UTC and caches Parquet footers, whatever the process time zone', () => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE],
    { cwd: ROOT, env: { ...process.env, TZ: 'America/New_York' }, encoding: 'utf8' });
  const answers = JSON.parse(out) as string[][];
  assert.equal(answers.length, 4);
  for (const a of answers) assert.deepEqual(a, ['2024-01-01', 'UTC', 'true']);
});
