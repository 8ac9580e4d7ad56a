// The multi-process server (`npm start -- --workers 2`, scripts/serveCluster.ts) as a real process tree on a fixture
// warehouse and a real redis-server: both workers answer (the request log names the worker of each request id), a
// plan's per-minute quota holds across them, a token revoked with the tokens CLI is refused by both, a killed worker is
// replaced while the other keeps answering, and SIGTERM stops the primary and every worker. Without REDIS_URL the
// server refuses to start with several workers.
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import crypto from 'node:crypto';
import { TokenStore } from '../../engine/accounts/TokenStore.ts';
import { loadConfig } from '../../engine/config.ts';
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import { fixture, ingestedWarehouse, tempDir } from '../helpers/tempWarehouse.ts';
import { redisAvailable, REDIS_SKIP_REASON, startTestRedis, type TestRedis } from '../http/redisServer.ts';
import { defined } from '../helpers/defined.ts';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const APPLE = ['submissions/CIK0000320193.json.gz', 'companyfacts/CIK0000320193.json.gz', 'reference/company_tickers_exchange.json.gz'];
const FREE_PER_MINUTE = 12;
const DETAILS = '/v1/api/company/details?cik=320193';

interface LogLine { msg?: string; worker?: number; reqId?: string; status?: number; pid?: number; workers?: number[]; url?: string; workerPid?: number }

class ServerTree {
  private out = '';
  readonly exited: Promise<number | null>;
  constructor(readonly child: ChildProcess) {
    child.stdout?.on('data', (b: Buffer) => { this.out += b.toString('utf8'); });
    child.stderr?.on('data', (b: Buffer) => { this.out += b.toString('utf8'); });
    this.exited = new Promise((resolve) => child.once('exit', (code) => { resolve(code); }));
  }

  output(): string {
    return this.out;
  }

  lines(): LogLine[] {
    return this.out.split('\n').flatMap((l) => {
      if (!l.startsWith('{')) return [];
      try {
        return [JSON.parse(l) as LogLine];
      } catch {
        return [];
      }
    });
  }

