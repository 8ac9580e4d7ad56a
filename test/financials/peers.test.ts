// /api/company/peers on the fixture companies (SIC and entity type read in the test from the submissions files, revenue
// from the companyfacts files) and on the demo warehouse.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import * as v from 'valibot';
import { defined } from '../helpers/defined.ts';
import { bodyAs, ErrorBody } from '../helpers/bodyAs.ts';
import { Peers } from '../../http/endpoints/company.ts';

const SUBMISSIONS = fixture('edgar', 'submissions');
const COMPANYFACTS = fixture('edgar', 'companyfacts');

/** The parts of a submissions file this suite reads. */
const SubmissionsJson = v.looseObject({
  cik: v.union([v.string(), v.number()]),
  sic: v.optional(v.nullable(v.string())),
  entityType: v.optional(v.nullable(v.string())),
  name: v.string(),
  tickers: v.optional(v.nullable(v.array(v.string()))),
});
/** The parts of a companyfacts file this suite reads: one-year USD durations. */
const CompanyFactsJson = v.looseObject({
  facts: v.record(v.string(), v.record(v.string(), v.looseObject({
    units: v.record(v.string(), v.array(v.looseObject({ start: v.optional(v.string()), end: v.string(), val: v.number() }))),
  }))),
});
const readGzJson = (file: string): unknown => JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));

interface Sub { cik: number; sic: string; entityType: string; name: string; tickers: string[] }
/** The main submissions file of every fixture company (not the paged history or dated snapshots). */
function submissions(): Sub[] {
  return fs.readdirSync(SUBMISSIONS).filter((f) => /^CIK\d{10}\.json\.gz$/.test(f)).map((f) => {
    const d = bodyAs(SubmissionsJson, readGzJson(path.join(SUBMISSIONS, f)), f);
    return { cik: Number(d.cik), sic: d.sic ?? '', entityType: d.entityType ?? '', name: d.name, tickers: d.tickers ?? [] };
  });
}
const isStock = (s: Sub) => s.entityType === 'operating' && !['6722', '6726', '6221'].includes(s.sic);

/** Latest annual revenue in a companyfacts file: the newest one-year duration of the revenue concepts it tags. */
function latestAnnualRevenue(cik: number): number | null {
  const file = path.join(COMPANYFACTS, `CIK${String(cik).padStart(10, '0')}.json.gz`);
  if (!fs.existsSync(file)) return null;
  const { facts } = bodyAs(CompanyFactsJson, readGzJson(file), file);
  let best: { end: string; val: number } | null = null;
  for (const [tax, name] of [['us-gaap', 'Revenues'], ['us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax'], ['ifrs-full', 'Revenue']] as const) {
    for (const f of facts[tax]?.[name]?.units['USD'] ?? []) {
      const days = (Date.parse(f.end) - Date.parse(f.start ?? '')) / 86_400_000 + 1;
      if (days >= 357 && days <= 371 && (!best || f.end > best.end)) best = { end: f.end, val: f.val };
    }
  }
  return best?.val ?? null;
}

