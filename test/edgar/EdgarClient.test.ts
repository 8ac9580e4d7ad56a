// The EDGAR client against a local stand-in for sec.gov: declared agent, rate ceiling, retries, compression, 404s.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import fs from 'node:fs';
import { EdgarClient, EdgarRequestError, MissingUserAgentError, retryAfterMs, type EdgarClientOptions } from '../../engine/edgar/EdgarClient.ts';
import { loadConfig } from '../../engine/config.ts';
import { useEdgarFixtureServer } from '../helpers/edgarFixtureServer.ts';
import { fixture } from '../helpers/tempWarehouse.ts';
import { fakeClock, maxPerSecond, type FakeClock } from './fakeClock.ts';

const UA = 'Filings Engine Tests tests@example.com';
const SMALL = '/submissions/CIK0001800903.json';
const edgar = useEdgarFixtureServer();

function client(clock: FakeClock, extra: Partial<EdgarClientOptions> = {}): EdgarClient {
  return new EdgarClient({ userAgent: UA, maxRequestsPerSecond: 10, clock, random: () => 0.5, ...extra });
}

test('every request carries the declared User-Agent and asks for gzip or deflate', async () => {
  const c = client(fakeClock());
  await Promise.all([c.get(`${edgar().url}${SMALL}`), c.get(`${edgar().url}/files/company_tickers.json`), c.get(`${edgar().url}/nothing-here`)]);
  assert.equal(edgar().requests.length, 3);
  for (const r of edgar().requests) {
    assert.equal(r.userAgent, UA);
    assert.match(r.acceptEncoding ?? '', /gzip/);
    assert.match(r.acceptEncoding ?? '', /deflate/);
  }
});

test('forty concurrent requests at 10 per second never put more than 10 in any one-second window', async () => {
  const clock = fakeClock();
  const sent: number[] = [];
  const c = client(clock, { onRequest: ({ at }) => sent.push(at) });
  edgar().failNext(SMALL, { status: 503 }, { status: 429 }); // retries count against the ceiling too
  const results = await Promise.all(Array.from({ length: 40 }, () => c.get(`${edgar().url}${SMALL}`)));
  assert.ok(results.every((r) => r.found));
  assert.equal(edgar().requests.length, 42);
  assert.equal(sent.length, 42);
  assert.equal(maxPerSecond(sent), 10);
});

test('on the system clock the eleventh request at 10 per second waits about a second after the first', async () => {
  const c = new EdgarClient({ userAgent: UA, maxRequestsPerSecond: 10 });
  // timed from before the first grant: the first request's own socket set-up can arrive late on a loaded box, which
  // made "11th - 1st" shorter than the window although every grant kept it; no grant is earlier than `start`
  const start = performance.now();
  await Promise.all(Array.from({ length: 11 }, () => c.get(`${edgar().url}${SMALL}`)));
  const at = edgar().requests.map((r) => r.at).sort((a, b) => a - b);
  assert.equal(at.length, 11);
  const eleventh = at[10] ?? Number.NaN;
  assert.ok(eleventh - start >= 995, `11th request came ${String(Math.round(eleventh - start))} ms after the first grant could be made`);
});

test('a 503 is retried after a jittered backoff and the retry succeeds', async () => {
  const clock = fakeClock();
  edgar().failNext(SMALL, { status: 503 });
  const res = await client(clock).get(`${edgar().url}${SMALL}`);
  assert.equal(res.found, true);
  assert.equal(edgar().requests.length, 2);
  // first step is 1000 ms with equal jitter: 500 + 500 * 0.5
  assert.ok(clock.sleeps.includes(750));
});

test('a 429 with Retry-After waits the time the server asked for', async () => {
  const clock = fakeClock();
  edgar().failNext(SMALL, { status: 429, retryAfter: '7' });
  const res = await client(clock).get(`${edgar().url}${SMALL}`);
  assert.equal(res.found, true);
  assert.ok(clock.sleeps.includes(7000));
});

