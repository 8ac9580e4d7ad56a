// data.sec.gov submissions JSON ingest: wrapper files, paged files, individuals and the empty test filer.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir, warehouseCounts } from '../helpers/tempWarehouse.ts';
import { ingestPaths, IngestFailed } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

const EDGAR_SUBMISSIONS = fixture('edgar', 'submissions');
const BULK_SUBMISSIONS = fixture('sec-datasets', 'bulk-json', 'submissions');

describe('every submissions fixture in one warehouse', () => {
  let engine: Engine;
  let cleanup: () => void;
  let first: Record<string, number>;

  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    const report = await ingestPaths(engine, [EDGAR_SUBMISSIONS, BULK_SUBMISSIONS]);
    assert.deepEqual(report.skipped, []);
    first = await warehouseCounts(engine);
  });
  after(() => { cleanup(); });

  test('ingesting the same files again leaves every count unchanged', async () => {
    const report = await ingestPaths(engine, [EDGAR_SUBMISSIONS, BULK_SUBMISSIONS]);
    assert.equal(report.parsed.length, 33);
    assert.deepEqual(await warehouseCounts(engine), first);
  });

  test('Apple is described with its fiscal year end, SIC and its AAPL listing on Nasdaq', async () => {
    const [apple] = await engine.query(`
      SELECT name, entity_type, sic, sic_description, fiscal_year_end, state_of_incorporation, tickers, exchanges,
             category, as_of::VARCHAR AS as_of, business_address.street1 AS street1, len(former_names)::INTEGER AS former
      FROM src_entities WHERE source = 'submissions' AND cik = 320193`);
    // CIK0000320193.json: fiscalYearEnd 0926, sic 3571, newest filingDate 2026-02-26, 3 formerNames
    assert.deepEqual(apple, {
      name: 'Apple Inc.', entity_type: 'operating', sic: '3571', sic_description: 'Electronic Computers', fiscal_year_end: '0926',
      state_of_incorporation: 'CA', tickers: ['AAPL'], exchanges: ['Nasdaq'], category: 'Large accelerated filer',
      as_of: '2026-02-26', street1: 'ONE APPLE PARK WAY', former: 3,
    });
    const securities = await engine.query(`
      SELECT ticker, exchange, name, kind, as_of::VARCHAR AS as_of FROM src_securities WHERE source = 'submissions' AND cik = 320193`);
    assert.deepEqual(securities, [{ ticker: 'AAPL', exchange: 'Nasdaq', name: 'Apple Inc.', kind: 'stock', as_of: '2026-02-26' }]);
  });

  test('a filing row keeps its items as a list and its acceptance time as EDGAR wall-clock time', async () => {
    // CIK0000320193.json: 0000320193-26-000005, 8-K, items "2.02,9.01", acceptanceDateTime 2026-01-29T16:30:33.000Z
    const [filing] = await engine.query(`
      SELECT form, filed::VARCHAR AS filed, accepted::VARCHAR AS accepted, report_date::VARCHAR AS report_date, items,
             is_xbrl, is_inline_xbrl, primary_document, file_number, act, is_amendment
      FROM src_filings WHERE source = 'submissions' AND accession = '0000320193-26-000005'`);
    assert.deepEqual(filing, {
      form: '8-K', filed: '2026-01-29', accepted: '2026-01-29 16:30:33', report_date: '2026-01-29', items: ['2.02', '9.01'],
      is_xbrl: true, is_inline_xbrl: true, primary_document: 'aapl-20260129.htm', file_number: '001-36743', act: '34', is_amendment: false,
    });
  });

  test('every row of the Tesla paged file gets the CIK from the file name', async () => {
    // CIK0001318605-submissions-001.json: 720 rows, the oldest 9999999997-05-006484 (REGDEX, 2005-02-17)
    const rows = await engine.query<{ n: number; ciks: number[] }>(`
      SELECT count(*)::INTEGER AS n, list_sort(list_distinct(list(cik))) AS ciks FROM src_filings
      WHERE source = 'submissions' AND filed <= DATE '2018-02-12' AND cik = 1318605`);
    assert.deepEqual(rows, [{ n: 720, ciks: [1318605] }]);
    const [oldest] = await engine.query(`
      SELECT cik, form, filed::VARCHAR AS filed FROM src_filings WHERE accession = '9999999997-05-006484'`);
    assert.deepEqual(oldest, { cik: 1318605, form: 'REGDEX', filed: '2005-02-17' });
  });

  test('the SEC test filer without any filing is an entity dated by its newest name change', async () => {
    const [entity] = await engine.query(`
      SELECT name, sic, as_of::VARCHAR AS as_of, len(former_names)::INTEGER AS former FROM src_entities WHERE cik = 350001`);
    // CIK0000350001.json: empty filings.recent; newest formerNames date 2003-10-15; 19 former names
    assert.deepEqual(entity, { name: "Company Name Three `!#$(),:;=.-;\\|@/{}&'\\WA\\", sic: '6189', as_of: '2003-10-15', former: 19 });
    const [filings] = await engine.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM src_filings WHERE cik = 350001`);
    assert.equal(defined(filings, 'filings').n, 0);
  });

  test('an individual reporting owner is an entity without securities', async () => {
    const [buffett] = await engine.query(`
      SELECT name, entity_type, tickers, insider_transaction_for_owner_exists AS owner FROM src_entities WHERE cik = 315090`);
    assert.deepEqual(buffett, { name: 'BUFFETT WARREN E', entity_type: 'other', tickers: [], owner: true });
    const [secs] = await engine.query<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM src_securities WHERE cik = 315090`);
    assert.equal(defined(secs, 'secs').n, 0);
  });

  test('preferred series tickers are told apart from the common stock', async () => {
    // CIK0001465740.json: tickers TWO, TWO-PC, TWO-PB, TWO-PA, TWOD on NYSE
    const rows = await engine.query<{ ticker: string; kind: string }>(`
      SELECT ticker, kind FROM src_securities WHERE source = 'submissions' AND cik = 1465740 ORDER BY ticker`);
    assert.deepEqual(rows, [
      { ticker: 'TWO', kind: 'stock' }, { ticker: 'TWO-PA', kind: 'preferred' }, { ticker: 'TWO-PB', kind: 'preferred' },
      { ticker: 'TWO-PC', kind: 'preferred' }, { ticker: 'TWOD', kind: 'stock' },
    ]);
  });
});

describe('paged submissions files', () => {
  test('a paged file whose name carries no CIK is rejected with the reason', async () => {
    const dir = tempDir('subm-page-');
    const { engine, cleanup } = await openTempEngine();
    try {
      const page = path.join(dir, 'older-filings.json');
      fs.writeFileSync(page, zlib.gunzipSync(fs.readFileSync(path.join(EDGAR_SUBMISSIONS, 'CIK0001318605-submissions-001.json.gz'))));
      await assert.rejects(ingestPaths(engine, [page]), (err: unknown) => {
        assert.ok(err instanceof IngestFailed);
        assert.match(err.message, /older-filings\.json: submissions page: .*name must carry it \(CIK##########-submissions-NNN\.json\)/);
        return true;
      });
      assert.deepEqual(await warehouseCounts(engine), { facts: 0, filings: 0, entities: 0, securities: 0 });
    } finally {
      cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
