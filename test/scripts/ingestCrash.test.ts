// Atomicity under a crash: a writer killed with SIGKILL after staging its Parquet files but before the journal
// leaves the warehouse as it was, and the next writer clears the leftovers and ingests normally.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../../engine/db/Engine.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { fixture, tempDir } from '../helpers/tempWarehouse.ts';
import { REPO, runIngestCli } from '../helpers/runIngestCli.ts';
import { defined } from '../helpers/defined.ts';

interface Counts {
  facts: number;
  filings: number;
  entities: number;
}

async function withEngine<T>(dir: string, mode: 'read' | 'write', fn: (engine: Engine) => Promise<T>): Promise<T> {
  const engine = await Engine.open({ warehouseDir: dir, mode, threads: 1, memoryLimit: '1GB' });
  try {
    return await fn(engine);
  } finally {
    engine.close();
  }
}

function counts(dir: string): Promise<Counts> {
  return withEngine(dir, 'read', async (e) =>
    defined((await e.query<Counts>(
      'SELECT (SELECT count(*)::INTEGER FROM src_facts) AS facts, (SELECT count(*)::INTEGER FROM src_filings) AS filings, (SELECT count(*)::INTEGER FROM src_entities) AS entities',
    ))[0], '(await e.query<Counts>( \'SELECT (SELECT count(*)::INTEGE...'),
  );
}

function stagedBatches(dir: string): string[] {
  const staging = path.join(dir, '_staging');
  return fs.existsSync(staging) ? fs.readdirSync(staging, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name) : [];
}

async function waitFor(file: string, child: ReturnType<typeof spawn>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!fs.existsSync(file)) {
    if (child.exitCode !== null) throw new Error(`child exited early with code ${String(child.exitCode)}`);
    if (Date.now() > deadline) throw new Error(`child not at the journal after ${String(timeoutMs)} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a writer killed with SIGKILL before its journal leaves row counts unchanged, and recovery removes its staging files', async () => {
  const dir = tempDir('crash-wh-');
  const inputs = tempDir('crash-in-');
  try {
    await withEngine(dir, 'write', (e) => ingestPaths(e, [fixture('edgar', 'companyfacts', 'CIK0001640147.json.gz')]));
    const baseline = await counts(dir);
    assert.equal(baseline.facts, 8163);

    for (const name of ['CIK0000320193.json.gz', 'CIK0001835632.json.gz']) fs.copyFileSync(fixture('edgar', 'companyfacts', name), path.join(inputs, name));
    const marker = path.join(tempDir('crash-marker-'), 'at-journal');
    const stderr: Buffer[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO, 'test', 'helpers', 'ingestUntilJournal.ts'), dir, marker, inputs], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (d: Buffer) => stderr.push(d));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => { resolve(signal); }));
    try {
      await waitFor(marker, child, 60_000);
    } catch (err) {
      child.kill('SIGKILL');
      throw new Error(`${(err as Error).message}\n${Buffer.concat(stderr).toString()}`, { cause: err });
    }
    // the batch is staged: Parquet files exist under _staging, no journal yet
    const [batch, ...others] = stagedBatches(dir);
    assert.ok(batch !== undefined && others.length === 0);
    const staged = fs.readdirSync(path.join(dir, '_staging', batch), { recursive: true }).map(String);
    assert.ok(staged.some((f) => f.endsWith('.parquet')), 'Parquet files were written before the kill');
    assert.ok(!staged.includes('COMMIT.json'));

    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL');

    // readers never see staged files
    assert.deepEqual(await counts(dir), baseline);
    // the next writer takes over the dead writer's lock and discards the unjournalled batch
    await withEngine(dir, 'write', (e) => ingestPaths(e, []));
    assert.deepEqual(stagedBatches(dir), []);
    assert.deepEqual(await counts(dir), baseline);
    assert.equal(fs.readdirSync(path.join(dir, '_manifest')).filter((f) => f.endsWith('.json')).length, 1);

    // and the same folder then ingests in full: Apple 24,579 + Marvell 8,053 facts (fixture MANIFEST)
    const res = await runIngestCli([inputs], { FILINGS_WAREHOUSE: dir });
    assert.equal(res.code, 0, res.stderr);
    assert.equal((await counts(dir)).facts, baseline.facts + 24579 + 8053);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(inputs, { recursive: true, force: true });
  }
});
