// The response memo (http/responseMemo.ts) on real SEC filings with their answers rendered: for every rendered
// endpoint class, encoding, GET and HEAD, and a 304, the replayed answer is the full chain's (an app over the same
// warehouse with the memo off), status, headers and body bytes alike; an ingest changes the next answer; a revoked
// token is refused on the next request; a spent quota answers the chain's 429; the memo stays within its byte bound;
// asOf, other currencies and error answers are never replayed.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { pino } from 'pino';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import { TokenStore } from '../../engine/accounts/TokenStore.ts';
import { PLANS, type Plan } from '../../engine/accounts/plans.ts';
import { DEFAULT_TIERS, type TierConfig } from '../../http/tiers.ts';
import { responseMemoOf } from '../../http/responseMemo.ts';
import { startTestApp, type TestApp } from './testApp.ts';
import { parseCompanyFacts, unitFacts, type CompanyFactsDoc } from '../helpers/companyFacts.ts';
import { defined } from '../helpers/defined.ts';

const readGz = (...parts: string[]): string => zlib.gunzipSync(fs.readFileSync(fixture(...parts))).toString('utf8');
const appleFacts: CompanyFactsDoc = fixturesPresent ? parseCompanyFacts(readGz('edgar', 'companyfacts', 'CIK0000320193.json.gz')) : { facts: {} };
const appleSubmissions = fixturesPresent ? (JSON.parse(readGz('edgar', 'submissions', 'CIK0000320193.json.gz')) as { name: string; sic: string }) : { name: '', sic: '' };
const teslaSubmissions = fixturesPresent ? (JSON.parse(readGz('edgar', 'submissions', 'CIK0001318605.json.gz')) as { sic: string; stateOfIncorporation: string }) : { sic: '', stateOfIncorporation: '' };

/** Headers that differ per request whichever path answers (Node's own, the request id, the quota left). */
const PER_REQUEST = new Set(['date', 'x-request-id', 'x-ratelimit-remaining-minute', 'x-ratelimit-remaining-day', 'retry-after']);

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let tokensFile: string;
let tokens: Record<Plan, string>;
let store: TokenStore;
/** The app with the memo, and the same app with the memo off (the full chain every time). */
let memo: TestApp;
let full: TestApp;
const memoLog: string[] = [];
const fullLog: string[] = [];

const generous: TierConfig = {
  ...DEFAULT_TIERS,
  plans: Object.fromEntries(Object.entries(DEFAULT_TIERS.plans).map(([plan, p]) => [plan, { ...p, perMinute: 100_000, perDay: 1_000_000 }])) as TierConfig['plans'],
};

