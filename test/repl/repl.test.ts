// The REPL as a quant runs it: -c and stdin modes over a warehouse holding Apple's real companyfacts file.
import { test, before, after } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { defined } from '../helpers/defined.ts';
import { parseCompanyFacts, unitFacts, type CompanyFact } from '../helpers/companyFacts.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const APPLE = fixture('sec-datasets', 'bulk-json', 'companyfacts', 'CIK0000320193.json');

let warehouse = '';
let outDir = '';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function repl(args: string[], stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/repl.ts', '--allow', outDir, ...args], {
      cwd: ROOT,
      env: { ...process.env, FILINGS_WAREHOUSE: warehouse, DUCKDB_THREADS: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('error', reject);
    child.on('close', (code) => { resolve({ code, stdout, stderr }); });
    child.stdin.end(stdin);
  });
}

/** Apple's us-gaap:Assets facts exactly as the companyfacts file states them. */
function appleAssets(): CompanyFact[] {
  return unitFacts(parseCompanyFacts(fs.readFileSync(APPLE, 'utf8')), 'us-gaap', 'Assets', 'USD');
}

before(async () => {
  const { engine, dir } = await openTempEngine('write');
  try {
    await ingestPaths(engine, [APPLE]);
  } finally {
    engine.close();
  }
  warehouse = dir;
  outDir = tempDir('repl-out-');
});

after(() => {
  fs.rmSync(warehouse, { recursive: true, force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
});

test('-c runs a query over the warehouse and prints an aligned table with the row count', async () => {
  const fact = defined(appleAssets().find((f) => f.end === '2025-09-27'), 'appleAssets().find((f) => f.end === \'2025-09-27\')');
  const run = await repl(['-c', `SELECT concept, value FROM facts_of(320193) WHERE concept = 'us-gaap:Assets' AND period_end = DATE '2025-09-27' AND accession = '${fact.accn}'`]);
  assert.equal(run.code, 0, run.stderr);
  const lines = run.stdout.split('\n');
  assert.match(defined(lines[0], 'lines[0]'), /^ concept\s+\|\s+value$/);
  assert.match(defined(lines[1], 'lines[1]'), /^-+\+-+$/);
  assert.match(defined(lines[2], 'lines[2]'), new RegExp(`^ us-gaap:Assets \\| ${String(fact.val)}$`));
  assert.equal(defined(lines[0], 'lines[0]').indexOf('|'), defined(lines[2], 'lines[2]').indexOf('|'), 'columns are aligned');
  assert.match(run.stdout, /\(1 row, [\d.]+ ms\)/);
});

test('SQL piped on stdin runs statement by statement, across lines, in the chosen mode', async () => {
  const run = await repl([], `SELECT count(*)::INTEGER AS n\n  FROM facts_of(320193)\n  WHERE concept = 'us-gaap:Assets';\n.mode csv\nSELECT 'a;b' AS x, 2 AS y;\n`);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, new RegExp(`\\b${String(appleAssets().length)}\\b`));
  assert.match(run.stdout, /x,y\na;b,2\n/);
});

test('.tables lists the source views and macros the SQL layers define', async () => {
  const run = await repl(['--mode', 'csv', '-c', '.tables']);
  assert.equal(run.code, 0, run.stderr);
  const rows = run.stdout.trim().split('\n').map((l) => l.split(',')[0]);
  assert.ok(rows.includes('src_facts'), run.stdout);
  assert.ok(rows.includes('facts_of'), run.stdout);
  assert.ok(!rows.includes('duckdb_views'), 'internal catalog functions are not listed');
});

test('.schema shows a view\'s columns and a table macro\'s parameters and columns', async () => {
  const run = await repl(['-c', '.schema src_facts', '-c', '.schema facts_of']);
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^ period_end\s+\| DATE\s+\|/m);
  assert.match(run.stdout, /^table macro facts_of\(c\)$/m);
});

test('.export csv writes the last query\'s rows, which match the companyfacts file', async () => {
  const target = path.join(outDir, 'assets.csv');
  const run = await repl([
    '-c', "SELECT accession, period_end, value FROM facts_of(320193) WHERE concept = 'us-gaap:Assets' ORDER BY period_end, accession",
    '-c', `.export csv ${target}`,
  ]);
  assert.equal(run.code, 0, run.stderr);
  const expected = appleAssets().map((f) => `${f.accn},${f.end},${String(f.val)}`).sort();
  const [header, ...lines] = fs.readFileSync(target, 'utf8').trim().split('\n');
  assert.equal(header, 'accession,period_end,value');
  const got = lines.map((l) => {
    const [accn, end, val] = l.split(',');
    return `${String(accn)},${String(end)},${String(Number(val))}`;
  });
  assert.deepEqual([...got].sort(), expected);
  assert.match(run.stdout, new RegExp(`exported ${String(expected.length)} rows to `));
});

test('.export before any query writes the next query instead of printing it, also as Parquet', async () => {
  const target = path.join(outDir, 'one.parquet');
  const run = await repl(['-c', `.export parquet ${target}`, '-c', 'SELECT 42 AS answer']);
  assert.equal(run.code, 0, run.stderr);
  assert.ok(fs.statSync(target).size > 0);
  const check = await repl(['-c', `SELECT answer FROM read_parquet('${target}')`]);
  assert.match(check.stdout, /^ +42$/m);
});

test('a SQL error exits non-zero with the database message and no stack trace', async () => {
  const run = await repl(['-c', 'SELECT * FROM no_such_view']);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /^Error: Catalog Error: .*no_such_view/m);
  assert.doesNotMatch(run.stderr, /\n\s+at /);
  const piped = await repl([], 'SELECT 1;\nSELEC 2;\nSELECT 333 AS third;\n');
  assert.equal(piped.code, 1);
  assert.match(piped.stderr, /Parser Error/);
  assert.doesNotMatch(piped.stdout, /third/, 'a script stops at its first error');
});

test('.export refuses paths outside the allowed folders and inside the warehouse', async () => {
  const run = await repl(['-c', 'SELECT 1', '-c', '.export csv /definitely/not/allowed.csv']);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /outside the folders this session may write/);
  const inside = await repl(['--allow', warehouse, '-c', 'SELECT 1', '-c', `.export csv ${path.join(warehouse, 'x.csv')}`]);
  assert.equal(inside.code, 1);
  assert.match(inside.stderr, /inside the warehouse/);
});
