// Chaos: the periods refresh after an ingest commit is killed (SIGKILL) or fails. Before: a kill left the stored
// periods stale for good (the re-ingest found "no new rows" and skipped the refresh) plus a `_periods_build` folder,
// and a failed refresh made ingest exit non-zero although its batch had committed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { periodsAreCurrent } from '../../engine/financials/materializePeriods.ts';
import { companyFactsJson } from '../helpers/oracleFiler.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { REPO, runIngestCli } from '../helpers/runIngestCli.ts';
import { EXAMPLES } from '../periods/oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';

const ENV = { DUCKDB_THREADS: '1', DUCKDB_MEMORY_LIMIT: '1GB' };

function filerFile(dir: string): string {
  const s = defined(EXAMPLES[0], 'EXAMPLES[0]').schedule;
  const file = path.join(dir, `CIK${String(s.cik)}.json`);
  fs.writeFileSync(file, companyFactsJson(s));
  return file;
}

function builtBucketFiles(wh: string): string[] {
  // _periods_build/<generation>/<output folder>/bucket=N.parquet (periods and statements)
  const root = path.join(wh, '_periods_build');
  try {
    return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.parquet'));
  } catch {
    return [];
  }
}

test('SIGKILL during the periods refresh: the periods read stale, and the next ingest (no new rows) rebuilds them and cleans up', async () => {
  const wh = tempDir('chaos-wh-');
  const inputs = tempDir('chaos-in-');
  try {
    const file = filerFile(inputs);
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'scripts', 'ingest.ts'), file], {
      cwd: REPO, env: { ...process.env, ...ENV, FILINGS_WAREHOUSE: wh }, stdio: 'ignore',
    });
    const deadline = Date.now() + 120_000;
    // kill once the refresh has written its first bucket: the commit is done, the new generation is not
    while (builtBucketFiles(wh).length === 0) {
      assert.equal(child.exitCode, null, 'ingest ended before the refresh could be interrupted');
      assert.ok(Date.now() < deadline, 'the refresh never started');
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('close', r));
    assert.ok(fs.readdirSync(path.join(wh, '_manifest')).length > 0, 'the batch committed before the kill');
    assert.equal(periodsAreCurrent(wh), false);
    assert.ok(fs.existsSync(path.join(wh, '_periods_build')), 'the killed refresh left its build folder');

    const again = await runIngestCli([file], { ...ENV, FILINGS_WAREHOUSE: wh });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /no new rows/);
    assert.match(again.stderr, /did not reflect every committed ingest .*: rebuilt/);
    assert.equal(periodsAreCurrent(wh), true);
    assert.equal(fs.existsSync(path.join(wh, '_periods_build')), false);

    const forced = await runIngestCli(['--refresh-periods'], { ...ENV, FILINGS_WAREHOUSE: wh });
    assert.equal(forced.code, 0, forced.stderr);
    assert.match(forced.stderr, /periods: 64 bucket\(s\) recomputed|periods: \d+ bucket\(s\) recomputed/);
    assert.equal(periodsAreCurrent(wh), true);
  } finally {
    fs.rmSync(wh, { recursive: true, force: true });
    fs.rmSync(inputs, { recursive: true, force: true });
  }
});

test('a refresh that fails after the commit: ingest exits 0, says the batch is committed and why the refresh failed, periods stay stale until --refresh-periods', async () => {
  const wh = tempDir('chaos-wh-');
  const inputs = tempDir('chaos-in-');
  try {
    const file = filerFile(inputs);
    // a real filesystem fault where the refresh swaps its files in: a plain file where a bucket folder belongs
    fs.mkdirSync(path.join(wh, 'periods'), { recursive: true });
    fs.writeFileSync(path.join(wh, 'periods', 'bucket=0'), 'in the way');
    const run = await runIngestCli([file], { ...ENV, FILINGS_WAREHOUSE: wh });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /1 batch committed/);
    assert.match(run.stderr, /the batch is committed and its rows are in the warehouse, but the periods refresh failed: EEXIST/);
    assert.match(run.stderr, /marked stale: the API computes periods on the fly .* --refresh-periods/);
    assert.equal(periodsAreCurrent(wh), false);

    fs.rmSync(path.join(wh, 'periods', 'bucket=0'));
    const forced = await runIngestCli(['--refresh-periods'], { ...ENV, FILINGS_WAREHOUSE: wh });
    assert.equal(forced.code, 0, forced.stderr);
    assert.equal(periodsAreCurrent(wh), true);
  } finally {
    fs.rmSync(wh, { recursive: true, force: true });
    fs.rmSync(inputs, { recursive: true, force: true });
  }
});
