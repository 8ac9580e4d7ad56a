// Shared by the rendered-store suites: serve one warehouse twice, once with its rendered store and once from a copy
// without it (every request then runs the macros), and compare what the two apps answer for every rendered company,
// byte for byte, over the rendered requests and the ones next to them (limits, explicit USD, other plans, asOf).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { Engine } from '../../engine/db/Engine.ts';
import { RENDERED_DIR } from '../../engine/serving/RenderedStore.ts';
import { renderedStoreFor } from '../../engine/serving/renderedStoreFor.ts';
import { RENDERED_QUERIES, renderArgs, renderedKey, resolutionKey } from '../../engine/serving/renderedQueries.ts';
import { liveJsonRows } from '../../engine/query/runMacro.ts';
import { liveResolveEntity } from '../../engine/query/resolveEntity.ts';
import { startTestApp, type TestApp } from '../http/testApp.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';
import type { Plan } from '../../engine/accounts/plans.ts';
import { DEFAULT_TIERS, type TierConfig } from '../../http/tiers.ts';

/** The default plans (their depths) without rate limits: a comparison makes more requests a minute than a plan allows. */
const UNLIMITED: TierConfig = {
  ...DEFAULT_TIERS,
  plans: Object.fromEntries(Object.entries(DEFAULT_TIERS.plans).map(([p, l]) => [p, { ...l, perMinute: 1e9, perDay: 1e9 }])) as TierConfig['plans'],
};

export interface Pair {
  rendered: { engine: Engine; app: TestApp };
  live: { engine: Engine; app: TestApp };
  close(): Promise<void>;
}

/** Opens `dir` read-only as the server would, and a copy of it without `_rendered` beside it. */
export async function servePair(dir: string): Promise<Pair> {
  const copy = tempDir('wh-live-');
  fs.cpSync(dir, copy, { recursive: true, filter: (src) => path.basename(src) !== RENDERED_DIR });
  const tokensFile = path.join(tempDir('tokens-'), 'tokens.json');
  const open = async (d: string, tokens?: Record<Plan, string>) => {
    const engine = await Engine.open({ warehouseDir: d, mode: 'read', threads: 1, poolSize: 2 });
    return { engine, app: await startTestApp(engine, { tokensFile, tiers: UNLIMITED, ...(tokens && { tokens }) }) };
  };
  const rendered = await open(dir);
  // the live app reads the rendered app's tokens, so both answer the same plan for the same request
  const live = await open(copy, rendered.app.tokens);
  return {
    rendered,
    live,
    async close() {
      await rendered.app.close();
      await live.app.close();
      rendered.engine.close();
      live.engine.close();
    },
  };
}

/** The requests compared for one company: each rendered default, with limits, explicit USD, another currency, asOf. */
export function requestsFor(cik: number): string[] {
  const c = `cik=${String(cik)}`;
  const urls = [`/api/company/details?${c}`];
  for (const period of ['annual', 'quarter', 'ttm']) {
    urls.push(`/api/financials/as-reported?${c}&period=${period}`, `/api/financials/as-reported?${c}&period=${period}&limit=3`);
    urls.push(`/api/financials/income-statement?${c}&period=${period}`, `/api/financials/cash-flow?${c}&period=${period}&limit=2`);
    if (period !== 'ttm') urls.push(`/api/financials/balance-sheet?${c}&period=${period}&currency=USD`);
  }
  urls.push(`/api/financials/as-reported?${c}`, `/api/financials/income-statement?${c}&limit=1`, `/api/financials/income-statement?${c}&currency=original`);
  urls.push(`/api/financials/as-reported?${c}&asOf=2020-06-30`);
  return urls;
}

async function get(app: TestApp, plan: Plan, url: string, token: string): Promise<{ status: number; etag: string | null; type: string | null; body: string }> {
  const res = await fetch(`${app.base}${url}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, etag: res.headers.get('etag'), type: res.headers.get('content-type'), body: await res.text() };
}

/** Every request of every company the store rendered (or of `only`) answers the same status, ETag, type and bytes in both apps. */
export async function assertRenderedEqualsLive(pair: Pair, plans: readonly Plan[], only?: ReadonlySet<number>): Promise<{ companies: number; compared: number }> {
  const store = renderedStoreFor(pair.rendered.engine);
  assert.ok(store, 'the rendered store is published for the warehouse version being served');
  assert.equal(renderedStoreFor(pair.live.engine), null);
  const ciks = [...store.keys()].filter((k) => k.startsWith('resolve_entity|')).map((k) => Number(k.split('|')[1])).filter((c) => !only || only.has(c));
  assert.ok(ciks.length > 0);
  let compared = 0;
  for (const cik of ciks) {
    assert.ok(store.rows(resolutionKey(cik)));
    for (const plan of plans) {
      const token = pair.rendered.app.tokens[plan];
      for (const url of requestsFor(cik)) {
        const [r, l] = await Promise.all([get(pair.rendered.app, plan, url, token), get(pair.live.app, plan, url, token)]);
        assert.equal(r.status, l.status, `${plan} ${url}: status (rendered ${r.body.slice(0, 200)} / live ${l.body.slice(0, 200)})`);
        assert.equal(r.etag, l.etag, `${plan} ${url}: ETag`);
        assert.equal(r.type, l.type, `${plan} ${url}: Content-Type`);
        if (r.body !== l.body) assert.fail(`${plan} ${url}: body differs ${firstDifference(r.body, l.body)}`);
        compared++;
      }
    }
  }
  return { companies: ciks.length, compared };
}

/** A GET through node:http, which neither adds an Accept-Encoding nor decodes (fetch does both). */
function rawGet(app: TestApp, url: string, token: string, acceptEncoding: string | null): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (acceptEncoding !== null) headers['Accept-Encoding'] = acceptEncoding;
    http.get(`${app.base}${url}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => { resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }); });
      res.on('error', reject);
    }).on('error', reject);
  });
}

