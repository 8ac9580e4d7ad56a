// The in-memory index tables (security_index, entity_index) never serve a stale answer: a serving engine that was
// opened before an ingest resolves what that ingest added on its next query, without being reopened.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { Engine } from '../../engine/db/Engine.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';

test('a reader opened before an ingest resolves the tickers that ingest added on its next query', async () => {
  const { engine: writer, dir, cleanup } = await openTempEngine('write');
  const reader = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1 });
  try {
    await ingestPaths(writer, [fixture('edgar', 'submissions', 'CIK0000320193.json.gz')]);
    const resolve = (symbol: string) => reader.query<{ cik: number; name: string }>(
      'SELECT cik, name FROM resolve_entity($symbol, NULL, NULL, NULL, NULL)', { symbol });
    assert.deepEqual(await resolve('AAPL'), [{ cik: 320193, name: 'Apple Inc.' }]);
    assert.deepEqual(await resolve('MSFT'), []);
    // the SEC ticker/exchange list names MSFT -> CIK 789019 (fixture: edgar/reference/company_tickers_exchange.json.gz)
    await ingestPaths(writer, [fixture('edgar', 'reference', 'company_tickers_exchange.json.gz')]);
    assert.deepEqual((await resolve('MSFT')).map((r) => r.cik), [789019]);
    const [details] = await reader.query<{ name: string; fiscalYearEnd: string }>(
      'SELECT name, "fiscalYearEnd" FROM company_details(320193)');
    // Apple's submissions JSON: name "Apple Inc.", fiscal year end 0926
    assert.deepEqual(details, { name: 'Apple Inc.', fiscalYearEnd: '0926' });
  } finally {
    reader.close();
    cleanup();
  }
});

// issue 9 item 9: a company known from its facts or filings is a known company, even with no entity record.
test('a CIK known only from an XBRL instance resolves and has company details', async () => {
  const { engine, cleanup } = await openTempEngine('write');
  try {
    const file = fixture('edgar', 'xbrl', 'instances', 'crr-20171231.xml.gz');
    await ingestPaths(engine, [file]);
    // the instance's dei:EntityCentralIndexKey, read from the document
    const xml = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    const cik = Number(defined(/<dei:EntityCentralIndexKey[^>]*>\s*(\d+)\s*</.exec(xml), '/<dei:EntityCentralIndexKey[^>]*>\\s*(\\d+)\\s*</.exec(xml)')[1]);
    const [entities] = await engine.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM src_entities WHERE cik = $c', { c: cik });
    const resolved = await engine.query<{ cik: number }>('SELECT cik FROM resolve_entity(NULL, $c, NULL, NULL, NULL)', { c: cik });
    const details = await engine.query<{ cik: number }>('SELECT cik FROM company_details($c)', { c: cik });
    assert.deepEqual([resolved.map((r) => r.cik), details.map((r) => r.cik)], [[cik], [cik]], `entity rows: ${String(defined(entities, 'entities').n)}`);
  } finally {
    cleanup();
  }
});

// issue 8 item 9: one canonical ticker form; a CUSIP no filing links to an issuer still resolves (cik null).
test('tickers resolve in every class spelling, and an unlinked 13F CUSIP resolves by cusip with its holders', async () => {
  const { engine, cleanup } = await openTempEngine('write');
  try {
    const tickers = fixture('edgar', 'reference', 'company_tickers.json.gz');
    const thirteenF = fixture('edgar', '13f', '0001619124-21-000002.txt');
    await ingestPaths(engine, [tickers, thirteenF]);
    const list = Object.values(JSON.parse(zlib.gunzipSync(fs.readFileSync(tickers)).toString('utf8')) as Record<string, { cik_str: number; ticker: string }>);
    const dashed = defined(list.find((t) => /^[A-Z]+-[A-Z]$/.test(t.ticker)), 'list.find((t) => /^[A-Z]+-[A-Z]$/.test(t.ticker))');
    for (const spelling of [dashed.ticker, dashed.ticker.replace('-', '.'), dashed.ticker.replace('-', ''), dashed.ticker.toLowerCase().replace('-', '/')]) {
      const rows = await engine.query<{ cik: number }>('SELECT cik FROM resolve_entity($s, NULL, NULL, NULL, NULL)', { s: spelling });
      assert.deepEqual(rows.map((r) => r.cik), [dashed.cik_str], spelling);
    }
    // every CUSIP of the 13F's information table, read from the document; none of them is linked to an issuer here
    const text = fs.readFileSync(thirteenF, 'utf8');
    const cusips = [...text.matchAll(/<(?:\w+:)?cusip>([^<]+)</g)].map((m) => defined(m[1], 'm[1]').trim());
    for (const cusip of cusips) {
      const [r] = await engine.query<{ cik: number | null; cusip: string }>('SELECT cik, cusip FROM resolve_entity(NULL, NULL, $c, NULL, NULL)', { c: cusip });
      assert.equal(r?.cusip, cusip);
      const holders = await engine.query<{ cusip: string; symbol: string | null }>(
        'SELECT cusip, symbol FROM institutional_holders($k, NULL, $c, NULL, NULL, NULL)', { k: defined(r, 'r').cik, c: cusip });
      assert.ok(holders.length >= 1 && holders.every((h) => h.cusip === cusip && h.symbol === null), cusip);
    }
  } finally {
    cleanup();
  }
});
