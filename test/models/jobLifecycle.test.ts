// The economic-model availability states over real HTTP (spec: States and transitions): the first GET queues one job
// (202 + jobId), every GET while it runs answers 202 with the same jobId whatever the account, then 200 with a stable,
// cacheable model; a job cut off by a restart is taken over with its jobId; two API processes racing for a company
// (lock files, or Redis when available) run one job; failures are retried with backoff, then reported.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, it, before, after } from '../helpers/fixtureTest.ts';
import { fixture } from '../helpers/fixtures.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import { redisAvailable, REDIS_SKIP_REASON, startTestRedis } from '../http/redisServer.ts';
import { openModelJobs, modelsDir, type DocumentReader, type ModelJobs } from '../../engine/models/index.ts';
import { documentFromBytes, edgarDocumentUrl } from '../../engine/models/documentFromBytes.ts';
import { deterministicProvider, type ModelProvider } from '../../engine/models/deterministicProvider.ts';
import type { ModelDocument } from '../../engine/models/modelTypes.ts';

const KO = 21344;
const FILE = fixture('edgar', 'xbrl', 'ixbrl', 'ko-10-k-2025-02-20.html.gz');
const TICKERS = fixture('edgar', 'reference', 'company_tickers_exchange.json.gz');

let wh: TestWarehouse;
let doc: ModelDocument;
const reader: DocumentReader = (cik) => Promise.resolve(cik === KO ? doc : null);
// leases long enough that a loaded machine's slow heartbeat never lets a live job's lease lapse
const FAST = { pollMs: 50, leaseMs: 4000, backoffMs: 50 };

before(async () => {
  wh = await fixtureWarehouse([FILE, TICKERS]);
  doc = documentFromBytes(zlib.gunzipSync(fs.readFileSync(FILE)), 'ko-10-k-2025-02-20.html', {
    cik: KO, accession: 'standalone', form: '10-K', url: edgarDocumentUrl(KO, 'standalone', null), filed: null, fiscalYear: 2024,
  });
});

after(() => {
  wh.cleanup();
});

/** Each scenario starts without models or jobs. */
function clearModels(): void {
  fs.rmSync(modelsDir(wh.engine), { recursive: true, force: true });
}

