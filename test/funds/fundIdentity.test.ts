// Fund identity from every source that states it (N-CEN, SGML headers, N-PORT, company_tickers_mf.json): a class
// ticker, class id or series id resolves to its registrant and series, and the stock-only endpoints refuse a fund.
// Expected values are read here from the documents themselves.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, tempDir } from '../helpers/tempWarehouse.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import { resolveFund } from '../../engine/query/resolveFund.ts';
import { defined } from '../helpers/defined.ts';

const NCEN = fixture('edgar', 'funds', '0001410368-26-010921.txt');
const NCEN_ETF = fixture('edgar', 'funds', '0001410368-26-010918.txt.gz');
const GOLDMAN = fixture('edgar', 'nport', 'sec-samples', 'NPORT_Sample_7.xml.gz');

function read(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}

/** (series, class, ticker) triples of an N-CEN's sharesOutstanding answers, read with plain regular expressions. */
function ncenClasses(text: string): { registrantCik: number; rows: { seriesId: string; seriesName: string; classId: string; ticker: string }[] } {
  const registrantCik = Number(defined(/<registrantCik>(\d+)</.exec(text), 'registrantCik')[1]);
  const rows = [];
  for (const q of text.matchAll(/<managementInvestmentQuestion>([\s\S]*?)<\/managementInvestmentQuestion>/g)) {
    const block = q[1] ?? '';
    const seriesId = defined(/<mgmtInvSeriesId>([^<]+)</.exec(block)?.[1], 'series');
    const seriesName = defined(/<mgmtInvFundName>([^<]+)</.exec(block)?.[1], 'fund name');
    for (const s of block.matchAll(/sharesOutstandingClassId="([^"]+)" sharesOutstandingTickerSymbol="([^"]+)"/g)) {
      rows.push({ seriesId, seriesName, classId: defined(s[1], 'class'), ticker: defined(s[2], 'ticker') });
    }
  }
  return { registrantCik, rows };
}

let wh: TestWarehouse;
let app: TestApp;
let mfFile: string;
const goldman = read(GOLDMAN);
const goldmanSeries = defined(/<seriesId>([^<]+)<\/seriesId>/.exec(goldman)?.[1], 'series');
const goldmanClass = defined(/<classId>([^<]+)<\/classId>/.exec(goldman)?.[1], 'class');
const goldmanCik = Number(defined(/<regCik>(\d+)</.exec(goldman)?.[1], 'regCik'));

before(async () => {
  // the SEC's company_tickers_mf.json layout, one row naming a class of the real N-PORT under a ticker of our choosing
  const dir = tempDir('mf-');
  mfFile = path.join(dir, 'company_tickers_mf.json');
  fs.writeFileSync(mfFile, JSON.stringify({ fields: ['cik', 'seriesId', 'classId', 'symbol'], data: [[goldmanCik, goldmanSeries, goldmanClass, 'GSBFX']] }));
  wh = await fixtureWarehouse([NCEN, NCEN_ETF, GOLDMAN, mfFile, fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
    fixture('edgar', 'submissions', 'CIK0000320193.json.gz')]);
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

describe('fund identity', () => {
  test('every N-CEN class ticker resolves to its class, series and registrant as the N-CEN states them', async () => {
    for (const file of [NCEN, NCEN_ETF]) {
      const { registrantCik, rows } = ncenClasses(read(file));
      assert.ok(rows.length > 0, `${file} lists share classes`);
      for (const r of rows) {
        const fund = defined(await resolveFund(wh.engine, r.ticker), `fund ${r.ticker}`);
        assert.deepEqual({ cik: fund.cik, series_id: fund.series_id, class_id: fund.class_id, ticker: fund.ticker, series_name: fund.series_name },
          { cik: registrantCik, series_id: r.seriesId, class_id: r.classId, ticker: r.ticker, series_name: r.seriesName }, r.ticker);
      }
    }
  });

  test('a class id and a series id resolve too, lower case included; a series id names no class', async () => {
    const { rows } = ncenClasses(read(NCEN));
    const r = defined(rows[0], 'first class');
    assert.equal((await resolveFund(wh.engine, r.classId.toLowerCase()))?.ticker, r.ticker);
    const series = defined(await resolveFund(wh.engine, r.seriesId), 'series');
    assert.equal(series.series_id, r.seriesId);
    assert.equal(series.class_id, null);
    assert.equal(series.ticker, null);
  });

  test('a ticker known only from company_tickers_mf.json resolves to the series the N-PORT names', async () => {
    const fund = defined(await resolveFund(wh.engine, 'GSBFX'), 'GSBFX');
    assert.equal(fund.series_id, goldmanSeries);
    assert.equal(fund.class_id, goldmanClass);
    assert.equal(fund.cik, goldmanCik);
    assert.equal(fund.series_name, defined(/<seriesName>([^<]+)</.exec(goldman)?.[1], 'seriesName'));
  });

  test('a stock ticker, an unknown ticker and a malformed id are not funds', async () => {
    for (const id of ['AAPL', 'NOSUCH', 'S12', 'C0000000000']) assert.equal(await resolveFund(wh.engine, id), null, id);
  });
});

describe('stock-only endpoints refuse funds', () => {
  async function get(url: string, plan: 'Starter' | 'Pro' = 'Starter') {
    const res = await fetch(`${app.base}${url}`, bearer(app.tokens[plan]));
    return { status: res.status, body: (await res.json()) as { error?: string } };
  }

  test('peers and scores answer 400 "not a stock" for a fund ticker, a series id and a fund registrant CIK', async () => {
    const { registrantCik, rows } = ncenClasses(read(NCEN));
    const ticker = defined(rows[0], 'class').ticker;
    for (const route of ['/api/company/peers', '/api/financials/scores']) {
      for (const q of [`symbol=${ticker}`, `symbol=${goldmanSeries}`, `cik=${String(registrantCik)}`]) {
        const r = await get(`${route}?${q}`);
        assert.equal(r.status, 400, `${route}?${q}`);
        assert.match(r.body.error ?? '', /is not a stock/, `${route}?${q}`);
      }
    }
  });

  test('a stock still gets its scores', async () => {
    assert.equal((await get('/api/financials/scores?symbol=AAPL')).status, 200);
  });
});
