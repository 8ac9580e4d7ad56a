// Regression for issue 9 item 6 (ownerCik between 2^31 and 9,999,999,999 was a 500 from DuckDB's INTEGER cast): for
// every route and every parameter the published OpenAPI document declares, any value its schema accepts reaches the
// SQL without making it fail. Values are generated from the document itself (the contract clients read), half of the
// entity identifiers name a company in the warehouse so the macros run on real rows; the real app answers. The
// company-model routes (issue 16) are in the run: a queued job's 202 is a fine answer, and so is what follows it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from './testApp.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { openModelJobs, type ModelJobs } from '../../engine/models/index.ts';

interface Schema { type?: string; minimum?: number; maximum?: number; pattern?: string; enum?: string[]; format?: string }
interface Param { name: string; required: boolean; schema: Schema; example?: string | number }
interface Operation { parameters: Param[] }

let wh: TestWarehouse;
let app: TestApp;
let models: ModelJobs;
let paths: Record<string, { get: Operation }>;

before(async () => {
  // insider, 13F and 13D/G data besides Apple's facts: a cast that fails on a value only fails when rows reach it
  wh = await fixtureWarehouse([
    fixture('edgar', 'ownership'), fixture('edgar', '13f'), fixture('edgar', '13dg'), fixture('sec-datasets', 'insider', '2025q2_subset'),
    fixture('edgar', 'reference', 'cusip_ticker.csv.gz'), fixture('edgar', 'reference', 'company_tickers.json.gz'),
    fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
  ]);
  // the app's model jobs, opened here so they are closed before the warehouse goes
  models = openModelJobs(wh.engine);
  app = await startTestApp(wh.engine, { models });
  paths = ((await (await fetch(`${app.base}/openapi.json`)).json()) as { paths: Record<string, { get: Operation }> }).paths;
});
after(async () => {
  await app.close();
  await models.close();
  wh.cleanup();
});

const ENTITY = ['symbol', 'cik', 'cusip', 'composite_figi', 'share_class_figi'];

function accepted(schema: Schema): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.type === 'integer') {
    const min = schema.minimum ?? Number.MIN_SAFE_INTEGER;
    const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
    // the edges are where casts overflow: always in the mix
    return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max })).map(String);
  }
  if (schema.format === 'date') return fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  if (schema.type === 'boolean') return fc.constantFrom('true', 'false');
  return fc.string({ maxLength: 20 });
}

function query(op: Operation): fc.Arbitrary<URLSearchParams> {
  const entityParams = op.parameters.filter((p) => ENTITY.includes(p.name));
  const own = op.parameters.filter((p) => !ENTITY.includes(p.name));
  const entity = entityParams.length === 0
    ? fc.constant<[string, string][]>([])
    : fc.oneof(
        fc.constantFrom<[string, string][]>([['symbol', 'SNOW']], [['symbol', 'AAPL']], [['cik', '320193']]),
        fc.constantFrom(...entityParams).chain((p) => accepted(p.schema).map((v): [string, string][] => [[p.name, v]])),
      );
  const rest = own.map((p) => (p.required ? accepted(p.schema).map((v) => [[p.name, v]] as [string, string][]) : fc.option(accepted(p.schema), { nil: undefined }).map((v) => (v === undefined ? [] : [[p.name, v]] as [string, string][]))));
  return fc.tuple(entity, ...rest).map((parts) => new URLSearchParams(parts.flat()));
}

const JOB_PATHS = new Set(ENDPOINTS.filter((e) => e.job).map((e) => e.path));

test('no value the published schemas accept makes any route answer 5xx', async () => {
  const jobRoutes = Object.keys(paths).filter((p) => JOB_PATHS.has(p));
  assert.ok(jobRoutes.length > 0, 'the company-model routes are published');
  for (const [path, { get }] of Object.entries(paths)) {
    await fc.assert(
      fc.asyncProperty(query(get), async (q) => {
        const res = await fetch(`${app.base}${path}?${q}`, bearer(app.tokens.Pro));
        const body = await res.text();
        assert.ok(res.status < 500, `${path}?${q} answered ${String(res.status)}: ${body.slice(0, 200)}`);
        // a company-model route queues a job and answers 202 {status: 'generating', jobId}
        if (res.status === 202) assert.equal((JSON.parse(body) as { status?: unknown }).status, 'generating', `${path}?${q}`);
        else if (res.status !== 200) assert.equal(typeof (JSON.parse(body) as { error?: unknown }).error, 'string');
      }),
      { numRuns: 20 },
    );
  }
});

test('a company-model route keeps answering below 500 once the jobs the run queued have finished', async () => {
  // a token of its own: the property run above spends the shared Pro token's per-minute budget
  const pro = app.store.create('Pro', 'model routes').token;
  for (const path of JOB_PATHS) {
    let status = 202;
    let body = '';
    for (const deadline = Date.now() + 240_000; status === 202 && Date.now() < deadline;) {
      const res = await fetch(`${app.base}${path}?symbol=AAPL`, bearer(pro));
      ({ status } = res);
      body = await res.text();
      if (status === 202) await new Promise((r) => setTimeout(r, 500));
    }
    assert.ok(status !== 202 && status < 500, `${path}?symbol=AAPL answered ${String(status)}: ${body.slice(0, 200)}`);
  }
});

test('ownerCik at the top of its range and just past it: the schema edge and a 400, never a 500', async () => {
  // a token of its own: the property run above spends the shared Pro token's per-minute budget
  const pro = app.store.create('Pro', 'ownerCik edge').token;
  const base = `${app.base}/api/insider-transactions/by-insider?symbol=SNOW`;
  assert.equal((await fetch(`${base}&ownerCik=2147483647`, bearer(pro))).status, 200);
  for (const bad of ['2147483648', '9999999999']) {
    const res = await fetch(`${base}&ownerCik=${bad}`, bearer(pro));
    assert.equal(res.status, 400, bad);
    assert.match(((await res.json()) as { error: string }).error, /"ownerCik": expected an integer from 1 to 2147483647/);
  }
  const missing = await fetch(base, bearer(pro));
  assert.equal(missing.status, 400);
  assert.match(((await missing.json()) as { error: string }).error, /Missing parameter "ownerCik"/);
});
