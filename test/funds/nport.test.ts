// N-PORT ingest and the fund endpoints over every N-PORT and N-CEN fixture: the Goldman Sachs Bond Fund's totals,
// monthly returns, flows and a holding, read in this test from the XML itself; amendments, final filings, the net
// assets check, reverse lookup by CUSIP, and no 500 for any fund the fixtures name.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { ingestPaths, IngestFailed } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

const GOLDMAN = fixture('edgar', 'nport', 'sec-samples', 'NPORT_Sample_7.xml.gz');
const DUPREE = fixture('edgar', 'nport', 'NPORT.Dupree.xml');
const FINAL = fixture('edgar', 'nport', 'NPORT.AdvancedSeries.xml');

function read(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}
const tagIn = (xml: string, tag: string) => defined(new RegExp(`<${tag}>([^<]+)</${tag}>`).exec(xml)?.[1], tag);
const attrIn = (xml: string, tag: string, attr: string) => Number(defined(new RegExp(`<${tag}[^>]*\\s${attr}="([^"]+)"`).exec(xml)?.[1], `${tag}@${attr}`));

const goldman = read(GOLDMAN);
const G = {
  series: tagIn(goldman, 'seriesId'),
  netAssets: Number(tagIn(goldman, 'netAssets')),
  totAssets: Number(tagIn(goldman, 'totAssets')),
  totLiabs: Number(tagIn(goldman, 'totLiabs')),
  repPdDate: tagIn(goldman, 'repPdDate'),
  holdings: [...goldman.matchAll(/<invstOrSec>/g)].length,
};
// the first class's returns line, and the first holding with a real CUSIP
const returnLine = defined(/<monthlyTotReturn classId="([^"]+)" rtn1="([^"]+)" rtn2="([^"]+)" rtn3="([^"]+)"/.exec(goldman), 'monthlyTotReturn');
const holdingBlock = defined([...goldman.matchAll(/<invstOrSec>([\s\S]*?)<\/invstOrSec>/g)].map((m) => m[1] ?? '')
  .find((b) => /<cusip>(?!0{9})[0-9A-Z]{9}<\/cusip>/.test(b)), 'a holding with a CUSIP');
const holding = { cusip: tagIn(holdingBlock, 'cusip'), value: Number(tagIn(holdingBlock, 'valUSD')), pct: Number(tagIn(holdingBlock, 'pctVal')), balance: Number(tagIn(holdingBlock, 'balance')) };
// every line of the report holding that CUSIP (a fund may hold one security in several lines)
const linesOfCusip = [...goldman.matchAll(/<invstOrSec>([\s\S]*?)<\/invstOrSec>/g)].map((m) => m[1] ?? '').filter((b) => b.includes(`<cusip>${holding.cusip}</cusip>`));

let engine: Engine;
let cleanup: () => void;
let app: TestApp;
let scratch: string;

before(async () => {
  scratch = tempDir('nport-');
  // an amendment of the Dupree report restating its net assets (the real document, one field and the form changed)
  const dupree = read(DUPREE);
  const amended = dupree.replace('<submissionType>NPORT-P</submissionType>', '<submissionType>NPORT-P/A</submissionType>')
    .replace(/<netAssets>[^<]+<\/netAssets>/, '<netAssets>41349999.99</netAssets>');
  assert.notEqual(amended, dupree);
  fs.writeFileSync(path.join(scratch, 'NPORT.Dupree.amended.xml'), amended);
  ({ engine, cleanup } = await openTempEngine());
  await ingestPaths(engine, [fixture('edgar', 'nport'), fixture('edgar', 'funds'), scratch]);
  app = await startTestApp(engine);
});
after(async () => {
  await app.close();
  cleanup();
});

async function get(url: string, plan: 'ETF Pro' | 'Free' | 'Stock Pro' | 'Pro' = 'ETF Pro') {
  const res = await fetch(`${app.base}${url}`, bearer(app.tokens[plan]));
  return { status: res.status, body: (await res.json()) as unknown };
}
type Row = Record<string, unknown>;

describe('N-PORT profile and flows', () => {
  test('the Goldman Sachs Bond Fund profile serves the filed totals, holding count and quarter flows', async () => {
    const r = await get(`/api/fund/profile?symbol=${G.series}`, 'Free');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const [row] = r.body as Row[];
    const p = defined(row, 'profile row');
    assert.equal(p.reportDate, G.repPdDate);
    assert.equal(p.seriesId, Number(G.series.slice(1)));
    assert.equal(p.netAssets, G.netAssets);
    assert.equal(p.totalAssets, G.totAssets);
    assert.equal(p.totalLiabilities, G.totLiabs);
    assert.equal(p.holdingCount, G.holdings);
    const sales = [1, 2, 3].reduce((s, m) => s + attrIn(goldman, `mon${String(m)}Flow`, 'sales'), 0);
    assert.ok(Math.abs(Number(p.totalSales) - sales) < 1e-6);
    // eight classes: a series has no single return
    assert.equal(p.returnMon1, null);
  });

  test('flows by share class serve that class\'s monthly returns and the monthly sales, reinvestments and redemptions', async () => {
    const [, classId, r1, r2, r3] = returnLine;
    const r = await get(`/api/fund/flows?symbol=${defined(classId, 'class')}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const f = defined((r.body as Row[])[0], 'flow row');
    assert.deepEqual([f.returnMon1, f.returnMon2, f.returnMon3], [Number(r1), Number(r2), Number(r3)]);
    for (const m of [1, 2, 3]) {
      assert.equal(f[`flowSalesMon${String(m)}`], attrIn(goldman, `mon${String(m)}Flow`, 'sales'));
      assert.equal(f[`flowReinvestMon${String(m)}`], attrIn(goldman, `mon${String(m)}Flow`, 'reinvestment'));
      assert.equal(f[`flowRedemptionMon${String(m)}`], attrIn(goldman, `mon${String(m)}Flow`, 'redemption'));
    }
    assert.equal(f.netAssets, G.netAssets);
    assert.equal(f.totalAssets, G.totAssets);
  });

  test('flows are ETF Pro: Free gets 403; profile admits Free but not Stock Pro', async () => {
    assert.equal((await get(`/api/fund/flows?symbol=${G.series}`, 'Free')).status, 403);
    assert.equal((await get(`/api/fund/profile?symbol=${G.series}`, 'Stock Pro')).status, 403);
  });

  test('an NPORT-P/A supersedes the report it amends', async () => {
    const series = tagIn(read(DUPREE), 'seriesId');
    const p = defined(((await get(`/api/fund/profile?symbol=${series}`, 'Free')).body as Row[])[0], 'Dupree');
    assert.equal(p.netAssets, 41349999.99);
  });

  test('a final filing marks its series closed', async () => {
    const xml = read(FINAL);
    assert.equal(tagIn(xml, 'isFinalFiling'), 'Y');
    const [row] = await engine.query<{ closed: boolean }>('SELECT closed FROM fund_series_index WHERE series_id = $1', [tagIn(xml, 'seriesId')]);
    assert.equal(row?.closed, true);
    const [open] = await engine.query<{ closed: boolean }>('SELECT closed FROM fund_series_index WHERE series_id = $1', [G.series]);
    assert.equal(open?.closed, false);
  });

  test('the net assets check lists exactly the reports whose net assets differ from assets - liabilities', async () => {
    const flagged = await engine.query<{ series_id: string | null }>('SELECT series_id FROM nport_net_assets_mismatch(1.0)');
    assert.ok(!flagged.some((f) => f.series_id === G.series), 'Goldman: 573390244.60 - 211491788.67 = 361898455.93 as filed');
    const amended = flagged.filter((f) => f.series_id === tagIn(read(DUPREE), 'seriesId'));
    assert.equal(amended.length, 1, 'the restated Dupree amendment no longer balances');
  });

  test('a stock, a CIK and an unknown ticker on a fund endpoint give 400 "not a fund"', async () => {
    for (const q of ['symbol=AAPL', 'symbol=NOSUCHFUND', 'cik=822977', 'cusip=3138W7WP5']) {
      const r = await get(`/api/fund/flows?${q}`);
      assert.equal(r.status, 400, q);
      assert.match((r.body as { error: string }).error, /fund/i, q);
    }
  });
});

describe('reverse lookup', () => {
  test('a CUSIP held in the real N-PORT returns that fund with the filed value, balance and percent of net assets', async () => {
    const r = await get(`/api/fund/reverse-lookup?cusip=${holding.cusip}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const body = r.body as { data: Row[]; totalResults: number };
    const mine = body.data.filter((d) => d.seriesId === G.series);
    assert.equal(mine.length, linesOfCusip.length);
    const line = defined(mine.find((d) => d.value === holding.value), 'the line read from the XML');
    assert.equal(line.pctOfNetAssets, holding.pct);
    assert.equal(line.balance, holding.balance);
    assert.equal(line.reportDate, G.repPdDate);
    assert.equal(line.cusip, holding.cusip);
    const values = body.data.map((d) => Number(d.value));
    assert.deepEqual(values, [...values].sort((a, b) => b - a), 'value descending');
  });

  test('reportDate before any report pins to nothing; after, to the latest', async () => {
    const before = (await get(`/api/fund/reverse-lookup?cusip=${holding.cusip}&reportDate=2000-01-01`)).body as { totalResults: number };
    assert.equal(before.totalResults, 0);
    const later = (await get(`/api/fund/reverse-lookup?cusip=${holding.cusip}&reportDate=2030-01-01`)).body as { totalResults: number };
    assert.ok(later.totalResults >= 1);
  });
});

describe('every fund in the fixtures', () => {
  test('no fund endpoint answers 500 for any series, class id or class ticker the fixtures name', async () => {
    const ids = await engine.query<{ id: string }>(`
      SELECT series_id AS id FROM fund_series_index UNION SELECT class_id FROM fund_class_index UNION
      SELECT ticker FROM fund_class_index WHERE ticker IS NOT NULL`);
    assert.ok(ids.length > 10);
    for (const { id } of ids) {
      for (const route of ['/api/fund/flows', '/api/fund/profile']) {
        const r = await get(`${route}?symbol=${encodeURIComponent(id)}`, 'Pro');
        assert.equal(r.status, 200, `${route}?symbol=${id}: ${JSON.stringify(r.body)}`);
      }
    }
  });
});

describe('N-PORT ingest checks', () => {
  test('a malformed or non-numeric N-PORT fails the batch naming the file and the field', async () => {
    const dir = tempDir('nport-bad-');
    const bad = path.join(dir, 'bad-number.xml');
    fs.writeFileSync(bad, read(DUPREE).replace(/<netAssets>[^<]+<\/netAssets>/, '<netAssets>12x</netAssets>'));
    const truncated = path.join(dir, 'truncated.xml');
    fs.writeFileSync(truncated, read(DUPREE).slice(0, 20000));
    const wh = await openTempEngine();
    try {
      for (const [file, reason] of [[bad, /netAssets.*not a number/], [truncated, /malformed XML/]] as const) {
        await assert.rejects(ingestPaths(wh.engine, [file]), (err: unknown) => {
          assert.ok(err instanceof IngestFailed, String(err));
          assert.match(err.message, new RegExp(path.basename(file).replace('.', '\\.')));
          assert.match(err.message, reason);
          return true;
        });
      }
    } finally {
      wh.cleanup();
    }
  });

  test('re-ingesting the same N-PORT adds nothing', async () => {
    const count = async () => (await engine.query<{ n: number }>('SELECT (SELECT count(*) FROM src_nport_holdings) + (SELECT count(*) FROM src_nport_reports) AS n'))[0]?.n;
    const before = await count();
    await ingestPaths(engine, [GOLDMAN]);
    assert.equal(await count(), before);
  });
});

describe('parameter edges', () => {
  test('edge values of every fund route parameter are a 200 or a 400, never a 500', async () => {
    const symbols = [G.series, G.series.toLowerCase(), 'S000000000', 'C999999999', 'A.B-C/D^=', 'S00001379', 'SPY'];
    const extras = ['', 'limit=1', 'limit=1000', 'asOf=1900-01-01', 'asOf=2100-12-31', 'limit=0', 'asOf=2023-02-30'];
    for (const route of ['/api/fund/flows', '/api/fund/profile']) {
      for (const s of symbols) {
        for (const e of extras) {
          const r = await get(`${route}?symbol=${encodeURIComponent(s)}${e ? `&${e}` : ''}`, 'Pro');
          assert.ok(r.status === 200 || r.status === 400, `${route} ${s} ${e}: ${String(r.status)}`);
        }
      }
    }
    for (const q of [`cusip=${holding.cusip}&reportDate=1900-01-01`, `cusip=${holding.cusip}&reportDate=2100-12-31`, 'cusip=000000000', 'cik=822977', 'symbol=ZZZZ',
      `cusip=${holding.cusip}&pageSize=500&page=1`, `cusip=${holding.cusip}&page=99`]) {
      const r = await get(`/api/fund/reverse-lookup?${q}`, 'Pro');
      assert.ok(r.status === 200 || r.status === 400, `reverse-lookup ${q}: ${String(r.status)}`);
    }
  });
});
