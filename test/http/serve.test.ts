// `npm start` on an empty warehouse builds the demo, prints a working token and curl line, and SIGTERM lets in-flight
// requests finish before the process exits.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import * as v from 'valibot';
import { tempDir } from '../helpers/tempWarehouse.ts';
import type { Endpoint } from '../../http/registry.ts';
import { bearer, fixtureWarehouse, startTestApp } from './testApp.ts';
import { defined } from '../helpers/defined.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

test('an empty warehouse is filled with the demo, and the printed curl line works; SIGTERM exits cleanly', { timeout: 420_000 }, async () => {
  const dir = tempDir('serve-');
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/serve.ts'], {
    cwd: ROOT,
    env: { ...process.env, FILINGS_WAREHOUSE: path.join(dir, 'wh'), PORT: '0', DUCKDB_THREADS: '1', LOG_LEVEL: 'warn', FILINGS_TOKENS_FILE: path.join(dir, 'tokens.json') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
  child.stderr.on('data', (b: Buffer) => { out += b.toString(); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => { resolve(code); }));
  try {
    // a hang detector, not a speed check: the demo build runs several minutes on a loaded 2-core box
    const deadline = Date.now() + 390_000;
    while (!/curl -H "Authorization: Bearer (\S+)" "(\S+)"/.test(out)) {
      if (Date.now() > deadline || child.exitCode !== null) assert.fail(`serve did not print a curl line:\n${out}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const [, token, url] = defined(/curl -H "Authorization: Bearer (\S+)" "(\S+)"/.exec(out), '/curl -H "Authorization: Bearer (\\S+)" "(\\S+)"/.exec(out)');
    const res = await fetch(defined(url, 'url'), bearer(defined(token, 'token')));
    assert.equal(res.status, 200, await res.clone().text());
    const body = (await res.json()) as { name: string; tickers: string[] };
    assert.match(body.name, /\(DEMO DATA\)$/);
    assert.ok(fs.readFileSync(path.join(dir, 'tokens.json'), 'utf8').length > 0);
    assert.ok(!fs.readFileSync(path.join(dir, 'tokens.json'), 'utf8').includes(defined(token, 'token')));
    child.kill('SIGTERM');
    assert.equal(await exited, 0);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('closing the server lets an in-flight streamed response finish and refuses new connections', async () => {
  const wh = await fixtureWarehouse();
  const facts: Endpoint = {
    path: '/test/facts', group: 'Test', summary: 'facts', tiers: [], entity: true, params: {},
    macro: 'facts_of', args: ({ entity }) => [defined(entity, 'entity').cik], shape: 'array', response: v.object({}),
  };
  const app = await startTestApp(wh.engine, { endpoints: [facts] });
  try {
    const res = await fetch(`${app.base}/test/facts?cik=320193`, bearer(app.tokens.Pro, { 'Accept-Encoding': 'identity' }));
    const closing = app.server.close(10_000);
    const rows = (await res.json()) as unknown[];
    assert.ok(rows.length > 20_000, `${String(rows.length)} rows`);
    await closing;
    await assert.rejects(fetch(`${app.base}/test/facts?cik=320193`, bearer(app.tokens.Pro)));
  } finally {
    await app.close();
    wh.cleanup();
  }
});
