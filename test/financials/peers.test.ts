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

const SUBMISSIONS = fixture('edgar', 'submissions');
const COMPANYFACTS = fixture('edgar', 'companyfacts');

interface Sub { cik: number; sic: string; entityType: string; name: string; tickers: string[] }
/** The main submissions file of every fixture company (not the paged history or dated snapshots). */
function submissions(): Sub[] {
  return fs.readdirSync(SUBMISSIONS).filter((f) => /^CIK\d{10}\.json\.gz$/.test(f)).map((f) => {
    const d = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(SUBMISSIONS, f))).toString('utf8'));
    return { cik: Number(d.cik), sic: d.sic ?? '', entityType: d.entityType ?? '', name: d.name, tickers: d.tickers ?? [] };
  });
}
const isStock = (s: Sub) => s.entityType === 'operating' && !['6722', '6726', '6221'].includes(s.sic);

/** Latest annual revenue in a companyfacts file: the newest one-year duration of the revenue concepts it tags. */
function latestAnnualRevenue(cik: number): number | null {
  const file = path.join(COMPANYFACTS, `CIK${String(cik).padStart(10, '0')}.json.gz`);
  if (!fs.existsSync(file)) return null;
  const facts = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')).facts;
  let best: { end: string; val: number } | null = null;
  for (const [tax, name] of [['us-gaap', 'Revenues'], ['us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax'], ['ifrs-full', 'Revenue']]) {
    for (const f of facts[tax!]?.[name!]?.units?.USD ?? []) {
      const days = (Date.parse(f.end) - Date.parse(f.start)) / 86_400_000 + 1;
      if (days >= 357 && days <= 371 && (!best || f.end > best.end)) best = { end: f.end, val: f.val };
    }
  }
  return best?.val ?? null;
}

type Body = { revenue: number | null; currency: string | null; peers: Array<{ symbol: string; name: string; revenue: number | null; currency: string | null }> };

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
    return { status: res.status, body: await res.json() as Body & { error?: string } };
  };

  test('every stock with a 4-digit SIC: same-industry peers, narrowest SIC match first, never the subject, at most 6', async () => {
    let withPeers = 0;
    for (const s of subs.filter((x) => isStock(x) && x.sic.length === 4)) {
      const { status, body } = await get(`cik=${s.cik}`);
      assert.equal(status, 200, `${s.cik}: ${JSON.stringify(body)}`);
      const expected = (digits: number) => subs.filter((o) => o.cik !== s.cik && isStock(o) && o.sic.slice(0, digits) === s.sic.slice(0, digits));
      const pool = expected(2);
      assert.equal(body.peers.length, Math.min(6, pool.length), `${s.name}`);
      const symbolOf = (o: Sub) => o.tickers[0] ?? String(o.cik);
      assert.ok(body.peers.every((p) => p.symbol !== symbolOf(s)));
      // the 4-digit matches lead, as many as fit
      const four = new Set(expected(4).map(symbolOf));
      const lead = body.peers.slice(0, Math.min(6, four.size)).map((p) => p.symbol);
      assert.ok(lead.every((sym) => four.has(sym)), `${s.name}: ${lead} vs ${[...four]}`);
      if (body.peers.length) withPeers++;
      const rev = latestAnnualRevenue(s.cik);
      if (rev !== null) assert.equal(body.revenue, rev, s.name);
    }
    assert.ok(withPeers > 0);
  });

  test("Marvell: its revenue from the companyfacts file; Wolfspeed (same 4-digit SIC) is a peer", async () => {
    const marvell = subs.find((s) => s.tickers.includes('MRVL'))!;
    const { body } = await get(`symbol=MRVL`);
    assert.equal(body.revenue, latestAnnualRevenue(marvell.cik));
    assert.equal(body.currency, 'USD');
    const sameSic = subs.filter((s) => s.sic === marvell.sic && s.cik !== marvell.cik && isStock(s));
    assert.ok(sameSic.length > 0);
    assert.deepEqual(body.peers.slice(0, sameSic.length).map((p) => p.name).sort(), sameSic.map((s) => s.name).sort());
  });

  test('a company with no peer in its 2-digit SIC gets an empty array', async () => {
    const alone = subs.find((s) => isStock(s) && s.sic.length === 4 && !subs.some((o) => o.cik !== s.cik && isStock(o) && o.sic.slice(0, 2) === s.sic.slice(0, 2)))!;
    const { status, body } = await get(`cik=${alone.cik}`);
    assert.equal(status, 200);
    assert.deepEqual(body.peers, []);
  });

  test('funds and other non-operating entities are a 400', async () => {
    const fund = subs.find((s) => s.entityType !== 'operating' && /fund/i.test(s.name))!;
    const { status, body } = await get(`cik=${fund.cik}`);
    assert.equal(status, 400);
    assert.match(body.error!, /stock/);
  });
});

describe('peers on the demo warehouse', () => {
  test('demo companies sharing a 2-digit SIC are peers, with revenue', async () => {
    const t = await openTempEngine();
    try {
      await buildDemoWarehouse(t.engine);
      const app = await startTestApp(t.engine, { endpoints: [...ENDPOINTS] });
      try {
        const subject = DEMO_COMPANIES.find((c) => DEMO_COMPANIES.some((o) => o.cik !== c.cik && o.sic.slice(0, 2) === c.sic.slice(0, 2)))!;
        const res = await fetch(`${app.base}/api/company/peers?symbol=${subject.ticker}`, bearer(app.tokens.Pro));
        const body = await res.json() as Body;
        assert.equal(res.status, 200, JSON.stringify(body));
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