describe('peers on the fixture companies', () => {
  let app: TestApp;
  let cleanup: () => void;
  const subs = submissions();
  before(async () => {
    const t = await openTempEngine();
    cleanup = t.cleanup;
    await ingestPaths(t.engine, [SUBMISSIONS, COMPANYFACTS]);
    app = await startTestApp(t.engine, { endpoints: [...ENDPOINTS] });
  });
  after(async () => {
    await app.close();
    cleanup();
  });
  const get = async (q: string) => {
    const res = await fetch(`${app.base}/api/company/peers?${q}`, bearer(app.tokens.Pro));
    return { status: res.status, body: await res.json() as unknown };
  };

  test('every stock with a 4-digit SIC: same-industry peers, narrowest SIC match first, never the subject, at most 6', async () => {
    let withPeers = 0;
    for (const s of subs.filter((x) => isStock(x) && x.sic.length === 4)) {
      const answer = await get(`cik=${String(s.cik)}`);
      assert.equal(answer.status, 200, `${String(s.cik)}: ${JSON.stringify(answer.body)}`);
      const body = bodyAs(Peers, answer.body, s.name);
      const expected = (digits: number) => subs.filter((o) => o.cik !== s.cik && isStock(o) && o.sic.slice(0, digits) === s.sic.slice(0, digits));
      const pool = expected(2);
      assert.equal(body.peers.length, Math.min(6, pool.length), s.name);
      const symbolOf = (o: Sub) => o.tickers[0] ?? String(o.cik);
      assert.ok(body.peers.every((p) => p.symbol !== symbolOf(s)));
      // the 4-digit matches lead, as many as fit
      const four = new Set(expected(4).map(symbolOf));
      const lead = body.peers.slice(0, Math.min(6, four.size)).map((p) => p.symbol);
      assert.ok(lead.every((sym) => four.has(sym)), `${s.name}: ${lead.join(',')} vs ${[...four].join(',')}`);
      if (body.peers.length > 0) withPeers++;
      const rev = latestAnnualRevenue(s.cik);
      if (rev !== null) assert.equal(body.revenue, rev, s.name);
    }
    assert.ok(withPeers > 0);
  });

  test("Marvell: its revenue from the companyfacts file; Wolfspeed (same 4-digit SIC) is a peer", async () => {
    const marvell = defined(subs.find((s) => s.tickers.includes('MRVL')), 'Marvell');
    const body = bodyAs(Peers, (await get('symbol=MRVL')).body);
    assert.equal(body.revenue, latestAnnualRevenue(marvell.cik));
    assert.equal(body.currency, 'USD');
    const sameSic = subs.filter((s) => s.sic === marvell.sic && s.cik !== marvell.cik && isStock(s));
    assert.ok(sameSic.length > 0);
    assert.deepEqual(body.peers.slice(0, sameSic.length).map((p) => p.name).sort(), sameSic.map((s) => s.name).sort());
  });

  test('a company with no peer in its 2-digit SIC gets an empty array', async () => {
    const alone = defined(subs.find((s) => isStock(s) && s.sic.length === 4 && !subs.some((o) => o.cik !== s.cik && isStock(o) && o.sic.slice(0, 2) === s.sic.slice(0, 2))), 'a stock alone in its 2-digit SIC');
    const { status, body } = await get(`cik=${String(alone.cik)}`);
    assert.equal(status, 200);
    assert.deepEqual(bodyAs(Peers, body).peers, []);
  });

  test('funds and other non-operating entities are a 400', async () => {
    const fund = defined(subs.find((s) => s.entityType !== 'operating' && /fund/i.test(s.name)), 'a fund');
    const { status, body } = await get(`cik=${String(fund.cik)}`);
    assert.equal(status, 400);
    assert.match(bodyAs(ErrorBody, body).error, /stock/);
  });
});

describe('peers on the demo warehouse', () => {
  test('demo companies sharing a 2-digit SIC are peers, with revenue', async () => {
    const t = await openTempEngine();
    try {
      await buildDemoWarehouse(t.engine);
      const app = await startTestApp(t.engine, { endpoints: [...ENDPOINTS] });
      try {
        const subject = defined(DEMO_COMPANIES.find((c) => DEMO_COMPANIES.some((o) => o.cik !== c.cik && o.sic.slice(0, 2) === c.sic.slice(0, 2))), 'a demo company with a peer');
        const res = await fetch(`${app.base}/api/company/peers?symbol=${subject.ticker}`, bearer(app.tokens.Pro));
        const json: unknown = await res.json();
        assert.equal(res.status, 200, JSON.stringify(json));
        const body = bodyAs(Peers, json);
        assert.ok(body.revenue !== null && body.revenue > 0);
        const expected = DEMO_COMPANIES.filter((o) => o.cik !== subject.cik && o.sic.slice(0, 2) === subject.sic.slice(0, 2)).map((o) => o.ticker);
        assert.deepEqual(body.peers.map((p) => p.symbol).sort(), expected.slice(0, 6).sort());
        assert.ok(body.peers.every((p) => p.revenue !== null));
      } finally {
        await app.close();
      }
    } finally {
      t.cleanup();
    }
  });
});
