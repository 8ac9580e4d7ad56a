// Chaos: the attacks that wrote through the "read-only" REPL. A quant running it in a folder that holds the warehouse
// (the default ./parquet) could forge a Pro token into the tokens file with COPY ... TO and empty a facts file. Every
// statement below must be refused, and no file of the warehouse or the accounts area may change.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Engine } from '../../engine/db/Engine.ts';
import { TokenStore, hashToken } from '../../engine/accounts/TokenStore.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { ReplSession } from '../../scripts/repl/ReplSession.ts';
import { companyFactsJson } from '../helpers/oracleFiler.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { EXAMPLES } from '../periods/oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
let home = '';
let wh = '';
let tokensFile = '';
let factsFile = '';
let engine: Engine | undefined;
let session: ReplSession;
const FORGED = 'fe_0123456789ab_' + 'A'.repeat(43);

/** Every file under the folder with its size and modification time. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const p = path.join(entry.parentPath, entry.name);
    const st = fs.statSync(p);
    out[path.relative(dir, p)] = entry.isDirectory() ? 'dir' : `${String(st.size)}:${String(st.mtimeMs)}`;
  }
  return out;
}

before(async () => {
  // the quant's working folder holds the warehouse, as with the default ./parquet: both are within allowed_directories
  home = fs.realpathSync(tempDir('repl-home-'));
  wh = path.join(home, 'parquet');
  const writer = await Engine.open({ warehouseDir: wh, mode: 'write', threads: 1 });
  const s = defined(EXAMPLES[0], 'EXAMPLES[0]').schedule;
  const input = path.join(tempDir('repl-in-'), `CIK${String(s.cik)}.json`);
  fs.writeFileSync(input, companyFactsJson(s));
  await ingestPaths(writer, [input]);
  writer.close();
  tokensFile = path.join(wh, '_accounts', 'tokens.json');
  new TokenStore(tokensFile, 0).create('Free', 'someone');
  factsFile = defined(fs.readdirSync(path.join(wh, 'facts'), { recursive: true }).map(String).find((f) => f.endsWith('.parquet')), 'fs.readdirSync(path.join(wh, \'facts\'), { recursive: true }).map(String).find((f) => f.endsWith(\'.parquet\'))');
  engine = await Engine.open({ warehouseDir: wh, mode: 'read', threads: 1, extraDirectories: [home] });
  session = new ReplSession(engine, {
    allowedDirs: [home], cwd: home, warehouseDir: engine.warehouseDir, protectedDirs: [path.dirname(tokensFile)], interactive: false,
    out: () => undefined, err: () => undefined,
  });
});
after(() => {
  engine?.close();
  fs.rmSync(home, { recursive: true, force: true });
});

const forgedFile = () => JSON.stringify({ version: 1, tokens: [{ id: '0123456789ab', name: 'x', plan: 'Pro', hash: hashToken(FORGED), createdAt: '', revokedAt: null }] });

test('statements that write files, attach databases, load code or run SQL from strings are refused; nothing changes', async () => {
  const before = snapshot(wh);
  const facts = path.join(wh, 'facts', factsFile);
  const attacks: [string, RegExp][] = [
    [`COPY (SELECT '${forgedFile()}' AS j) TO '${tokensFile}' (FORMAT csv, HEADER false, QUOTE '')`, /COPY is not allowed/],
    [`COPY (SELECT * FROM read_parquet('${facts}') LIMIT 0) TO '${facts}' (FORMAT parquet)`, /COPY is not allowed/],
    [`ATTACH '${path.join(wh, 'evil.duckdb')}' AS evil`, /ATTACH is not allowed/],
    [`EXPORT DATABASE '${path.join(wh, 'dump')}'`, /EXPORT is not allowed/],
    [`COPY FROM DATABASE memory TO memory`, /not allowed|Binder Error/],
    [`SELECT * FROM enable_logging(storage='file', storage_path='${wh}')`, /enable_logging\(\) is not available/],
    [`CALL enable_logging(storage='file', storage_path='${wh}')`, /enable_logging\(\) is not available/],
    [`SELECT * FROM "Query"('SELECT 1')`, /Query\(\) is not available/],
    [`EXPLAIN ANALYZE COPY (SELECT 1) TO '${path.join(wh, 'x.csv')}'`, /EXPLAIN is allowed for queries only/],
    [`/* hidden */ EXPLAIN /**/ ANALYZE COPY (SELECT 1) TO '${path.join(wh, 'x.csv')}'`, /EXPLAIN is allowed for queries only/],
    [`PREPARE p AS COPY (SELECT 1) TO '${path.join(wh, 'x.csv')}'`, /PREPARE is not allowed/],
    [`PRAGMA import_database('${wh}')`, /import_database\(\) is not available/],
    [`IMPORT DATABASE '${wh}'`, /IMPORT DATABASE is not allowed/],
    ['INSTALL httpfs', /not allowed/],
    ['LOAD parquet', /not allowed/],
    ["SET allowed_directories = ['/']", /lock|configuration/i],
    ['SET enable_external_access = true', /lock|configuration/i],
  ];
  for (const [sql, refusal] of attacks) await assert.rejects(session.statement(sql), refusal, sql);
  assert.deepEqual(snapshot(wh), before, 'the warehouse and the accounts area are byte for byte as they were');
  assert.equal(new TokenStore(tokensFile, 0).verify(FORGED), null, 'the forged token is not accepted');
});

test('.export writes only to the folders the user allowed, never into the warehouse or the accounts area, even through a symlink', async () => {
  const before = snapshot(wh);
  fs.symlinkSync(wh, path.join(home, 'innocent'));
  await session.statement('SELECT count(*) AS n FROM src_facts');
  await assert.rejects(session.run({ kind: 'command', line: `.export csv ${tokensFile}` }), /inside the warehouse/);
  await assert.rejects(session.run({ kind: 'command', line: '.export csv innocent/_accounts/tokens.json' }), /inside the warehouse/);
  await assert.rejects(session.run({ kind: 'command', line: '.export parquet /tmp/outside.parquet' }), /outside the folders this session may write/);
  // a query that smuggles a second statement into the COPY .export builds
  await session.run({ kind: 'command', line: '.export csv out.csv' }).catch(() => {});
  fs.rmSync(path.join(home, 'out.csv'), { force: true });
  await assert.rejects(
    session.statement(`SELECT 1) TO '${path.join(home, 'a.csv')}'; COPY (SELECT '${forgedFile()}') TO '${tokensFile}' (FORMAT csv); SELECT (1`),
    /one statement at a time|not allowed|Parser Error/,
  );
  assert.deepEqual(snapshot(wh), before);
  await session.statement('SELECT 42 AS answer');
  await session.run({ kind: 'command', line: '.export csv answer.csv' });
  assert.equal(fs.readFileSync(path.join(home, 'answer.csv'), 'utf8'), 'answer\n42\n');
});

test('the REPL program refuses a COPY into the warehouse with exit code 1 and a one-line reason', async () => {
  const before = snapshot(wh);
  const run = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/repl.ts', '--allow', home, '-c', `COPY (SELECT 1) TO '${path.join(wh, 'facts', factsFile)}' (FORMAT parquet)`], {
      // --allow makes the folder holding the warehouse writable for DuckDB, as running the REPL inside it would
      cwd: ROOT, env: { ...process.env, FILINGS_WAREHOUSE: wh, DUCKDB_THREADS: '1' },
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => { resolve({ code, stderr }); });
  });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stderr, /COPY is not allowed: the REPL only reads the warehouse/);
  assert.deepEqual(snapshot(wh), before);
});
