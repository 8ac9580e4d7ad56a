// SEC submission containers (.txt full submissions, .nc dissemination files): header fields as the fixtures
// state them, the filing under every party's CIK (the issuer's first), entities from COMPANY DATA, and nested documents that carry
// the container's accession into the XBRL parsers.
import { describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { sgmlParser } from '../../engine/ingest/parsers/sgml.ts';
import { parseFile } from '../../engine/ingest/ingest.ts';
import { Batch } from '../../engine/ingest/Batch.ts';
import { IngestError } from '../../engine/ingest/IngestError.ts';
import { EDGAR, fromText, load, parseWith } from './xbrlFixtures.ts';
import { sgmlHeaderParties } from '../helpers/sgmlHeaderParties.ts';
import { defined } from '../helpers/defined.ts';

const at = (...p: string[]) => load(path.join(EDGAR, ...p));

describe('SGML containers', () => {
  test('every .txt/.nc under filings, ownership, 13f, 13dg, funds and n1a is detected and its header parses', () => {
    const files = execFileSync('find', ['filings', 'ownership', '13f', '13dg', 'funds', 'n1a', '-type', 'f', '(', '-name', '*.txt', '-o', '-name', '*.txt.gz', '-o', '-name', '*.nc', '-o', '-name', '*.nc.gz', ')'], { cwd: EDGAR })
      .toString().trim().split('\n');
    assert.ok(files.length >= 40, `${String(files.length)} containers`);
    for (const f of files) {
      const file = at(f);
      assert.ok(sgmlParser.detect(file, file.bytes.subarray(0, 4096).toString('utf8')), f);
      const { batch } = parseWith(sgmlParser, file);
      // one row per company the header names (issuer and owners, subject and filer, co-registrants), as EDGAR lists it
      const parties = defined(sgmlHeaderParties(path.join(EDGAR, f)), f);
      assert.deepEqual(batch.filings.map((r) => r.cik).sort((a, b) => a - b), [...parties.ciks].sort((a, b) => a - b), f);
      for (const filing of batch.filings) {
        assert.equal(filing.accession, path.basename(f).replace(/\.(txt|nc)(\.gz)?$/, ''), f);
        assert.ok(filing.cik > 0 && filing.form === parties.form && filing.filed !== null && filing.source === 'sgml-header', f);
        // each party is described too
        assert.ok(batch.entities.some((e) => e.cik === filing.cik), f);
      }
    }
  });

  test('a 1996 Apple 8-K inside a PRIVACY-ENHANCED MESSAGE wrapper: header and company data', () => {
    const { batch, nested } = parseWith(sgmlParser, at('filings', '8-K', '0000320193-96-000027.txt'));
    const f = batch.filings[0];
    assert.deepEqual(
      [f?.accession, f?.form, f?.filed, f?.reportDate, f?.accepted, f?.items, f?.fileNumber, f?.filmNumber, f?.act],
      ['0000320193-96-000027', '8-K', '1996-12-24', '1996-12-24', null, ['Financial statements and exhibits'], '000-10030', '96686001', '1934 Act'],
    );
    const e = batch.entities[0];
    assert.deepEqual(
      [e?.cik, e?.name, e?.sic, e?.sicDescription, e?.stateOfIncorporation, e?.fiscalYearEnd, e?.ein, e?.phone, e?.asOf],
      [320193, 'APPLE COMPUTER INC', '3571', 'ELECTRONIC COMPUTERS', 'CA', '0930', '942404110', '4089961010', '1996-12-24'],
    );
    assert.deepEqual(e?.businessAddress, {
      street1: '1 INFINITE LOOP', street2: null, city: 'CUPERTINO', stateOrCountry: 'CA', stateOrCountryDescription: null, zipCode: '95014',
    });
    assert.equal(nested.length, 2);
    assert.match(nested[0]?.name ?? '', /0000320193-96-000027\.txt!1-8-K\.txt$/);
  });

  test('a 2022 Caterpillar 8-K: item titles become codes, acceptance time, former names, XBRL documents', () => {
    const { batch, nested } = parseWith(sgmlParser, at('filings', '8-K', '0000018230-22-000107.txt.gz'));
    const f = batch.filings[0];
    assert.deepEqual(f?.items, ['2.02', '7.01', '9.01']);
    assert.equal(f.accepted, '2022-04-28T06:32:03');
    assert.deepEqual([f.isXbrl, f.isInlineXbrl, f.primaryDocument, f.primaryDocDescription], [true, true, 'cat-20220428.htm', '8-K']);
    assert.ok(f.documents.includes('cat-20220428_htm.xml') && f.documents.includes('cat-20220428_g1.jpg'));
    assert.deepEqual(batch.entities[0]?.formerNames, [{ name: 'CATERPILLAR TRACTOR CO', from: '1986-06-23', to: null }]);
    const names = nested.map((n) => n.name.split('!')[1]);
    assert.ok(names.includes('cat-20220428_htm.xml'));
    assert.ok(!names.includes('cat-20220428.htm'), 'the inline document is left to the extracted instance');
    assert.ok(!names.includes('cat-20220428_g1.jpg'), 'uuencoded graphics are dropped');
    const instance = nested.find((n) => n.name.endsWith('!cat-20220428_htm.xml'));
    assert.deepEqual(instance?.container, {
      accession: '0000018230-22-000107', form: '8-K', cik: 18230, filed: '2022-04-28', accepted: '2022-04-28T06:32:03', documentType: 'XML',
      // the header's FILER block (COMPANY CONFORMED NAME, CENTRAL INDEX KEY): a 13D/G's reporting persons are matched to it
      filers: [{ cik: 18230, name: 'CATERPILLAR INC' }],
    });
    assert.match(instance.bytes.subarray(0, 60).toString('utf8'), /^<\?xml/);
  });

  test("nested documents are dispatched: the 8-K's extracted instance is filed under the container's accession", () => {
    const batch = new Batch();
    const kinds = parseFile(at('filings', '8-K', '0000018230-22-000107.txt.gz'), batch);
    assert.ok(kinds.includes('sgml') && kinds.includes('xbrl-instance'));
    const byKind = Object.fromEntries(batch.filings.map((f) => [f.source, f]));
    assert.equal(byKind['xbrl-instance']?.accession, '0000018230-22-000107');
    assert.equal(byKind['xbrl-instance'].form, '8-K');
    assert.equal(byKind['xbrl-instance'].filed, '2022-04-28');
    assert.equal(byKind['xbrl-instance'].reportDate, '2022-04-28');
  });

  test('a .nc tender offer: the subject company, not the bidder that filed it, is the filing CIK; both are entities', () => {
    const { batch } = parseWith(sgmlParser, at('filings', 'other', '0001104659-25-002604.nc'));
    const f = batch.filings[0];
    assert.deepEqual([f?.cik, f?.form, f?.filed, f?.act, f?.fileNumber], [1376139, 'SC TO-T/A', '2025-01-10', '34', '005-83522']);
    assert.deepEqual(batch.entities.map((e) => [e.cik, e.name, e.sic]), [
      [1376139, 'CVR ENERGY INC', '2911'], [1034563, 'ICAHN ENTERPRISES HOLDINGS L.P.', '3714'],
    ]);
    assert.deepEqual(batch.entities[1]?.formerNames, [{ name: 'AMERICAN REAL ESTATE HOLDINGS L P', from: '1998-03-11', to: null }]);
  });

  test('Form 4 containers take the issuer as the filing CIK and unwrap the <XML> ownership document', () => {
    const nc = parseWith(sgmlParser, at('ownership', '0001127602-25-004598.nc'));
    assert.deepEqual([nc.batch.filings[0]?.cik, nc.batch.filings[0]?.reportDate], [7536, '2025-02-12']);
    assert.deepEqual(nc.batch.entities.map((e) => e.cik), [7536, 1870985]);
    const doc = nc.nested[0];
    assert.match(doc?.name ?? '', /!form4\.xml$/);
    assert.match(doc?.bytes.subarray(0, 60).toString('utf8') ?? '', /^<\?xml version="1.0"\?>\s*<ownershipDocument>/);
    assert.equal(doc?.container?.form, '4');
    const txt = parseWith(sgmlParser, at('ownership', '0000921895-25-001190.txt'));
    assert.equal(txt.batch.filings[0]?.cik, 1084869);
    assert.deepEqual(txt.batch.entities.map((e) => e.cik).sort(), [1084869, 1580144, 1959730, 2052009]);
  });

  test('an SEC staff UPLOAD names the company in FILED FOR; former names run from their change date to the next one', () => {
    const { batch } = parseWith(sgmlParser, at('filings', 'correspondence', '0000000000-24-003505.txt'));
    assert.deepEqual([batch.filings[0]?.cik, batch.filings[0]?.form], [320193, 'UPLOAD']);
    assert.deepEqual(batch.entities[0]?.formerNames, [
      { name: 'APPLE INC', from: '2007-01-09', to: null },
      { name: 'APPLE COMPUTER INC', from: '1997-08-08', to: '2007-01-09' },
    ]);
  });

  test('several inline documents without an extracted instance are read as one document set', () => {
    const ns = 'xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL" xmlns:xbrli="http://www.xbrl.org/2003/instance"'
      + ' xmlns:iso4217="http://www.xbrl.org/2003/iso4217" xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:dei="http://xbrl.sec.gov/dei/2024"'
      + ' xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12"';
    const main = `<html ${ns}><body><ix:header><ix:resources>`
      + '<xbrli:context id="q"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000072971</xbrli:identifier></xbrli:entity>'
      + '<xbrli:period><xbrli:instant>2024-12-31</xbrli:instant></xbrli:period></xbrli:context>'
      + '<xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit></ix:resources></ix:header>'
      + '<ix:nonNumeric name="dei:DocumentType" contextRef="q">10-K</ix:nonNumeric>'
      + '<ix:nonFraction name="us-gaap:Assets" contextRef="q" unitRef="usd" decimals="-6" scale="6" format="ixt:num-dot-decimal">1,929,845</ix:nonFraction></body></html>';
    const exhibit = `<html ${ns}><body><ix:header/>`
      + '<ix:nonFraction name="us-gaap:Liabilities" contextRef="q" unitRef="usd" decimals="-6" scale="6" format="ixt:num-dot-decimal">1,748,314</ix:nonFraction></body></html>';
    const nc = '<SUBMISSION>\n<ACCESSION-NUMBER>0000072971-25-000001\n<TYPE>10-K\n<FILING-DATE>20250225\n'
      + '<FILER>\n<COMPANY-DATA>\n<CONFORMED-NAME>EXAMPLE BANK\n<CIK>0000072971\n</COMPANY-DATA>\n</FILER>\n'
      + `<DOCUMENT>\n<TYPE>10-K\n<SEQUENCE>1\n<FILENAME>main.htm\n<TEXT>\n${main}\n</TEXT>\n</DOCUMENT>\n`
      + `<DOCUMENT>\n<TYPE>EX-13\n<SEQUENCE>2\n<FILENAME>ex13.htm\n<TEXT>\n${exhibit}\n</TEXT>\n</DOCUMENT>\n</SUBMISSION>\n`;
    const batch = new Batch();
    parseFile(fromText('set.nc', nc), batch);
    assert.deepEqual(batch.facts.map((f) => [f.concept, f.value, f.accession, f.filed]).sort(), [
      ['us-gaap:Assets', 1929845000000, '0000072971-25-000001', '2025-02-25'],
      ['us-gaap:Liabilities', 1748314000000, '0000072971-25-000001', '2025-02-25'],
    ]);
    const inline = batch.filings.find((f) => f.source === 'inline-xbrl');
    assert.deepEqual([inline?.form, inline?.primaryDocument], ['10-K', 'main.htm']);
  });

  describe('bad input is an IngestError naming the file and the reason', () => {
    const cat = at('filings', '8-K', '0000018230-22-000107.txt.gz').bytes.toString('latin1');
    const cases: [string, string, RegExp][] = [
      ['a submission cut off inside a document', cat.slice(0, cat.indexOf('<FILENAME>cat-20220428_htm.xml') + 2000), /no <\/TEXT> \(truncated/],
      ['a header that never closes', cat.slice(0, 500), /never closed/],
      ['a header without accession number', cat.replace(/ACCESSION NUMBER:\s+\S+/, '').replace('0000018230-22-000107', 'x'), /no valid ACCESSION NUMBER/],
      ['a header without a company', '<SUBMISSION>\n<ACCESSION-NUMBER>0000000001-25-000001\n<TYPE>8-K\n', /no company or owner with a CIK/],
    ];
    for (const [what, text, reason] of cases) {
      test(what, () => {
        assert.throws(
          () => parseWith(sgmlParser, fromText('bad.txt', text)),
          (err: unknown) => err instanceof IngestError && err.file === 'bad.txt' && reason.test(err.reason),
        );
      });
    }
  });
});
