// Batches overlap: DuckDB writes and commits batch N through one writer connection while batch N+1 is parsed and
// staged into a second. The warehouse must end exactly as when each batch ran alone, and a write that fails stops the
// ingest with its own error, keeps the batches before it and leaves nothing half-written.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';

function companyFactsFiles(): string[] {
  const dirs = [fixture('sec-datasets', 'bulk-json', 'companyfacts'), fixture('edgar', 'companyfacts')];
  return dirs.filter((d) => fs.existsSync(d)).flatMap((d) => fs.readdirSync(d).filter((f) => /^CIK\d{10}\.json(\.gz)?$/.test(f)).map((f) => path.join(d, f)));
}

async function count(engine: Engine, sql: string): Promise<number> {
  const [row] = await engine.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM (${sql})`);
  return row?.n ?? -1;
}

const COMMITTED = 'SELECT * EXCLUDE (bucket) FROM src_facts';

/** Row count and the sum of every row's hash: equal for the same multiset of rows, whatever the files and order. */
async function fingerprint(engine: Engine, table: string): Promise<string> {
  const [row] = await engine.query<{ f: string }>(`SELECT count(*) || '/' || sum(hash(t)::HUGEINT) AS f FROM (SELECT * FROM ${table}) t`);
  return row?.f ?? '';
}

test('batches committed while the next one is staged give the warehouse that one ingest per batch gives', async () => {
  const files = companyFactsFiles();
  assert.ok(files.length > 2, 'needs at least three companyfacts fixtures');
  const overlapped = await openTempEngine();
  const alone = await openTempEngine();
  try {
    // one batch per file (any file exceeds one byte), streamed rows staged every 3,000 facts
    const report = await ingestPaths(overlapped.engine, files, { batchBytes: 1, stageRows: 3_000 });
    assert.deepEqual(report.manifests.map((m) => m.inputs), files.map((f) => [f]), 'one manifest per batch, in input order');
    for (const file of files) await ingestPaths(alone.engine, [file], { stageRows: 3_000 });
    assert.ok((await count(overlapped.engine, 'SELECT * FROM src_facts')) > 0);
    for (const table of ['src_facts', 'src_filings', 'src_entities']) {
      assert.deepEqual(await fingerprint(overlapped.engine, table), await fingerprint(alone.engine, table), table);
    }
  } finally {
    overlapped.cleanup();
    alone.cleanup();
  }
});

test('a write failing while the next batch is staged stops the ingest with its error and keeps the batches before it', async () => {
  const files = companyFactsFiles().slice(0, 3);
  const { engine, dir, cleanup } = await openTempEngine();
  try {
    let journals = 0;
    await assert.rejects(ingestPaths(engine, files, {
      batchBytes: 1,
      stageRows: 3_000,
      beforeJournal: () => {
        journals += 1;
        if (journals === 2) throw new Error('simulated crash of the second batch');
      },
    }), /simulated crash of the second batch/);
    const manifests = fs.readdirSync(path.join(dir, '_manifest')).filter((f) => f.endsWith('.json'));
    assert.equal(manifests.length, 1, 'only the first batch committed');
    assert.deepEqual(fs.readdirSync(path.join(dir, '_staging')), [], 'no staging folder and no writer lock left');
    const first = JSON.parse(fs.readFileSync(path.join(dir, '_manifest', manifests[0] ?? ''), 'utf8')) as { inputs: string[]; rows: { facts: number } };
    assert.deepEqual(first.inputs, files.slice(0, 1));
    assert.equal(await count(engine, COMMITTED), first.rows.facts);
    // the lock was released: the next ingest runs and adds the rest
    const again = await ingestPaths(engine, files);
    assert.ok((again.rows.facts ?? 0) > 0);
  } finally {
    cleanup();
  }
});
