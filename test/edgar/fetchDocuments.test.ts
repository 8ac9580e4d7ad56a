// The online ingest's optional document fetch: the full submission of the latest filing of chosen forms, from a local
// stand-in for EDGAR, lands in the download cache and its documents' text and sections in the document store.
import { describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { EdgarClient } from '../../engine/edgar/EdgarClient.ts';
import { DownloadCache } from '../../engine/edgar/DownloadCache.ts';
import { fetchCompanies } from '../../engine/edgar/fetchCompanies.ts';
import { submissionTextUrl } from '../../engine/edgar/edgarUrls.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { useEdgarFixtureServer } from '../helpers/edgarFixtureServer.ts';
import { fakeClock } from './fakeClock.ts';

const EIGHT_K = fixture('edgar', 'filings', '8-K', '0001193125-11-009392.txt');

describe('fetching the latest filings\' full submissions from a local stand-in for EDGAR', () => {
  const edgar = useEdgarFixtureServer();

  test('the latest 8-K is fetched and stored with its sections; a 10-K EDGAR does not serve is listed as missing', async () => {
    const root = tempDir('dl-');
    const bases = { edgarBaseUrl: edgar().url, edgarDataBaseUrl: edgar().url };
    const client = new EdgarClient({ userAgent: 'Tests tests@example.com', maxRequestsPerSecond: 10, clock: fakeClock() });
    const raw = fs.readFileSync(EIGHT_K);
    const accession = /ACCESSION NUMBER:\s*(\S+)/.exec(raw.toString('latin1'))?.[1] ?? '';
    // a submissions document naming an older 8-K, the fixture 8-K (its accession and date from its own header) and a 10-K
    const submissions = {
      cik: '0000320193', name: 'Apple Inc.',
      filings: {
        recent: {
          accessionNumber: [accession, '0000320193-10-000001', '0000320193-10-000099'],
          filingDate: ['2011-01-18', '2010-10-18', '2010-10-27'],
          form: ['8-K', '8-K', '10-K'],
          primaryDocument: ['d8k.htm', 'old8k.htm', 'd10k.htm'],
          isXBRL: [0, 0, 1],
          isInlineXBRL: [0, 0, 0],
        },
        files: [],
      },
    };
    edgar().override('/submissions/CIK0000320193.json', JSON.stringify(submissions), 'application/json');
    edgar().override(`/Archives/edgar/data/320193/${accession}.txt`, raw, 'text/plain');
    const { engine, cleanup } = await openTempEngine();
    try {
      const result = await fetchCompanies({ client, cache: new DownloadCache(root, bases), bases }, [320193],
        { forms: [], since: '2000-01-01', documentForms: ['8-K', '10-K'] });
      const url = submissionTextUrl(bases, 320193, accession);
      assert.ok(result.files.map((f) => path.relative(root, f)).includes(`Archives/edgar/data/320193/${accession}.txt`));
      assert.ok(!edgar().requests.some((r) => r.path.endsWith('0000320193-10-000001.txt')), 'only the latest 8-K');
      assert.deepEqual(result.missing.filter((m) => m.url.endsWith('.txt')).map((m) => m.url), [submissionTextUrl(bases, 320193, '0000320193-10-000099')]);
      assert.ok(url.endsWith(`${accession}.txt`));
      await ingestPaths(engine, result.files.filter((f) => f.endsWith('.txt')));
      // the 8-K's header names its items; the stored sections carry them
      const codes = await engine.query<{ code: string }>(
        `SELECT code FROM src_document_sections WHERE accession = $a ORDER BY section_start`, { a: accession });
      const items = [...raw.toString('latin1').matchAll(/ITEM INFORMATION:\s*(.+)/g)].length;
      assert.equal(codes.length, items);
      assert.deepEqual(codes.map((c) => c.code), ['2.02', '9.01']);
    } finally {
      cleanup();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