  /** Waits (a hang detector, not a speed check) until a log line matches. */
  async line(match: (l: LogLine) => boolean, what: string, timeoutMs = 300_000): Promise<LogLine> {
    for (const deadline = Date.now() + timeoutMs; ;) {
      const found = this.lines().find(match);
      if (found) return found;
      if (this.child.exitCode !== null || Date.now() > deadline) assert.fail(`no ${what} line:\n${this.out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The worker whose request log line carries this request id. */
  async workerOf(reqId: string): Promise<number> {
    return defined((await this.line((l) => l.msg === 'request' && l.reqId === reqId, `request ${reqId}`, 60_000)).worker, 'worker');
  }
}

/** One GET on a connection of its own (the primary hands each new connection to the next worker). */
function get(url: string, token: string): Promise<{ status: number; reqId: string; body: string }> {
  const reqId = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    http.get(url, { agent: false, headers: { Authorization: `Bearer ${token}`, 'X-Request-Id': reqId } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, reqId, body: Buffer.concat(chunks).toString('utf8') }); });
      res.on('error', reject);
    }).on('error', reject);
  });
}

/**
 * Every answer is a 200 or the Redis limiter failing closed (its 50 ms command timeout trips on a loaded box, most
 * often in a worker that just started): never a dropped connection or another error.
 */
function answeredOrLimiterBusy(answers: readonly { status: number; body: string }[]): void {
  const other = answers.filter((a) => a.status !== 200 && !(a.status === 503 && a.body.includes('rate-limit store')));
  assert.deepEqual(other, []);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function startTree(env: Record<string, string>, args: string[]): ServerTree {
  return new ServerTree(spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'serve.ts'), ...args], {
    cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  }));
}

test('FILINGS_WORKERS is a whole number 1..64, default 1; with several workers the DuckDB defaults are shared out', () => {
  assert.equal(loadConfig({}, '/tmp').workers, 1);
  assert.equal(loadConfig({}, '/tmp').memoryLimit, '4GB');
  const two = loadConfig({ FILINGS_WORKERS: '2' }, '/tmp');
  assert.equal(two.workers, 2);
  assert.equal(two.memoryLimit, '2048MB');
  assert.equal(loadConfig({ FILINGS_WORKERS: '2', DUCKDB_MEMORY_LIMIT: '3GB' }, '/tmp').memoryLimit, '3GB');
  assert.throws(() => loadConfig({ FILINGS_WORKERS: '0' }, '/tmp'), /FILINGS_WORKERS: expected 1\.\.64/);
  assert.throws(() => loadConfig({ FILINGS_WORKERS: 'two' }, '/tmp'), /FILINGS_WORKERS: expected a whole number/);
});

test('several workers without REDIS_URL: refused at start, naming the fix', async () => {
  const dir = tempDir('workers-noredis-');
  try {
    const tree = startTree({ FILINGS_WAREHOUSE: path.join(dir, 'wh'), FILINGS_TOKENS_FILE: path.join(dir, 'tokens.json'), PORT: '0', REDIS_URL: '' }, ['--workers', '2']);
    assert.equal(await tree.exited, 1);
    assert.match(tree.output(), /2 workers need REDIS_URL: the in-process rate limiter counts per process/);
    assert.ok(!fs.existsSync(path.join(dir, 'wh')), 'nothing was built');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

describe('npm start -- --workers 2', { skip: redisAvailable() ? false : REDIS_SKIP_REASON, timeout: 900_000 }, () => {
  let dir = '';
  let redis: TestRedis | null = null;
  let tree: ServerTree | null = null;
  let base = '';
  let workerPids: number[] = [];
  const tokens = { pro: '', proId: '', free: '', spare: '' };
  let tokensFile = '';

  before(async () => {
    dir = tempDir('workers-');
    const warehouse = path.join(dir, 'warehouse');
    await ingestedWarehouse(warehouse, APPLE.map((p) => fixture('edgar', ...p.split('/'))));
    tokensFile = path.join(dir, 'accounts', 'tokens.json');
    const store = new TokenStore(tokensFile, 0);
    const pro = store.create('Pro', 'workers pro');
    tokens.pro = pro.token;
    tokens.proId = pro.record.id;
    tokens.free = store.create('Free', 'workers free').token;
    // for the tests after the revocation (the Free token's minute is spent by then)
    tokens.spare = store.create('Pro', 'workers spare').token;
    const tiersFile = path.join(dir, 'tiers.json');
    fs.writeFileSync(tiersFile, JSON.stringify({ plans: { Free: { perMinute: FREE_PER_MINUTE, perDay: 1000 } } }));
    redis = await startTestRedis();
    tree = startTree({
      FILINGS_WAREHOUSE: warehouse, FILINGS_TOKENS_FILE: tokensFile, FILINGS_TIERS_FILE: tiersFile, PORT: '0', HOST: '127.0.0.1',
      REDIS_URL: defined(redis, 'redis').url, LOG_LEVEL: 'info', DUCKDB_THREADS: '1',
    }, ['--workers', '2']);
    const serving = await tree.line((l) => l.msg === 'serving', '"serving"');
    base = defined(serving.url, 'url').replace(/\/v1$/, '');
    workerPids = defined(serving.workers, 'workers');
  });

  after(async () => {
    if (tree && tree.child.exitCode === null) tree.child.kill('SIGKILL');
    // a failed test must not leave workers behind
    for (const l of tree?.lines() ?? []) if (l.worker !== undefined && l.pid !== undefined && l.workerPid === undefined && alive(l.pid)) process.kill(l.pid, 'SIGKILL');
    await redis?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('one "serving" line from the primary, two worker processes, and both answer requests', async () => {
    const t = defined(tree, 'tree');
    assert.equal(workerPids.length, 2);
    assert.equal(t.lines().filter((l) => l.msg === 'serving').length, 1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => get(`${base}${DETAILS}`, tokens.pro)));
    answeredOrLimiterBusy(answers);
    const workers = new Set(await Promise.all(answers.map((a) => t.workerOf(a.reqId))));
    assert.equal(workers.size, 2, `answered by workers ${[...workers].join(', ')}`);
  });

  test("a plan's per-minute quota holds across the workers: the grants of both never exceed it", async () => {
    const t = defined(tree, 'tree');
    // waves of 6 connections past the quota until each worker has refused once (a 503 is the limiter failing closed when
    // Redis answers later than its 50 ms timeout on a loaded box: never a grant); with a limiter per process each worker
    // would grant up to the whole quota
    const answers: { status: number; reqId: string }[] = [];
    const refusedBy = new Set<number>();
    while (answers.length < 4 * FREE_PER_MINUTE || (refusedBy.size < 2 && answers.length < 40 * FREE_PER_MINUTE)) {
      const wave = await Promise.all(Array.from({ length: 6 }, () => get(`${base}${DETAILS}`, tokens.free)));
      answers.push(...wave);
      for (const a of wave) if (a.status === 429) refusedBy.add(await t.workerOf(a.reqId));
    }
    const statuses = answers.map((a) => a.status);
    const granted = statuses.filter((s) => s === 200).length;
    assert.ok(granted >= 1 && granted <= FREE_PER_MINUTE, `${String(granted)} granted: ${JSON.stringify(statuses)}`);
    assert.deepEqual(statuses.filter((s) => s !== 200 && s !== 429 && s !== 503), []);
    assert.equal(refusedBy.size, 2, 'both workers refused once the shared quota was spent');
  });

  test('a token revoked with the tokens CLI is refused by both workers', async () => {
    const t = defined(tree, 'tree');
    answeredOrLimiterBusy([await get(`${base}${DETAILS}`, tokens.pro)]);
    const cli = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'tokens.ts'), 'revoke', tokens.proId], {
      cwd: ROOT, env: { ...process.env, FILINGS_TOKENS_FILE: tokensFile }, encoding: 'utf8',
    });
    assert.equal(cli.status, 0, cli.stderr);
    // each worker re-reads the tokens file at most once a second: wait until both have refused once
    const refusedBy = new Set<number>();
    for (const deadline = Date.now() + 60_000; refusedBy.size < 2;) {
      assert.ok(Date.now() < deadline, `refused by ${[...refusedBy].join(', ')} only`);
      const r = await get(`${base}${DETAILS}`, tokens.pro);
      if (r.status === 401) refusedBy.add(await t.workerOf(r.reqId));
    }
    const later = await Promise.all(Array.from({ length: 10 }, () => get(`${base}${DETAILS}`, tokens.pro)));
    // refused: 401, or the limiter's 503 when Redis is slow (anonymous callers are counted too); never answered
    assert.deepEqual(later.filter((a) => a.status !== 401 && !(a.status === 503 && a.body.includes('rate-limit store'))), []);
    assert.ok(later.some((a) => a.status === 401));
  });

  test('a killed worker is replaced and the server keeps answering', async () => {
    const t = defined(tree, 'tree');
    const victim = defined(workerPids[0], 'a worker');
    process.kill(victim, 'SIGKILL');
    await t.line((l) => l.msg === 'worker died: starting another' && l.workerPid === victim, 'worker died');
    // the other worker answers meanwhile
    const meanwhile = await Promise.all(Array.from({ length: 4 }, () => get(`${base}${DETAILS}`, tokens.spare)));
    answeredOrLimiterBusy(meanwhile);
    const restarted = await t.line((l) => l.msg === 'worker restarted: serving', 'worker restarted');
    const newPid = defined(restarted.workerPid, 'workerPid');
    assert.ok(!workerPids.includes(newPid));
    workerPids = [defined(workerPids[1], 'the other worker'), newPid];
    // until both the survivor and the replacement have answered 200 (a hang detector bounds it)
    const answeredBy = new Set<number>();
    const answers: { status: number; body: string }[] = [...meanwhile];
    for (const deadline = Date.now() + 120_000; answeredBy.size < 2;) {
      assert.ok(Date.now() < deadline, `answered by ${[...answeredBy].join(', ')} only`);
      const wave = await Promise.all(Array.from({ length: 4 }, () => get(`${base}${DETAILS}`, tokens.spare)));
      answers.push(...wave);
      for (const a of wave) {
        if (a.status !== 200) continue;
        const w = await t.workerOf(a.reqId);
        answeredBy.add(defined(t.lines().find((l) => l.worker === w && l.msg === 'request')?.pid, 'pid'));
      }
    }
    answeredOrLimiterBusy(answers);
    assert.deepEqual([...answeredBy].sort(), [...workerPids].sort(), 'both the survivor and the replacement answer');
  });

  test('SIGTERM lets a request in flight finish, then stops the primary and every worker', async () => {
    const t = defined(tree, 'tree');
    // a quarterly as-reported series computed on the fly (no stored periods here): seconds of work inside a worker
    const slow = new Promise<{ status: number; rows: unknown }>((resolve, reject) => {
      const req = http.get(`${base}/v1/api/financials/as-reported?cik=320193&period=quarter`, {
        agent: false, headers: { Authorization: `Bearer ${tokens.spare}`, 'Accept-Encoding': 'identity' },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => { resolve({ status: res.statusCode ?? 0, rows: JSON.parse(Buffer.concat(chunks).toString('utf8')) }); });
        res.on('error', reject);
      });
      req.on('error', reject);
    });
    // the request is sent and handed to a worker well within this pause; its answer takes longer (not asserted)
    await new Promise((r) => setTimeout(r, 1000));
    t.child.kill('SIGTERM');
    const answer = await slow;
    assert.equal(answer.status, 200);
    assert.ok(Array.isArray(answer.rows) && answer.rows.length > 0);
    assert.equal(await t.exited, 0, t.output());
    assert.ok(t.lines().some((l) => l.msg === 'stopped'));
    for (const pid of workerPids) assert.ok(!alive(pid), `worker ${String(pid)} is still running`);
  });
});
