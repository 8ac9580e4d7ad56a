// The fund identity parsers on their own: the SGML header's series block and the N-CEN XML of the same real filing
// agree; company_tickers_mf.json is detected by shape and a malformed row fails naming the file and the row.
import { describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fixture } from '../helpers/tempWarehouse.ts';
import { Batch } from '../../engine/ingest/Batch.ts';
import { parseFile } from '../../engine/ingest/ingest.ts';
import { IngestError } from '../../engine/ingest/IngestError.ts';

const NCEN = fixture('edgar', 'funds', '0001410368-26-010921.txt');

function parsed(name: string, bytes: Buffer): { batch: Batch; kinds: string[] } {
  const batch = new Batch();
  const kinds = parseFile({ name, bytes }, batch);
  return { batch, kinds };
}

describe('fund identity parsers', () => {
  test('the SGML header and the N-CEN XML of one filing state the same classes and tickers', () => {
    const { batch } = parsed(NCEN, fs.readFileSync(NCEN));
    const of = (source: string) => batch.fund_classes.filter((c) => c.source === source).map((c) => `${String(c.seriesId)} ${c.classId} ${String(c.ticker)}`).sort();
    assert.ok(of('sgml-header').length > 0);
    assert.deepEqual(of('n-cen'), of('sgml-header'));
    // and the header's count is the number of CLASS-CONTRACT blocks in the document
    const text = fs.readFileSync(NCEN, 'latin1');
    assert.equal(of('sgml-header').length, [...text.slice(0, text.indexOf('</SEC-HEADER>')).matchAll(/<CLASS-CONTRACT>/g)].length);
  });

  test('company_tickers_mf.json is recognised by its fields and yields one class row per data row', () => {
    const doc = { fields: ['cik', 'seriesId', 'classId', 'symbol'], data: [[2110, 'S000009184', 'C000024954', 'LACAX'], [2110, 'S000009184', 'C000024956', 'LIACX']] };
    const { batch, kinds } = parsed('company_tickers_mf.json', Buffer.from(JSON.stringify(doc)));
    assert.ok(kinds.includes('tickers-mf'), kinds.join(','));
    assert.deepEqual(batch.fund_classes.map((c) => [c.cik, c.seriesId, c.classId, c.ticker]), doc.data);
    assert.equal(batch.fund_series.length, 1);
    assert.equal(batch.securities.length, 0, 'fund tickers are not stock securities');
  });

  test('a company_tickers_mf.json row without a valid class id fails naming the file and the row', () => {
    const doc = { fields: ['cik', 'seriesId', 'classId', 'symbol'], data: [[2110, 'S000009184', 'C000024954', 'LACAX'], [2110, 'S000009184', 'X1', 'BAD']] };
    assert.throws(() => parsed('mf-bad.json', Buffer.from(JSON.stringify(doc))), (err: unknown) => {
      assert.ok(err instanceof IngestError);
      assert.match(err.message, /mf-bad\.json/);
      assert.match(err.message, /data\[1\]/);
      return true;
    });
  });
});
