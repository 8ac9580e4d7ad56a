// SEC ticker files ingest: both layouts, deterministic as_of for idempotency, kinds from the ticker.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asOfFromName, securityKind } from '../../engine/ingest/parsers/tickers.ts';
import { defined } from '../helpers/defined.ts';

const GZ_TICKERS = fixture('edgar', 'reference', 'company_tickers.json.gz');
const GZ_EXCHANGE = fixture('edgar', 'reference', 'company_tickers_exchange.json.gz');
const PLAIN_TICKERS = fixture('sec-datasets', 'bulk-json', 'company_tickers.json');
const PLAIN_EXCHANGE = fixture('sec-datasets', 'bulk-json', 'company_tickers_exchange.json');

test('both ticker files ingest, their plain and gzipped copies collapse, and a second ingest adds nothing', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    // company_tickers_exchange.json: 9,441 rows; company_tickers.json: 9,610 entries (all distinct within each file)
    const exchange = await ingestPaths(engine, [GZ_EXCHANGE]);
    assert.equal(exchange.rows.securities, 9_441);
    // an exchange-file row with a blank exchange says no more than the same (cik, ticker, name) without one: kept once
    const tickers = await ingestPaths(engine, [GZ_TICKERS]);
    assert.ok(defined(tickers.rows.securities, 'tickers.rows.securities') > 9_000 && defined(tickers.rows.securities, 'tickers.rows.securities') <= 9_610, String(tickers.rows.securities));
    const again = await ingestPaths(engine, [GZ_TICKERS, GZ_EXCHANGE, PLAIN_TICKERS, PLAIN_EXCHANGE]);
    assert.equal(again.rows.securities, 0);
    assert.equal(again.rows.entities ?? 0, 0);
    const rows = await engine.query(`
      SELECT ticker, exchange, name, kind, as_of::VARCHAR AS as_of FROM src_securities WHERE cik = 320193 ORDER BY exchange NULLS FIRST`);
    assert.deepEqual(rows, [
      { ticker: 'AAPL', exchange: null, name: 'Apple Inc.', kind: 'stock', as_of: '1970-01-01' },
      { ticker: 'AAPL', exchange: 'Nasdaq', name: 'Apple Inc.', kind: 'stock', as_of: '1970-01-01' },
    ]);
    // company_tickers_exchange.json: [1067983,"BERKSHIRE HATHAWAY INC","BRK-B","NYSE"], [36104,"US BANCORP \\DE\\","USB-PA","NYSE"]
    const kinds = await engine.query<{ ticker: string; kind: string }>(`
      SELECT ticker, kind FROM src_securities WHERE exchange = 'NYSE' AND ticker IN ('BRK-B', 'USB-PA') ORDER BY ticker`);
    assert.deepEqual(kinds, [{ ticker: 'BRK-B', kind: 'stock' }, { ticker: 'USB-PA', kind: 'preferred' }]);
    const [blank] = await engine.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM src_securities WHERE exchange = ''`);
    assert.equal(defined(blank, 'blank').n, 0, 'an empty exchange is stored as null');
  } finally {
    cleanup();
  }
});

test('a date in the file name becomes the snapshot date of its rows', async () => {
  const dir = tempDir('tickers-');
  const { engine, cleanup } = await openTempEngine();
  try {
    const dated = path.join(dir, 'company_tickers_exchange-2023-05-26.json');
    fs.copyFileSync(PLAIN_EXCHANGE, dated);
    await ingestPaths(engine, [dated]);
    const [row] = await engine.query<{ as_of: string; n: number }>(`
      SELECT any_value(as_of)::VARCHAR AS as_of, count(DISTINCT as_of)::INTEGER AS n FROM src_securities`);
    assert.deepEqual(row, { as_of: '2023-05-26', n: 1 });
  } finally {
    cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('file-name dates and ticker kinds follow the documented conventions', () => {
  const names: [string, string][] = [
    ['company_tickers.json', '1970-01-01'],
    ['/x/company_tickers-20240514.json.gz', '2024-05-14'],
    ['snap_2023-05-26_company_tickers_exchange.json', '2023-05-26'],
    ['company_tickers-2024-13-01.json', '1970-01-01'],
  ];
  for (const [name, asOf] of names) assert.equal(asOfFromName(name), asOf, name);
  const kinds: [string, string][] = [
    ['AAPL', 'stock'], ['BRK-B', 'stock'], ['TWO-PA', 'preferred'], ['ETI-P', 'preferred'], ['GRP-UN', 'unknown'], ['XYZ-WT', 'unknown'],
  ];
  for (const [ticker, kind] of kinds) assert.equal(securityKind(ticker), kind, ticker);
});

test('the whole bulk-json folder (tickers, submissions, companyfacts) ingests, and again without change', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    const folder = fixture('sec-datasets', 'bulk-json');
    const first = await ingestPaths(engine, [folder]);
    assert.deepEqual(first.skipped, []);
    assert.deepEqual(first.parsed.map((p) => p.kind).sort(), [
      'companyfacts', 'companyfacts', 'companyfacts', 'companyfacts', 'submissions', 'submissions', 'submissions', 'tickers', 'tickers',
    ]);
    const count = async () => (await engine.query<Record<string, number>>(`
      SELECT (SELECT count(*) FROM src_facts)::INTEGER AS facts, (SELECT count(*) FROM src_filings)::INTEGER AS filings,
             (SELECT count(*) FROM src_entities)::INTEGER AS entities, (SELECT count(*) FROM src_securities)::INTEGER AS securities`))[0];
    const before = await count();
    const again = await ingestPaths(engine, [folder]);
    assert.ok(Object.values(again.rows).every((n) => n === 0), JSON.stringify(again.rows));
    assert.deepEqual(await count(), before);
  } finally {
    cleanup();
  }
});
