// A process that writes the warehouse loads DuckDB with a writer's jemalloc options (freed pages kept ten seconds, not
// one: engine/db/writerMalloc.ts), and a server with DuckDB's own. jemalloc reads them once, when DuckDB's library
// loads, so the options must be in the environment before the first module that loads DuckDB is evaluated: an import
// placed above engine/db/writerProcess.ts in an entry script would silently lose them. Each entry script is started
// with a probe that reports the environment at the moment DuckDB loads, then stops the process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MALLOC_CONF_VARIABLE, WRITER_MALLOC_CONF, writerEnvironment } from '../../engine/db/writerMalloc.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROBE = path.join(ROOT, 'test', 'helpers', 'duckdbLoadProbe.ts');

/** The entry scripts: every `tsx scripts/X.ts` of package.json, and every script that opens a writer's engine. */
function entryScripts(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const npm = Object.values(pkg.scripts).flatMap((s) => [...s.matchAll(/\bscripts\/(\w+\.ts)\b/g)].map((m) => m[1] ?? ''));
  const writers = fs.readdirSync(path.join(ROOT, 'scripts')).filter((f) => f.endsWith('.ts') && opensWriter(f));
  return [...new Set([...npm, ...writers])].sort();
}

function opensWriter(script: string): boolean {
  return fs.readFileSync(path.join(ROOT, 'scripts', script), 'utf8').includes("mode: 'write'");
}

/** The jemalloc options in the environment when DuckDB loaded (undefined: the script never loaded DuckDB). */
function optionsAtLoad(script: string, env: NodeJS.ProcessEnv): string | null | undefined {
  // a script that never loads DuckDB runs on, and may stop with its usage and a non-zero status: only the probe's line counts
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--import', PROBE, path.join(ROOT, 'scripts', script)], {
    cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000,
  });
  const line = /^duckdb loaded with (.*)$/m.exec(run.stdout)?.[1];
  return line === undefined ? undefined : JSON.parse(line) as string | null;
}

const cleanEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== MALLOC_CONF_VARIABLE));

test('entry scripts that write the warehouse load DuckDB with a writer\'s jemalloc options, the others with DuckDB\'s own', () => {
  const scripts = entryScripts();
  assert.ok(scripts.some(opensWriter), 'at least one entry script opens a writer');
  for (const script of scripts) {
    const seen = optionsAtLoad(script, cleanEnv());
    // a script that never loads DuckDB (e.g. a token tool) has nothing to check; a writer always loads it
    if (seen === undefined && !opensWriter(script)) continue;
    assert.equal(seen, opensWriter(script) ? WRITER_MALLOC_CONF : null, `scripts/${script}`);
  }
});

test('options the user set are kept: a writer does not replace them', () => {
  const writer = entryScripts().find(opensWriter) ?? '';
  assert.equal(optionsAtLoad(writer, { ...cleanEnv(), [MALLOC_CONF_VARIABLE]: 'dirty_decay_ms:0' }), 'dirty_decay_ms:0');
  // an empty value is the user's too: DuckDB's own options (how a benchmark measures the default)
  assert.equal(optionsAtLoad(writer, { ...cleanEnv(), [MALLOC_CONF_VARIABLE]: '' }), '');
  assert.equal(writerEnvironment({ [MALLOC_CONF_VARIABLE]: '' })[MALLOC_CONF_VARIABLE], '');
  assert.equal(writerEnvironment({})[MALLOC_CONF_VARIABLE], WRITER_MALLOC_CONF);
});
