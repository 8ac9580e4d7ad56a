// The HTTP app end to end over loopback: auth and tier matrix, entity identification, validation, shapes, formats,
// caching headers, 404/405, and the rate-limit headers on every response.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import fs from 'node:fs';
import * as v from 'valibot';
import { pino } from 'pino';
import { tableFromIPC } from 'apache-arrow';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { PLANS, type Plan } from '../../engine/accounts/plans.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { companyEndpoints } from '../../http/endpoints/company.ts';
import type { Endpoint } from '../../http/registry.ts';
import { DEFAULT_TIERS, type TierConfig, type TierLabel } from '../../http/tiers.ts';
import { bearer, fixtureWarehouse, RATE_HEADERS, startTestApp, type TestApp, type TestWarehouse } from './testApp.ts';
import { defined } from '../helpers/defined.ts';
import { parseCompanyFacts, unitFacts, type CompanyFactsDoc } from '../helpers/companyFacts.ts';

const details = defined(companyEndpoints[0], 'companyEndpoints[0]');

// Synthetic routes with the spec's label combinations, answered by the real company_details macro.
const LABELLED: { tiers: TierLabel[]; admits: Plan[] }[] = [
  { tiers: ['F', 'S', 'EP'], admits: ['Free', 'Starter', 'ETF Pro', 'Pro'] },
  { tiers: ['Pro'], admits: ['Pro'] },
  { tiers: ['S', 'SP'], admits: ['Starter', 'Stock Pro', 'Pro'] },
  { tiers: ['SP'], admits: ['Stock Pro', 'Pro'] },
  { tiers: ['EP'], admits: ['ETF Pro', 'Pro'] },
];
const labelledEndpoints: Endpoint[] = LABELLED.map((l) => ({ ...details, path: `/test/tier/${l.tiers.join('-')}`, tiers: l.tiers }));

// A paginated route over the real facts_of(cik) macro (one row per fact) to exercise the envelope.
const pagedFacts: Endpoint = {
  path: '/test/facts', group: 'Test', summary: 'facts of a company', tiers: [], entity: true, params: {},
  macro: 'facts_of', args: ({ entity }) => [defined(entity, 'entity').cik], shape: 'paginated', maxPageSize: 500, response: v.object({}),
};
// An array route over the same macro.
const arrayFacts: Endpoint = { ...pagedFacts, path: '/test/facts-array', shape: 'array' };
// A misconfigured route (text where the macro wants a cik) to see what an engine failure looks like to a client.
const broken: Endpoint = { ...pagedFacts, path: '/test/broken', shape: 'array', args: () => ['not a number'] };

// the submissions fields the details test compares; values compared as-is stay unknown so the schema cannot reshape them
const SubmissionsSchema = v.looseObject({
  cik: v.unknown(), name: v.unknown(), tickers: v.unknown(), exchanges: v.unknown(), sic: v.unknown(), sicDescription: v.unknown(),
  fiscalYearEnd: v.unknown(), stateOfIncorporation: v.unknown(), ein: v.unknown(), category: v.unknown(),
  addresses: v.looseObject({ business: v.looseObject({ street1: v.unknown(), city: v.unknown(), zipCode: v.unknown() }) }),
  formerNames: v.array(v.looseObject({ name: v.string(), from: v.string(), to: v.string() })),
});
const readGz = (...parts: string[]): string => zlib.gunzipSync(fs.readFileSync(fixture(...parts))).toString('utf8');
const appleSubmissions = fixturesPresent ? v.parse(SubmissionsSchema, JSON.parse(readGz('edgar', 'submissions', 'CIK0000320193.json.gz'))) : undefined;
const appleFacts: CompanyFactsDoc = fixturesPresent ? parseCompanyFacts(readGz('edgar', 'companyfacts', 'CIK0000320193.json.gz')) : { facts: {} };
const appleFactCount = Object.values(appleFacts.facts)
  .flatMap((concepts) => Object.values(concepts))
  .flatMap((c) => Object.values(c.units))
  .reduce((n, list) => n + list.length, 0);

