// An EDGAR filing index page (<accession>-index.html) ingests as the filing's header and its document list; the
// expected values are read from the page in the test.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { defined } from '../helpers/defined.ts';

const PAGE = fixture('edgar', 'filings', '10-K-10-Q', '0001564590-18-004771-index.html');

test('a filing index page gives the filing (form, dates, period) and every listed document with type and size', async () => {
  const html = fs.readFileSync(PAGE, 'utf8');
  const accession = defined(/EDGAR Filing Documents for (\d{10}-\d{2}-\d{6})/.exec(html)?.[1], 'accession');
  const links = [...html.matchAll(/href="\/Archives\/edgar\/data\/(\d+)\/\d{18}\/([^"]+)"/g)];
  const cik = Number(defined(links[0], 'a document link')[1]);
  const { engine, cleanup } = await openTempEngine();
  try {
    await ingestPaths(engine, [PAGE]);
    const [filing] = await engine.query(`
      SELECT cik, form, filed::VARCHAR AS filed, accepted::VARCHAR AS accepted, report_date::VARCHAR AS report_date, primary_document
      FROM src_filings WHERE accession = $a AND source = 'filing-index'`, { a: accession });
    assert.deepEqual(filing, {
      cik, form: defined(/<strong>Form ([^<]+)<\/strong>/.exec(html)?.[1], 'form'),
      filed: /Filing Date<\/div>\s*<div class="info">([^<]+)/.exec(html)?.[1],
      accepted: /Accepted<\/div>\s*<div class="info">([^<]+)/.exec(html)?.[1],
      report_date: /Period of Report<\/div>\s*<div class="info">([^<]+)/.exec(html)?.[1],
      primary_document: defined(links[0], 'links[0]')[2],
    });
    const docs = await engine.query<{ filename: string; sequence: number | null; size: number | null }>(`
      SELECT filename, sequence, size::DOUBLE AS size FROM src_filing_documents WHERE accession = $a ORDER BY sequence NULLS LAST, filename`, { a: accession });
    assert.deepEqual(docs.map((d) => d.filename).sort(), links.map((l) => l[2]).sort());
    // the primary document's row: <td>1</td><td>10-K</td><td><a ...>name</a></td><td>10-K</td><td>size</td>
    const size = Number(/crr-10k_20171231\.htm<\/a><\/td>\s*<td scope="row">[^<]*<\/td>\s*<td scope="row">(\d+)/.exec(html)?.[1]);
    assert.deepEqual(docs[0], { filename: 'crr-10k_20171231.htm', sequence: 1, size });
  } finally {
    cleanup();
  }
});
