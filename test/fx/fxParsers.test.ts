// The exchange-rate parsers on the fixture files and on hand-made edge cases: direction read from the H.10 series ID,
// ISO 4217 filtering of the snapshot feed, bad values refused with file and line; and the --fx fetch, online and off.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { Batch } from '../../engine/ingest/Batch.ts';
import { IngestError } from '../../engine/ingest/IngestError.ts';
import { parseFile } from '../../engine/ingest/ingest.ts';
import { fxFredParser, h10Release } from '../../engine/ingest/parsers/fxFred.ts';
import { ISO_4217_ACTIVE } from '../../engine/ingest/parsers/fxIso4217.ts';
import { fetchFxRates } from '../../engine/edgar/fetchFxRates.ts';
import { EdgarClient } from '../../engine/edgar/EdgarClient.ts';
import { loadConfig } from '../../engine/config.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { FX_DIR } from './fxSources.ts';
import { defined } from '../helpers/defined.ts';

const file = (name: string, text: string) => ({ name, bytes: Buffer.from(text) });

describe('fx parsers', () => {
  test('an H.10 file is read by its series ID, whatever the file is called', () => {
    const batch = new Batch();
    parseFile(file('fred_jpy_usd.csv', 'observation_date,DEXUSEU\n2024-03-27,1.0823\n2024-03-29,\n'), batch);
    assert.deepEqual(batch.fx_rates, [{ date: '2024-03-27', base: 'EUR', quote: 'USD', rate: 1.0823, source: 'fred-h10', published: '2024-04-01' }]);
    const jpy = new Batch();
    parseFile(file('x.csv', 'DATE,DEXJPUS\n2024-03-25,151.4\n'), jpy);
    const rate = defined(jpy.fx_rates[0], 'the JPY rate');
    assert.deepEqual([rate.base, rate.quote, rate.published], ['USD', 'JPY', '2024-04-01']);
    assert.equal(h10Release('2024-03-31'), '2024-04-01');
    assert.throws(() => fxFredParser.parse(file('odd.csv', 'observation_date,DEXQQUS\n2024-01-02,1\n'), new Batch()), (e: Error) => e instanceof IngestError && /DEXQQUS/.test(e.message));
  });

  test('the FRED index series are not exchange rates and are left unrecognised', () => {
    for (const f of fs.readdirSync(path.join(FX_DIR, 'fred-h10')).filter((n) => n.includes('index'))) {
      const bytes = zlib.gunzipSync(fs.readFileSync(path.join(FX_DIR, 'fred-h10', f)));
      assert.deepEqual(parseFile({ name: f, bytes }, new Batch()), []);
    }
  });

  test('the snapshot feed keeps ISO 4217 currencies only: crypto and withdrawn codes are dropped', () => {
    const name = path.join(FX_DIR, 'daily-snapshots', 'resplit-snapshot-archive.jsonl.gz');
    const raw = zlib.gunzipSync(fs.readFileSync(name));
    const batch = new Batch();
    assert.deepEqual(parseFile({ name, bytes: raw }, batch), ['fx-snapshot']);
    const first = JSON.parse(defined(raw.toString('utf8').split('\n', 1)[0], 'the first snapshot line')) as { date: string; rates: Record<string, number> };
    const kept = batch.fx_rates.filter((r) => r.date === first.date);
    const expected = Object.keys(first.rates).map((c) => c.toUpperCase()).filter((c) => c !== 'EUR' && ISO_4217_ACTIVE.has(c)).sort();
    assert.deepEqual(kept.map((r) => r.quote).sort(), expected);
    assert.ok(Object.keys(first.rates).some((c) => !ISO_4217_ACTIVE.has(c.toUpperCase())), 'the file does carry non-ISO keys');
    for (const r of kept) assert.equal(r.rate, first.rates[r.quote.toLowerCase()]);
  });

  test('bad input is refused with the file and the line', () => {
    assert.throws(() => parseFile(file('h.csv', 'Date,USD,JPY,\n2024-01-02,1.1,abc,\n'), new Batch()), /h\.csv: line 2 JPY: "abc"/);
    assert.throws(() => parseFile(file('s.jsonl', '{"date":"2024-01-02","base":"eur","rates":{"usd":-1}}\n'), new Batch()), /s\.jsonl: line 1 USD/);
    assert.throws(() => parseFile(file('f.csv', 'observation_date,DEXUSEU\n2024-02-30,1.1\n'), new Batch()), /f\.csv: line 2: "2024-02-30"/);
    const day = new Batch();
    parseFile(file('eurofxref.csv', 'Date, USD, JPY, \n13 April 2026, 1.1684, 186.75, \n'), day);
    assert.deepEqual(day.fx_rates.map((r) => [r.date, r.quote, r.rate]), [['2026-04-13', 'USD', 1.1684], ['2026-04-13', 'JPY', 186.75]]);
  });
});

describe('ingest --fx', () => {
  test('fetches the ECB zip and H.10 series, ingests them, and keeps the stored rates when offline', async () => {
    const served: string[] = [];
    const server = http.createServer((req, res) => {
      served.push(req.url ?? '');
      const u = new URL(req.url ?? '/', 'http://x');
      const body = u.pathname === '/ecb.zip' ? fs.readFileSync(path.join(FX_DIR, 'ecb', 'eurofxref-hist.zip'))
        : u.searchParams.get('id') === 'DEXUSEU' ? zlib.gunzipSync(fs.readFileSync(path.join(FX_DIR, 'fred-h10', 'fred_eur_usd.csv.gz'))) : null;
      if (body === null) { res.statusCode = 404; res.end(); return; }
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
    const dir = tempDir('fx-');
    const config = loadConfig({ FILINGS_WAREHOUSE: dir, FX_ECB_URL: `${base}/ecb.zip`, FX_FRED_URL: `${base}/fred?id={series}` });
    const client = new EdgarClient({ userAgent: 'test fx@example.com', maxRequestsPerSecond: 10, maxAttempts: 1 });
    const { engine, cleanup } = await openTempEngine('write', dir);
    try {
      const got = await fetchFxRates(config, client, ['DEXUSEU', 'DEXJPUS']);
      assert.equal(got.offline, null);
      assert.equal(got.files.length, 2, 'the 404 series is skipped');
      const report = await ingestPaths(engine, got.files);
      assert.ok((report.rows.fx_rates ?? 0) > 100_000);
      await new Promise<void>((r) => { server.close(() => { r(); }); });
      const offline = await fetchFxRates(config, client, ['DEXUSEU']);
      assert.equal(offline.files.length, 0);
      assert.match(offline.offline ?? '', /ecb\.zip/);
      const empty = loadConfig({ FILINGS_WAREHOUSE: tempDir('fx-'), FX_ECB_URL: `${base}/ecb.zip` });
      await assert.rejects(fetchFxRates(empty, client, []), /ecb\.zip/);
    } finally {
      cleanup();
      server.close();
    }
    assert.ok(served.some((s) => s.includes('DEXJPUS')));
  });
});