let wh: TestWarehouse;
let app: TestApp;
const logLines: string[] = [];
const logger = pino({ level: 'info' }, { write: (line: string) => { logLines.push(line); } });

before(async () => {
  wh = await fixtureWarehouse();
  // the suite makes a few requests per route and plan (401 and tier checks), more than the default minutes allow; the
  // plans keep their limit and page-size clamps, which tests below check
  const plans = Object.fromEntries(Object.entries(DEFAULT_TIERS.plans).map(([plan, p]) => [plan, { ...p, perMinute: 10_000, perDay: 100_000 }])) as TierConfig['plans'];
  const tiers: TierConfig = { ...DEFAULT_TIERS, plans, anonymous: { perMinute: 10_000, perDay: 100_000 } };
  app = await startTestApp(wh.engine, { endpoints: [...ENDPOINTS, ...labelledEndpoints, pagedFacts, arrayFacts, broken], logger, tiers });
});
after(async () => {
  await app.close();
  wh.cleanup();
});

async function get(path: string, plan: Plan | null = 'Pro', headers: Record<string, string> = {}) {
  const init = plan ? bearer(app.tokens[plan], headers) : { headers };
  const res = await fetch(`${app.base}${path}`, init);
  const text = await res.text();
  return { res, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

function assertRateHeaders(res: Response, where: string) {
  for (const h of RATE_HEADERS) assert.match(res.headers.get(h) ?? '', /^\d+$/, `${where}: ${h}`);
}

describe('authentication and tiers', () => {
  test('every registered route answers 401 with { error } and rate-limit headers when the token is missing, malformed or unknown', async () => {
    for (const e of ENDPOINTS) {
      for (const headers of [{}, { Authorization: 'Token abc' }, { Authorization: 'Bearer fe_000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }]) {
        const { res, json } = await get(`${e.path}?cik=320193`, null, headers);
        assert.equal(res.status, 401, e.path);
        assert.equal(typeof json().error, 'string');
        assert.deepEqual(Object.keys(json()), ['error']);
        assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="v1"');
        assertRateHeaders(res, e.path);
      }
    }
  });

  test('every registered route admits exactly the plans its tier labels name (Pro admits all; unlabelled routes admit all)', async () => {
    // the rule restated independently of http/tiers.ts: each label names one plan, Pro may call everything
    const planOf: Record<TierLabel, Plan> = { F: 'Free', S: 'Starter', Pro: 'Pro', SP: 'Stock Pro', EP: 'ETF Pro' };
    const expected = (tiers: readonly TierLabel[]): Plan[] => (tiers.length === 0 ? [...PLANS] : [...new Set<Plan>([...tiers.map((t) => planOf[t]), 'Pro'])]);
    for (const l of LABELLED) assert.deepEqual(new Set(expected(l.tiers)), new Set(l.admits), l.tiers.join(','));
    const routes = [...ENDPOINTS, ...labelledEndpoints];
    for (const route of routes) {
      const admits = expected(route.tiers);
      for (const plan of PLANS) {
        // If-None-Match: * ends an admitted request at the conditional-GET step (304), before the macro runs: the tier
        // rule is what is tested here, and running every route's computation for every plan is the contract tests' job
        const { res, json } = await get(`${route.path}?cik=320193`, plan, { 'If-None-Match': '*' });
        const allowed = admits.includes(plan);
        // the tier check runs before validation: an admitted plan may still get a 400 for a route-specific parameter
        if (allowed) assert.ok(res.status === 304 || res.status === 400, `${route.path} as ${plan}: ${String(res.status)}`);
        else assert.equal(res.status, 403, `${route.path} as ${plan}`);
        assertRateHeaders(res, `${route.path} as ${plan}`);
        if (!allowed) assert.match(String(json().error), /Feature not available on your current plan/);
      }
    }
  });

  test('a Pro-only route tells other plans that a Professional plan is required', async () => {
    const { res, json } = await get('/test/tier/Pro?cik=320193', 'Starter');
    assert.equal(res.status, 403);
    assert.equal(json().error, 'Feature not available on your current plan (Starter): a Professional plan is required');
  });

  test('a revoked token is refused on the next request', async () => {
    const { token, record } = app.store.create('Free', 'to revoke');
    assert.equal((await fetch(`${app.base}/api/company/details?cik=320193`, bearer(token))).status, 200);
    app.store.revoke(record.id);
    const res = await fetch(`${app.base}/api/company/details?cik=320193`, bearer(token));
    assert.equal(res.status, 401);
    assert.deepEqual(await res.json(), { error: 'Invalid or revoked API token' });
  });
});

describe('company details', () => {
  test('Apple by symbol returns what its submissions file says', async () => {
    const { res, json } = await get('/api/company/details?symbol=AAPL');
    assert.equal(res.status, 200);
    const body = json();
    const s = defined(appleSubmissions, 'Apple\'s submissions file');
    assert.equal(body.cik, Number(s.cik));
    assert.equal(body.name, s.name);
    assert.deepEqual(body.tickers, s.tickers);
    assert.deepEqual(body.exchanges, s.exchanges);
    assert.equal(body.sic, s.sic);
    assert.equal(body.sicDescription, s.sicDescription);
    assert.equal(body.fiscalYearEnd, s.fiscalYearEnd);
    assert.equal(body.stateOfIncorporation, s.stateOfIncorporation);
    assert.equal(body.ein, s.ein);
    assert.equal(body.category, s.category);
    const business = defined((body.addresses as Record<string, Record<string, unknown>>).business, '(body.addresses as Record<string, Record<string, unknown>>).business');
    assert.equal(business.street1, s.addresses.business.street1);
    assert.equal(business.city, s.addresses.business.city);
    assert.equal(business.zipCode, s.addresses.business.zipCode);
    assert.deepEqual(body.formerNames, s.formerNames.map((f) => ({ name: f.name, from: f.from.slice(0, 10), to: f.to.slice(0, 10) })));
    assert.equal(typeof body.cik, 'number');
  });

  test('cik, a lower-case symbol and a preferred-share ticker resolve to the same issuer', async () => {
    const byCik = (await get('/api/company/details?cik=320193')).json();
    const bySymbol = (await get('/api/company/details?symbol=aapl')).json();
    assert.deepEqual(byCik, bySymbol);
    const pref = (await get('/api/company/details?symbol=TWO-PA')).json();
    assert.equal(pref.cik, 1465740);
    assert.deepEqual(pref.tickers, ['TWO', 'TWO-PC', 'TWO-PB', 'TWO-PA', 'TWOD']);
  });

  test('a company known only from the SEC ticker list resolves by symbol and answers with its name and exchange', async () => {
    const { res, json } = await get('/api/company/details?symbol=MSFT');
    assert.equal(res.status, 200);
    const securities = json().securities as { symbol: string; exchange: string }[];
    assert.equal(json().cik, 789019);
    assert.deepEqual(securities.find((s) => s.symbol === 'MSFT')?.exchange, 'Nasdaq');
  });
});

describe('as-reported financials', () => {
  test('Apple FY2024 revenue is the value its 10-K filed, and the Free plan limit clamps the period count', async () => {
    const revenue = unitFacts(appleFacts, 'us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD');
    const fy2024 = defined(revenue.find((f) => f.start === '2023-10-01' && f.end === '2024-09-28' && f.form === '10-K'), 'revenue.find((f) => f.start === \'2023-10-01\' && f.end === \'2024-09-28\' && f.form === \'10-K\')');
    const { res, json } = await get('/api/financials/as-reported?symbol=AAPL&period=annual&limit=3');
    assert.equal(res.status, 200);
    const periods = json() as unknown as { period: string; fiscalPeriod: string; facts: Record<string, number> }[];
    assert.equal(periods.length, 3);
    const p2024 = defined(periods.find((p) => p.period === '2024-09-28'), 'periods.find((p) => p.period === \'2024-09-28\')');
    assert.equal(p2024.fiscalPeriod, 'FY');
    assert.equal(p2024.facts['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'], fy2024.val);
    const free = await get('/api/financials/as-reported?cik=320193&period=quarter&limit=100', 'Free');
    assert.equal(free.res.headers.get('x-limit-applied'), '5');
    assert.equal((free.json() as unknown as unknown[]).length, 5);
    const bad = await get('/api/financials/as-reported?cik=320193&period=yearly');
    assert.equal(bad.res.status, 400);
    assert.equal(bad.json().error, 'Invalid parameter "period": expected one of annual, quarter, ttm, got "yearly"');
  });

  test('asOf answers point in time: the day before Apple filed its FY2024 10-K the newest fiscal year is FY2023', async () => {
    // the FY2024 10-K (0000320193-24-000123) was filed 2024-11-01, per the companyfacts fixture
    const before = await get('/api/financials/as-reported?symbol=AAPL&period=annual&limit=1&asOf=2024-10-31');
    assert.equal(before.res.status, 200);
    const [latest] = before.json() as unknown as { period: string; fiscalYear: number; dateFiled: string }[];
    assert.deepEqual([defined(latest, 'latest').period, defined(latest, 'latest').fiscalYear], ['2023-09-30', 2023]);
    assert.ok(defined(latest, 'latest').dateFiled <= '2024-10-31');
    const after = await get('/api/financials/as-reported?symbol=AAPL&period=annual&limit=1&asOf=2024-11-01');
    assert.equal(defined((after.json() as unknown as { period: string }[])[0], '(after.json() as unknown as { period: string }[])[0]').period, '2024-09-28');
    const bad = await get('/api/financials/as-reported?symbol=AAPL&asOf=2024-02-30');
    assert.equal(bad.res.status, 400);
    assert.match(String(bad.json().error), /Invalid parameter "asOf": expected a calendar date written YYYY-MM-DD/);
  });
});

describe('entity identification and validation (400)', () => {
  const cases: [string, string, RegExp][] = [
    ['no identifier', '', /Missing entity identifier: give exactly one of symbol, cik, cusip, composite_figi, share_class_figi/],
    ['two identifiers', '?cik=320193&symbol=AAPL', /Too many entity identifiers \(cik and symbol\)/],
    ['unknown symbol', '?symbol=ZZZZZZ', /Unknown symbol "ZZZZZZ"/],
    ['unknown cik', '?cik=12', /Unknown cik 12/],
    ['unknown cusip', '?cusip=000000000', /Unknown cusip "000000000"/],
    ['unknown composite FIGI', '?composite_figi=BBG000000000', /Unknown composite_figi/],
    ['cik not a number', '?cik=apple', /Invalid parameter "cik": expected an integer from 1 to 2147483647, got "apple"/],
    ['cik zero', '?cik=0', /Invalid parameter "cik"/],
    ['cik too long', '?cik=123456789012', /Invalid parameter "cik"/],
    ['cusip wrong length', '?cusip=12345', /Invalid parameter "cusip": expected a CUSIP of exactly 9 letters or digits/],
    ['figi malformed', '?share_class_figi=XYZ', /Invalid parameter "share_class_figi"/],
    ['symbol with a space', '?symbol=A%20B', /Invalid parameter "symbol"/],
    ['empty symbol', '?symbol=', /Invalid parameter "symbol"/],
    ['repeated parameter', '?cik=1&cik=2', /Parameter "cik" was given 2 times/],
    ['unknown parameter, close to a known one', '?CIK=320193', /Unknown parameter "CIK"; did you mean "cik"\?/],
    ['unknown parameter, far from any', '?zzzzzzzz=1', /Unknown parameter "zzzzzzzz"; known parameters: symbol, cik/],
  ];
  for (const [name, query, message] of cases) {
    test(`company details: ${name} is 400 naming the problem`, async () => {
      const { res, json } = await get(`/api/company/details${query}`);
      assert.equal(res.status, 400, query);
      assert.match(String(json().error), message);
      assert.deepEqual(Object.keys(json()), ['error']);
      assertRateHeaders(res, query);
      assert.equal(res.headers.get('cache-control'), 'no-store');
    });
  }

  test('pagesize is suggested as pageSize on a paginated route; bad page numbers and page sizes are 400', async () => {
    const typo = await get('/test/facts?cik=320193&pagesize=10');
    assert.equal(typo.res.status, 400);
    assert.match(String(typo.json().error), /Unknown parameter "pagesize"; did you mean "pageSize"\?/);
    for (const [q, re] of [
      ['page=0', /Invalid parameter "page": expected an integer from 1 to 1000000, got "0"/],
      ['page=x', /Invalid parameter "page"/],
      ['pageSize=501', /Invalid parameter "pageSize": expected an integer from 1 to 500, got "501"/],
      ['pageSize=1.5', /Invalid parameter "pageSize"/],
      ['page=1000', /Invalid parameter "page": 1000 is past the end; \d+ results make \d+ pages of 25/],
    ] as const) {
      const { res, json } = await get(`/test/facts?cik=320193&${q}`);
      assert.equal(res.status, 400, q);
      assert.match(String(json().error), re, q);
    }
  });
});

describe('pagination, arrays and formats', () => {
  test('the paginated envelope counts every fact of Apple and pages through them', async () => {
    const first = (await get('/test/facts?cik=320193&pageSize=500')).json();
    assert.deepEqual(Object.keys(first), ['page', 'pageSize', 'totalPages', 'totalResults', 'data']);
    assert.equal(first.totalResults, appleFactCount);
    assert.equal(first.pageSize, 500);
    assert.equal(first.totalPages, Math.ceil(appleFactCount / 500));
    assert.equal((first.data as unknown[]).length, 500);
    const last = (await get(`/test/facts?cik=320193&pageSize=500&page=${String(first.totalPages)}`)).json();
    assert.equal((last.data as unknown[]).length, appleFactCount - 500 * (first.totalPages - 1));
  });

  test('a plan page-size maximum clamps pageSize and the envelope reports the size served', async () => {
    const body = (await get('/test/facts?cik=320193&pageSize=500', 'Free')).json();
    assert.equal(body.pageSize, 50);
    assert.equal((body.data as unknown[]).length, 50);
  });

  test('numbers stay JSON numbers and dates YYYY-MM-DD in a streamed array', async () => {
    const { res, json } = await get('/test/facts-array?cik=320193');
    assert.equal(res.status, 200);
    const rows = json() as unknown as { value: unknown; period_end: unknown; cik: unknown }[];
    assert.equal(rows.length, appleFactCount);
    assert.equal(typeof defined(rows[0], 'rows[0]').value, 'number');
    assert.equal(typeof defined(rows[0], 'rows[0]').cik, 'number');
    assert.match(String(defined(rows[0], 'rows[0]').period_end), /^\d{4}-\d{2}-\d{2}$/);
  });

  test('Arrow IPC and CSV carry the same rows as JSON', async () => {
    const json = (await get('/test/facts-array?cik=320193')).json() as unknown as { value: number; concept: string }[];
    const arrowRes = await fetch(`${app.base}/test/facts-array?cik=320193`, bearer(app.tokens.Pro, { Accept: 'application/vnd.apache.arrow.stream' }));
    assert.equal(arrowRes.headers.get('content-type'), 'application/vnd.apache.arrow.stream');
    const table = tableFromIPC(new Uint8Array(await arrowRes.arrayBuffer()));
    assert.equal(table.numRows, json.length);
    const values = defined(table.getChild('value'), 'table.getChild(\'value\')').toArray() as Float64Array;
    assert.equal(values.reduce((a, b) => a + b, 0), json.reduce((a, r) => a + r.value, 0));
    const csv = await (await fetch(`${app.base}/test/facts-array?cik=320193`, bearer(app.tokens.Pro, { Accept: 'text/csv' }))).text();
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, json.length + 1);
    assert.ok(defined(lines[0], 'lines[0]').split(',').includes('concept'));
  });

  test('an object route in Arrow is one row; an unsupported Accept is 406', async () => {
    const res = await fetch(`${app.base}/api/company/details?cik=320193`, bearer(app.tokens.Pro, { Accept: 'application/vnd.apache.arrow.stream' }));
    const table = tableFromIPC(new Uint8Array(await res.arrayBuffer()));
    assert.equal(table.numRows, 1);
    assert.equal(defined(table.getChild('name'), 'table.getChild(\'name\')').get(0), 'Apple Inc.');
    const bad = await get('/api/company/details?cik=320193', 'Pro', { Accept: 'image/png' });
    assert.equal(bad.res.status, 406);
    assert.match(String(bad.json().error), /Cannot produce "image\/png"/);
  });
});

describe('HTTP behaviour', () => {
  test('gzip and brotli apply when accepted', async () => {
    for (const enc of ['gzip', 'br']) {
      const res = await fetch(`${app.base}/test/facts?cik=320193&pageSize=100`, bearer(app.tokens.Pro, { 'Accept-Encoding': enc }));
      assert.equal(res.headers.get('content-encoding'), enc);
      assert.equal(((await res.json()) as { data: unknown[] }).data.length, 100);
    }
  });

  test('ETag revalidation answers 304 until the warehouse changes; Cache-Control suits daily data', async () => {
    const first = await get('/api/company/details?cik=320193');
    const etag = first.res.headers.get('etag');
    assert.match(etag ?? '', /^W\/".+"$/);
    assert.equal(first.res.headers.get('cache-control'), 'private, max-age=3600, must-revalidate');
    // answers differ by token (plan) and by negotiated format, after compression's own field
    assert.equal(first.res.headers.get('vary'), 'Accept-Encoding, Authorization, Accept');
    const again = await get('/api/company/details?cik=320193', 'Pro', { 'If-None-Match': defined(etag, 'etag') });
    assert.equal(again.res.status, 304);
    assertRateHeaders(again.res, '304');
    const otherPlan = await get('/api/company/details?cik=320193', 'Free', { 'If-None-Match': defined(etag, 'etag') });
    assert.equal(otherPlan.res.status, 200);
  });

  test('after an ingest the ETag changes, cached answers are not served, and new companies resolve', async () => {
    const before = await get('/api/company/details?cik=320193');
    const tesla = await get('/api/company/details?symbol=TSLA');
    assert.equal(tesla.res.status, 200, 'TSLA is in the SEC ticker list');
    assert.equal(tesla.json().sic, null, 'no submissions file for Tesla yet');
    await ingestPaths(wh.engine, [fixture('edgar', 'submissions', 'CIK0001318605.json.gz')]);
    await new Promise((r) => setTimeout(r, 1100)); // the warehouse version is re-read at most once a second
    const after = await get('/api/company/details?cik=320193', 'Pro', { 'If-None-Match': defined(before.res.headers.get('etag'), 'before.res.headers.get(\'etag\')') });
    assert.equal(after.res.status, 200);
    assert.notEqual(after.res.headers.get('etag'), before.res.headers.get('etag'));
    const teslaNow = (await get('/api/company/details?symbol=TSLA')).json();
    assert.equal(teslaNow.sic, '3711');
    assert.equal(teslaNow.stateOfIncorporation, 'TX');
  });

  test('unknown paths are 404 and other methods 405, both as { error } with rate-limit headers', async () => {
    const missing = await get('/api/company/nothing');
    assert.equal(missing.res.status, 404);
    assert.deepEqual(missing.json(), { error: 'No such endpoint: GET /v1/api/company/nothing' });
    assertRateHeaders(missing.res, '404');
    const outside = await fetch(`${app.server.url}/elsewhere`);
    assert.equal(outside.status, 404);
    assertRateHeaders(outside, '404 outside /v1');
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await fetch(`${app.base}/api/company/details?cik=320193`, { method, ...bearer(app.tokens.Pro) });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'GET, HEAD');
      assert.match(((await res.json()) as { error: string }).error, /every operation of this API is a GET/);
      assertRateHeaders(res, method);
    }
  });

  test('an engine failure is a 500 with a generic message; the SQL error is logged under the request id only', async () => {
    const res = await fetch(`${app.base}/test/broken?cik=320193`, bearer(app.tokens.Pro));
    assert.equal(res.status, 500);
    const id = defined(res.headers.get('x-request-id'), 'res.headers.get(\'x-request-id\')');
    const body = (await res.json()) as { error: string };
    assert.equal(body.error, 'Internal error; the request id in the X-Request-Id header identifies it in the server log');
    assertRateHeaders(res, '500');
    const logged = logLines.map((l) => JSON.parse(l) as { reqId?: string; token?: string; msg: string; err?: { message: string } }).filter((l) => l.reqId === id);
    const failure = logged.find((l) => l.msg === 'request failed');
    assert.match(failure?.err?.message ?? '', /Conversion Error|Could not convert|not a number/i);
    assert.ok(logged.some((l) => l.msg === 'request'), 'access log line');
    // the request's lines carry the caller's token id (not the token) beside the request id
    const tokenId = app.store.verify(app.tokens.Pro)?.tokenId;
    assert.ok(tokenId !== undefined && logged.every((l) => l.token === tokenId), 'token id on every line of the request');
    assert.ok(!logLines.some((l) => l.includes(app.tokens.Pro)), 'tokens never logged');
  });

  test('every response carries a request id and none leaks SQL, paths or stacks', async () => {
    const res = await fetch(`${app.base}/api/company/details?symbol=${'A'.repeat(19)}`, bearer(app.tokens.Pro));
    assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    const text = await res.text();
    assert.doesNotMatch(text, /SELECT|duckdb|\/work\/|\.ts:|at .*\(/i);
  });

  test('the OpenAPI 3.1 document lists every registered route with its parameters, and the docs page loads its bundle locally', async () => {
    const doc = (await (await fetch(`${app.base}/openapi.json`)).json()) as { openapi: string; paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }> };
    assert.equal(doc.openapi, '3.1.0');
    for (const e of ENDPOINTS) assert.ok(doc.paths[e.path], e.path);
    const params = defined(doc.paths['/api/company/details'], 'doc.paths[\'/api/company/details\']').get.parameters;
    assert.deepEqual(params.map((p) => p.name), ['symbol', 'cik', 'cusip', 'composite_figi', 'share_class_figi']);
    assert.deepEqual(defined(params.find((p) => p.name === 'cik'), 'params.find((p) => p.name === \'cik\')').schema, { type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    const paged = defined(doc.paths['/test/facts'], 'doc.paths[\'/test/facts\']').get.parameters.map((p) => p.name);
    assert.ok(paged.includes('page') && paged.includes('pageSize'));
    const html = await (await fetch(`${app.base}/docs`)).text();
    assert.match(html, /src="\/v1\/docs\/scalar\.js"/);
    assert.doesNotMatch(html, /https?:\/\//);
    const bundle = await fetch(`${app.base}/docs/scalar.js`);
    assert.equal(bundle.status, 200);
    assert.ok((await bundle.arrayBuffer()).byteLength > 100_000);
  });
});