before(async () => {
  wh = await openTempEngine('write');
  await ingestPaths(wh.engine, [
    fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
    fixture('edgar', 'submissions', 'CIK0000320193.json.gz'),
    fixture('edgar', 'submissions', 'CIK0001465740.json.gz'),
    fixture('edgar', 'reference', 'company_tickers_exchange.json.gz'),
  ]);
  const outcome = await refreshPeriodsLocked(wh.engine, false, { render: true });
  assert.ok(outcome.ok && outcome.rendered !== null && !(outcome.rendered instanceof Error), 'the fixtures rendered');
  tokensFile = path.join(tempDir('memo-tokens-'), 'tokens.json');
  store = new TokenStore(tokensFile, 0);
  tokens = Object.fromEntries(PLANS.map((p) => [p, store.create(p, `memo ${p}`).token])) as Record<Plan, string>;
  memo = await startTestApp(wh.engine, { tokensFile, tokens, tiers: generous, logger: pino({ level: 'info' }, { write: (line: string) => { memoLog.push(line); } }) });
  full = await startTestApp(wh.engine, { tokensFile, tokens, tiers: generous, memoBytes: 0, logger: pino({ level: 'info' }, { write: (line: string) => { fullLog.push(line); } }) });
});
after(async () => {
  await memo.close();
  await full.close();
  wh.cleanup();
  fs.rmSync(path.dirname(tokensFile), { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Header names in the order and case they were sent. */
  names: string[];
  body: Buffer;
}

/** One request as sent, the answer as received: no decoding, so the bytes compared are the bytes on the wire. */
function request(app: TestApp, target: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.base}${target}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        resolve({ status: defined(res.statusCode, 'status'), headers: res.headers, names: res.rawHeaders.filter((_, i) => i % 2 === 0), body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const auth = (plan: Plan, extra: Record<string, string> = {}): Record<string, string> => ({ Authorization: `Bearer ${tokens[plan]}`, ...extra });

function comparable(r: Raw): { status: number; headers: Record<string, unknown>; names: string[]; body: string } {
  const headers: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r.headers)) if (!PER_REQUEST.has(k)) headers[k] = v;
  return { status: r.status, headers, names: r.names, body: r.body.toString('base64') };
}

/** The memo app's answer (a replay once the first request kept it) equals the full chain's. */
async function assertReplayed(target: string, headers: Record<string, string>, method = 'GET'): Promise<Raw> {
  const m = defined(responseMemoOf(memo.server.server), 'the memo app has a memo');
  await request(memo, target, headers, method);
  const hits = m.hits;
  const replayed = await request(memo, target, headers, method);
  assert.equal(m.hits, hits + 1, `${method} ${target} ${JSON.stringify(headers)} was replayed`);
  const chain = await request(full, target, headers, method);
  assert.deepEqual(comparable(replayed), comparable(chain), `${method} ${target} ${JSON.stringify(headers)}`);
  if (headers['X-Request-Id'] === undefined) {
    assert.match(replayed.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
    assert.notEqual(replayed.headers['x-request-id'], chain.headers['x-request-id']);
  }
  return replayed;
}

function decoded(r: Raw): unknown {
  const enc = r.headers['content-encoding'];
  const bytes = enc === 'gzip' ? zlib.gunzipSync(r.body) : enc === 'br' ? zlib.brotliDecompressSync(r.body) : r.body;
  return JSON.parse(bytes.toString('utf8'));
}

const ENCODINGS = [undefined, 'gzip', 'br', 'gzip, deflate, br', 'gzip;q=0'];
const TARGETS = [
  '/api/financials/as-reported?cik=320193',
  '/api/financials/as-reported?symbol=AAPL&period=quarter&limit=4',
  '/api/financials/income-statement?cik=320193',
  '/api/financials/balance-sheet?cik=320193&period=quarter',
  '/api/financials/cash-flow?cik=320193&period=ttm',
  '/api/company/details?cik=320193',
  '/api/company/details?symbol=TWO',
];

describe('replayed answers are the full chain\'s', () => {
  test('every rendered endpoint class, encoding, GET and HEAD: status, headers and bytes', async () => {
    for (const target of TARGETS) {
      for (const enc of ENCODINGS) {
        const headers = auth('Pro', enc === undefined ? {} : { 'Accept-Encoding': enc });
        const get = await assertReplayed(target, headers);
        assert.equal(get.status, 200);
        await assertReplayed(target, headers, 'HEAD');
      }
    }
    // the values on the wire are the documents' (read here from the filings themselves)
    const revenue = unitFacts(appleFacts, 'us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD');
    const fy2024 = defined(revenue.find((f) => f.start === '2023-10-01' && f.end === '2024-09-28' && f.form === '10-K'), 'Apple FY2024 revenue');
    for (const enc of ['gzip', 'br']) {
      const asReported = decoded(await assertReplayed('/api/financials/as-reported?cik=320193', auth('Pro', { 'Accept-Encoding': enc }))) as { period: string; facts: Record<string, number> }[];
      assert.equal(defined(asReported.find((p) => p.period === '2024-09-28'), 'FY2024').facts['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'], fy2024.val);
    }
    const details = decoded(await assertReplayed('/api/company/details?cik=320193', auth('Pro'))) as { name: string; sic: string };
    assert.equal(details.name, appleSubmissions.name);
    assert.equal(details.sic, appleSubmissions.sic);
  });

  test('a replay keeps the caller\'s sane X-Request-Id and writes the chain\'s access log line', async () => {
    const target = '/api/financials/income-statement?cik=320193';
    const line = (log: string[], id: string) => {
      // the last line of that id: assertReplayed sends it twice, the replay second
      const found = defined(log.map((l) => JSON.parse(l) as Record<string, unknown>).reverse().find((l) => l.reqId === id), `a log line for ${id}`);
      assert.equal(typeof found.ms, 'number');
      return Object.fromEntries(Object.entries(found).filter(([k]) => !['time', 'pid', 'hostname', 'ms', 'reqId'].includes(k)));
    };
    const replayed = await assertReplayed(target, auth('Pro', { 'X-Request-Id': 'client-id-0001' }));
    assert.equal(replayed.headers['x-request-id'], 'client-id-0001');
    await request(full, target, auth('Pro', { 'X-Request-Id': 'client-id-0002' }));
    const memoLine = line(memoLog, 'client-id-0001');
    assert.deepEqual(memoLine, line(fullLog, 'client-id-0002'));
    assert.deepEqual(memoLine, { level: 30, token: defined(store.list().find((r) => r.name === 'memo Pro'), 'Pro token').id, method: 'GET', path: '/v1/api/financials/income-statement', status: 200, msg: 'request' });
    // an id that is not sane is replaced, as the chain replaces it
    const odd = await assertReplayed(target, auth('Pro', { 'X-Request-Id': 'no spaces allowed' }));
    assert.match(odd.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
  });

  test('another plan gets its own answer (its limit clamp, its ETag), not the one kept for Pro', async () => {
    const target = '/api/financials/as-reported?cik=320193&period=quarter&limit=8';
    const pro = await assertReplayed(target, auth('Pro'));
    const freeRes = await assertReplayed(target, auth('Free'));
    assert.notEqual(pro.headers.etag, freeRes.headers.etag);
    assert.equal(freeRes.headers['x-limit-applied'], String(DEFAULT_TIERS.plans.Free.maxLimit));
    assert.equal((decoded(freeRes) as unknown[]).length, DEFAULT_TIERS.plans.Free.maxLimit);
  });

  test('If-None-Match: a matching tag answers the chain\'s 304, another tag the full answer', async () => {
    for (const target of ['/api/financials/as-reported?cik=320193', '/api/company/details?cik=320193']) {
      for (const enc of [undefined, 'gzip']) {
        const base = enc === undefined ? {} : { 'Accept-Encoding': enc };
        const first = await request(memo, target, auth('Pro', base));
        const etag = defined(first.headers.etag, 'etag');
        const notModified = await assertReplayed(target, auth('Pro', { ...base, 'If-None-Match': etag }));
        assert.equal(notModified.status, 304);
        assert.equal(notModified.body.length, 0);
        assert.equal((await assertReplayed(target, auth('Pro', { ...base, 'If-None-Match': `"other", ${etag}` }))).status, 304);
        const other = await assertReplayed(target, auth('Pro', { ...base, 'If-None-Match': 'W/"not-this-one"' }));
        assert.equal(other.status, 200);
        assert.equal((await assertReplayed(target, auth('Pro', { ...base, 'If-None-Match': '*' }))).status, 304);
      }
    }
  });

  test('asOf, another currency, an unknown parameter and error answers always run the full chain', async () => {
    const m = defined(responseMemoOf(memo.server.server), 'memo');
    for (const [target, status] of [
      ['/api/financials/as-reported?cik=320193&asOf=2024-10-01', 200],
      ['/api/financials/income-statement?cik=320193&currency=EUR', 200],
      ['/api/financials/as-reported?cik=320193&period=yearly', 400],
      ['/api/company/details?cik=99999999', 400],
      ['/api/financials/as-reported?cik=320193&cik=320193', 400],
    ] as const) {
      await request(memo, target, auth('Pro'));
      const hits = m.hits;
      const again = await request(memo, target, auth('Pro'));
      assert.equal(again.status, status, target);
      assert.equal(m.hits, hits, `${target} was not replayed`);
    }
    // an empty Accept has its own entry (an absent header and an empty one are different requests to negotiation)
    await assertReplayed('/api/company/details?cik=320193', auth('Pro'));
    await assertReplayed('/api/company/details?cik=320193', auth('Pro', { Accept: '' }));
    // no token, or a malformed header: the chain's 401 every time
    const anonymous = await request(memo, '/api/company/details?cik=320193', {});
    assert.equal(anonymous.status, 401);
    assert.equal((await request(memo, '/api/company/details?cik=320193', { Authorization: 'Basic abc' })).status, 401);
  });
});

describe('what a replay still does per request', () => {
  test('a revoked token is refused on the next request', async () => {
    const { token, record } = store.create('Pro', 'to revoke');
    const headers = { Authorization: `Bearer ${token}` };
    const m = defined(responseMemoOf(memo.server.server), 'memo');
    await request(memo, '/api/company/details?cik=320193', headers);
    const hits = m.hits;
    assert.equal((await request(memo, '/api/company/details?cik=320193', headers)).status, 200);
    assert.equal(m.hits, hits + 1, 'replayed while the token is good');
    store.revoke(record.id);
    const refused = await request(memo, '/api/company/details?cik=320193', headers);
    assert.equal(refused.status, 401);
    assert.deepEqual(decoded(refused), { error: 'Invalid or revoked API token' });
    assert.deepEqual(comparable(refused), comparable(await request(full, '/api/company/details?cik=320193', headers)));
  });

  test('a spent quota answers 429 on the fast path as on the full chain, counted by the same limiter', async () => {
    const perMinute = 4;
    const tight: TierConfig = { ...DEFAULT_TIERS, plans: { ...DEFAULT_TIERS.plans, Starter: { ...DEFAULT_TIERS.plans.Starter, perMinute } } };
    const a = await startTestApp(wh.engine, { tokensFile, tokens, tiers: tight });
    const b = await startTestApp(wh.engine, { tokensFile, tokens, tiers: tight, memoBytes: 0 });
    try {
      const m = defined(responseMemoOf(a.server.server), 'memo');
      const target = '/api/financials/income-statement?cik=320193';
      const sent: Raw[] = [];
      const chain: Raw[] = [];
      for (let i = 0; i <= perMinute; i++) {
        sent.push(await request(a, target, auth('Starter')));
        chain.push(await request(b, target, auth('Starter')));
      }
      assert.equal(m.hits, perMinute - 1, 'every request after the first was replayed until the quota ran out');
      // the same count on both paths: each replay spent one request of the minute
      assert.deepEqual(sent.map((r) => r.headers['x-ratelimit-remaining-minute']), chain.map((r) => r.headers['x-ratelimit-remaining-minute']));
      assert.deepEqual(sent.map((r) => r.status), [200, 200, 200, 200, 429]);
      const [refused, chainRefused] = [defined(sent.at(-1), '429'), defined(chain.at(-1), '429')];
      // the same answer but for the seconds to wait, which may straddle a second between the two requests
      const withoutWait = (r: Raw) => ({ ...comparable(r), body: r.body.toString('utf8').replace(/retry in \d+ s/, 'retry in N s') });
      assert.deepEqual(withoutWait(refused), withoutWait(chainRefused));
      assert.equal(refused.headers['x-ratelimit-remaining-minute'], '0');
      assert.match(refused.headers['retry-after'] ?? '', /^\d+$/);
      assert.ok(Math.abs(Number(refused.headers['retry-after']) - Number(chainRefused.headers['retry-after'])) <= 1);
      assert.match((decoded(refused) as { error: string }).error, /^Rate limit exceeded: per-minute limit of 4/);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('the memo stays within its byte bound, least recently used out first', async () => {
    const bound = 400_000;
    const small = await startTestApp(wh.engine, { tokensFile, tokens, tiers: generous, memoBytes: bound });
    try {
      const m = defined(responseMemoOf(small.server.server), 'memo');
      let kept = 0;
      for (let limit = 1; limit <= 12; limit++) {
        for (const enc of [undefined, 'gzip', 'br']) {
          const headers = auth('Pro', enc === undefined ? {} : { 'Accept-Encoding': enc });
          await request(small, `/api/financials/as-reported?cik=320193&period=quarter&limit=${String(limit)}`, headers);
          await request(small, `/api/financials/income-statement?cik=320193&period=quarter&limit=${String(limit)}`, headers);
          kept += 2;
          assert.ok(m.bytes <= bound, `${String(m.bytes)} bytes held, bound ${String(bound)}`);
        }
      }
      assert.ok(m.entries > 0 && m.entries < kept, `some kept (${String(m.entries)}), older ones let go`);
      assert.ok(m.bytes > bound / 2, 'the bound is used');
    } finally {
      await small.close();
    }
  });

  test('a commit (an ingest of another filing) changes the next answer, with no wait', async () => {
    const m = defined(responseMemoOf(memo.server.server), 'memo');
    const target = '/api/company/details?symbol=TSLA';
    const first = await request(memo, target, auth('Pro'));
    assert.equal(first.status, 200, 'TSLA is in the SEC ticker list');
    const hits = m.hits;
    const kept = await request(memo, target, auth('Pro'));
    assert.equal(m.hits, hits + 1);
    assert.equal((decoded(kept) as { sic: unknown }).sic, null, 'no submissions for Tesla yet');
    await ingestPaths(wh.engine, [fixture('edgar', 'submissions', 'CIK0001318605.json.gz')]);
    const next = await request(memo, target, auth('Pro', { 'If-None-Match': defined(kept.headers.etag, 'etag') }));
    assert.equal(next.status, 200, 'the old ETag no longer matches');
    assert.notEqual(next.headers.etag, kept.headers.etag);
    const now = decoded(next) as { sic: string; stateOfIncorporation: string };
    assert.equal(now.sic, teslaSubmissions.sic);
    assert.equal(now.stateOfIncorporation, teslaSubmissions.stateOfIncorporation);
    // and the new answer is replayed as the chain answers it
    await assertReplayed(target, auth('Pro'));
  });
});