test('a dropped connection is retried like a server error', async () => {
  edgar().failNext(SMALL, { status: 0, drop: true });
  const res = await client(fakeClock()).get(`${edgar().url}${SMALL}`);
  assert.equal(res.found, true);
  assert.equal(edgar().requests.length, 2);
});

test('after the last attempt the error names the URL, the status and the number of attempts', async () => {
  const clock = fakeClock();
  edgar().failNext(SMALL, { status: 503 }, { status: 503 }, { status: 503 });
  const url = `${edgar().url}${SMALL}`;
  await assert.rejects(client(clock, { maxAttempts: 3 }).get(url), (err: unknown) => {
    assert.ok(err instanceof EdgarRequestError);
    assert.equal(err.url, url);
    assert.equal(err.status, 503);
    assert.equal(err.attempts, 3);
    assert.ok(err.message.includes(url));
    assert.match(err.message, /after 3 attempts.*HTTP 503/);
    return true;
  });
  assert.equal(edgar().requests.length, 3);
  // backoff doubles: 750 then 1500 (equal jitter at 0.5)
  assert.deepEqual(clock.sleeps.filter((ms) => ms > 0), [750, 1500]);
});

test('a 403 is not retried and the error says why EDGAR refuses', async () => {
  edgar().failNext(SMALL, { status: 403 });
  await assert.rejects(client(fakeClock()).get(`${edgar().url}${SMALL}`), /HTTP 403.*SEC_USER_AGENT/);
  assert.equal(edgar().requests.length, 1);
});

test('a 404 is a not-found result, not an error, and is not retried', async () => {
  const res = await client(fakeClock()).get(`${edgar().url}/submissions/CIK0000000001.json`);
  assert.deepEqual(res, { found: false, url: `${edgar().url}/submissions/CIK0000000001.json` });
  assert.equal(edgar().requests.length, 1);
});

for (const encoding of ['gzip', 'deflate'] as const) {
  test(`a ${encoding}-encoded body is decoded to the original bytes`, async () => {
    edgar().encoding = encoding;
    const res = await client(fakeClock()).get(`${edgar().url}/api/xbrl/companyfacts/CIK0000320193.json`);
    assert.ok(res.found);
    const original = zlib.gunzipSync(fs.readFileSync(fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz')));
    assert.ok(res.body.equals(original));
    const doc = JSON.parse(res.body.toString('utf8')) as { cik: number; entityName: string };
    assert.equal(doc.cik, 320193);
    assert.equal(doc.entityName, 'Apple Inc.');
  });
}

test('a Retry-After far beyond the longest wait fails at once, naming the wait', async () => {
  edgar().failNext(SMALL, { status: 429, retryAfter: '3600' });
  await assert.rejects(client(fakeClock()).get(`${edgar().url}${SMALL}`), /retry after 3600 s/);
  assert.equal(edgar().requests.length, 1);
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  assert.equal(retryAfterMs('12'), 12000);
  assert.equal(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('2015-10-21T07:28:00Z')), 10000);
  assert.equal(retryAfterMs('soon'), null);
  assert.equal(retryAfterMs(null), null);
});

test('without a declared User-Agent the client refuses and says how to set SEC_USER_AGENT', () => {
  assert.throws(() => EdgarClient.fromConfig(loadConfig({})), (err: unknown) => {
    assert.ok(err instanceof MissingUserAgentError);
    assert.match(err.message, /SEC_USER_AGENT="[^"]+@[^"]+"/);
    return true;
  });
  assert.throws(() => new EdgarClient({ userAgent: '  ', maxRequestsPerSecond: 10 }), MissingUserAgentError);
});

test('a ceiling above the SEC fair-access limit of 10 per second is refused', () => {
  assert.throws(() => new EdgarClient({ userAgent: UA, maxRequestsPerSecond: 11 }), /at most 10/);
});