const SAME_HEADERS = ['etag', 'content-type', 'vary', 'cache-control', 'x-limit-applied'] as const;

/**
 * The rendered app's gzip answers (the gzip the store keeps, sent as-is) decode to the live app's identity bytes, with
 * the same status and headers, for each company's default requests; a client refusing gzip (`gzip;q=0`) or sending no
 * Accept-Encoding gets identity. Returns how many answers came gzipped from the store (answers of 1 KiB or more).
 */
export async function assertGzipDecodesToLive(pair: Pair, plan: Plan, ciks: readonly number[]): Promise<number> {
  const token = pair.rendered.app.tokens[plan];
  let gzipped = 0;
  for (const cik of ciks) {
    const c = `cik=${String(cik)}`;
    const urls = [`/api/company/details?${c}`, `/api/financials/as-reported?${c}`, `/api/financials/as-reported?${c}&period=quarter&limit=2`];
    for (const s of ['income-statement', 'balance-sheet', 'cash-flow']) urls.push(`/api/financials/${s}?${c}`, `/api/financials/${s}?${c}&period=quarter`);
    for (const url of urls) {
      const live = await rawGet(pair.live.app, url, token, null);
      for (const accept of ['gzip', 'gzip, deflate, br', 'gzip;q=0', null]) {
        const r = await rawGet(pair.rendered.app, url, token, accept);
        const where = `${plan} ${url} (Accept-Encoding: ${String(accept)})`;
        assert.equal(r.status, live.status, where);
        for (const h of SAME_HEADERS) assert.equal(r.headers[h], live.headers[h], `${where}: ${h}`);
        const encoding = r.headers['content-encoding'];
        if (accept === null || accept === 'gzip;q=0') assert.equal(encoding, undefined, where);
        else if (encoding === 'gzip') gzipped++;
        const decoded = encoding === 'gzip' ? zlib.gunzipSync(r.body) : encoding === 'br' ? zlib.brotliDecompressSync(r.body) : r.body;
        assert.ok(decoded.equals(live.body), `${where}: decoded body differs from the live identity body`);
      }
    }
  }
  return gzipped;
}

/**
 * Every answer the published store holds is what its single-company macro answers now, run by DuckDB (the stored
 * periods as they are on disk), and every known company has every rendered answer. Returns the companies checked.
 */
export async function assertStoreEqualsMacros(engine: Engine): Promise<number> {
  const store = renderedStoreFor(engine);
  assert.ok(store, 'the rendered store is published for the warehouse version and stored periods being served');
  const ciks = (await engine.query<{ cik: number }>(
    'SELECT DISTINCT cik::INTEGER AS cik FROM (SELECT cik FROM src_facts UNION ALL SELECT cik FROM entity_index) WHERE cik IS NOT NULL ORDER BY cik',
  )).map((r) => r.cik);
  assert.ok(ciks.length > 0);
  for (const cik of ciks) {
    const entity = await liveResolveEntity(engine, { name: 'cik', value: cik });
    assert.equal(store.rows(resolutionKey(cik))?.array.toString('utf8'), entity ? `[${JSON.stringify(entity)}]` : '[]', `resolution of ${String(cik)}`);
    for (const q of RENDERED_QUERIES) {
      for (const variant of q.variants) {
        const key = renderedKey(q.macro, cik, variant);
        const rendered: string | undefined = store.rows(key)?.array.toString('utf8');
        assert.ok(rendered !== undefined, `${key}: rendered`);
        const live = `[${(await liveJsonRows(engine, { macro: q.macro, args: renderArgs(q, cik, variant), omitWhenNull: q.omitWhenNull })).join(',')}]`;
        if (rendered !== live) assert.fail(`${key}: ${firstDifference(rendered, live)}`);
      }
    }
  }
  return ciks.length;
}

/** Where two bodies part: the offset and a little of each side. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `at ${String(i)} of ${String(a.length)}/${String(b.length)}: rendered …${a.slice(Math.max(0, i - 120), i + 120)}… live …${b.slice(Math.max(0, i - 120), i + 120)}…`;
}