async function get(app: TestApp, plan: 'Pro' | 'Free', query = `cik=${String(KO)}`, headers: Record<string, string> = {}) {
  const res = await fetch(`${app.base}/api/company/economic-model?${query}`, { headers: { Authorization: `Bearer ${app.tokens[plan]}`, ...headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

async function until200(app: TestApp, deadlineMs = 240_000) {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const r = await get(app, 'Pro');
    if (r.status !== 202) return r;
    assert.ok(Date.now() < deadline, 'model not ready in time');
    await new Promise((res) => setTimeout(res, 100));
  }
}

function counting(provider: ModelProvider): { provide: ModelProvider; calls: () => number } {
  let n = 0;
  return { provide: (input) => { n++; return provider(input); }, calls: () => n };
}

async function appWith(models: ModelJobs): Promise<TestApp> {
  // the registry lists the routes; the test apps use the real app with these job runners
  const { modelEndpoints } = await import('../../http/endpoints/models.ts');
  const { ENDPOINTS } = await import('../../http/endpoints/index.ts');
  return startTestApp(wh.engine, { models, endpoints: [...ENDPOINTS.filter((e) => !e.job), ...modelEndpoints] });
}

describe('economic model availability', () => {
  it('answers 202 with one jobId to two accounts, then 200 with a stable, cacheable model', async () => {
    clearModels();
    const provider = counting(deterministicProvider);
    const models = openModelJobs(wh.engine, { reader, provider: { name: 'offline', provide: provider.provide }, ...FAST });
    const app = await appWith(models);
    try {
      const first = await get(app, 'Pro');
      const second = await get(app, 'Free');
      assert.equal(first.status, 202);
      assert.equal(first.body.status, 'generating');
      assert.equal(typeof first.body.jobId, 'string');
      assert.match(String(first.body.message), /\S/);
      assert.equal(first.headers.get('cache-control'), 'no-store');
      if (second.status === 202) assert.equal(second.body.jobId, first.body.jobId);
      const done = await until200(app);
      assert.equal(done.status, 200);
      assert.equal((done.body.reinvestment as { capitalIntensity: string }).capitalIntensity, 'moderate');
      const again = await get(app, 'Free');
      assert.deepEqual(again.body, done.body);
      const etag = done.headers.get('etag');
      assert.ok(etag);
      assert.equal(again.headers.get('etag'), etag);
      assert.equal((await get(app, 'Pro', `cik=${String(KO)}`, { 'If-None-Match': etag })).status, 304);
      assert.equal(provider.calls(), 1);
      assert.equal(models.readModel(KO)?.model.jobId, first.body.jobId);
    } finally {
      await app.close();
      await models.close();
    }
  });

  it('a job cut off by a restart is taken over with the same jobId once its lease lapses, and finishes', async () => {
    clearModels();
    const stuck: DocumentReader = (_cik, signal) => new Promise((_, reject) => { signal?.addEventListener('abort', () => { reject(new Error('aborted')); }); });
    const before = openModelJobs(wh.engine, { reader: stuck, ...FAST });
    const app1 = await appWith(before);
    const queued = await get(app1, 'Pro');
    assert.equal(queued.status, 202);
    const jobFile = path.join(modelsDir(wh.engine), 'jobs', `${String(KO)}.json`);
    for (let i = 0; i < 100 && !fs.readFileSync(jobFile, 'utf8').includes('"running"'); i++) await new Promise((r) => setTimeout(r, 50));
    assert.match(fs.readFileSync(jobFile, 'utf8'), /"running"/);
    // the process "dies": it stops renewing its lease without finishing or releasing anything
    await app1.close();
    await before.close();

    const after = openModelJobs(wh.engine, { reader, ...FAST });
    const app2 = await appWith(after);
    try {
      const polled = await get(app2, 'Free');
      if (polled.status === 202) assert.equal(polled.body.jobId, queued.body.jobId);
      assert.equal((await until200(app2)).status, 200);
      assert.equal(after.readModel(KO)?.model.jobId, queued.body.jobId);
      assert.equal(fs.existsSync(jobFile), false);
    } finally {
      await app2.close();
      await after.close();
    }
  });

  async function race(redisUrl: string | null): Promise<void> {
    clearModels();
    const provider = counting(deterministicProvider);
    // no lease lapses here (that is the restart scenario): a lease longer than any stall of a loaded machine's event loop
    const options = { reader, provider: { name: 'offline', provide: provider.provide }, redisUrl, ...FAST, leaseMs: 120_000 };
    const a = openModelJobs(wh.engine, options);
    const b = openModelJobs(wh.engine, options);
    const [appA, appB] = await Promise.all([appWith(a), appWith(b)]);
    try {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => get(i % 2 ? appA : appB, i % 3 ? 'Pro' : 'Free')));
      const ids = new Set(answers.filter((r) => r.status === 202).map((r) => r.body.jobId));
      assert.equal(ids.size, 1, `jobIds: ${[...ids].join(', ')}`);
      const [doneA, doneB] = [await until200(appA), await until200(appB)];
      assert.deepEqual(doneA.body, doneB.body);
      assert.equal(provider.calls(), 1, 'one build for the company');
    } finally {
      await Promise.all([appA.close(), appB.close()]);
      await Promise.all([a.close(), b.close()]);
    }
  }

  it('two API processes sharing the warehouse racing for one company run one job (lock files)', async () => {
    await race(null);
  });

  it('two API processes sharing Redis racing for one company run one job (SET NX PX)', { skip: redisAvailable() ? false : REDIS_SKIP_REASON }, async () => {
    const redis = await startTestRedis();
    assert.ok(redis);
    try {
      await race(redis.url);
    } finally {
      await redis.stop();
    }
  });

  it('a runner whose lease lapsed mid-build finishes after the runner that took over: its build is discarded, one model per job', async () => {
    clearModels();
    let calls = 0;
    let releaseFirst: () => void = () => undefined;
    const firstMayFinish = new Promise<void>((res) => { releaseFirst = res; });
    let b: ModelJobs | null = null;
    const provide: ModelProvider = async (input) => {
      calls++;
      if (calls === 1) {
        // the first runner's event loop stalls past its lease (no heartbeat can run); the other process's GET comes
        // first when it ends (its request claims the lapsed lease before this process's timers run), then this build
        // waits until the takeover has finished
        const stallUntil = Date.now() + 700;
        while (Date.now() < stallUntil) { /* a blocked event loop */ }
        void b?.request(KO);
        await firstMayFinish;
      }
      return deterministicProvider(input);
    };
    const options = { reader, provider: { name: 'offline', provide }, pollMs: 50, leaseMs: 300, backoffMs: 50 };
    const a = openModelJobs(wh.engine, options);
    b = openModelJobs(wh.engine, options);
    try {
      const queued = await a.request(KO);
      assert.ok(queued.state === 'generating');
      // the lapsed lease lets the second process take the job over (same jobId) and finish it
      let seen = await b.request(KO);
      // a hang detector, not a speed check: a build takes tens of seconds on a loaded box
      for (const deadline = Date.now() + 240_000; seen.state !== 'ready' && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await b.request(KO);
      }
      assert.equal(seen.state, 'ready');
      const stored = b.readModel(KO);
      assert.ok(stored);
      assert.equal(stored.model.jobId, queued.jobId);
      releaseFirst();
      await a.idle();
      assert.equal(calls, 2);
      const after = a.readModel(KO);
      assert.equal(after?.etag, stored.etag, 'the late build did not replace the stored model');
    } finally {
      releaseFirst();
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a failing build is retried with backoff, then reported as 503 with Retry-After; a company without an annual report gets 400', async () => {
    clearModels();
    let reads = 0;
    const failing: DocumentReader = (cik) => {
      if (cik !== KO) return Promise.resolve(null);
      reads++;
      return Promise.reject(new Error('document store unreachable'));
    };
    const models = openModelJobs(wh.engine, { reader: failing, maxAttempts: 3, ...FAST });
    const app = await appWith(models);
    try {
      assert.equal((await get(app, 'Pro')).status, 202);
      const failed = await until200(app);
      assert.equal(failed.status, 503);
      assert.match(String(failed.body.error), /document store unreachable/);
      assert.ok(Number(failed.headers.get('retry-after')) > 0);
      assert.equal(reads, 3, 'three attempts');
      assert.equal(models.readJob(KO)?.attempts, 3);

      // Apple is known (ticker list) but has no annual report in this warehouse
      assert.equal((await get(app, 'Pro', 'cik=320193')).status, 202);
      let none: Awaited<ReturnType<typeof get>> | null = null;
      for (let i = 0; i < 400 && (none === null || none.status === 202); i++) {
        none = await get(app, 'Pro', 'cik=320193');
        if (none.status === 202) await new Promise((res) => setTimeout(res, 50));
      }
      assert.ok(none);
      assert.equal(none.status, 400);
      assert.match(String(none.body.error), /annual report/);
    } finally {
      await app.close();
      await models.close();
    }
  });
});
