// XBRL instance parser against the fixture instances (2009-2025): values read from the documents themselves,
// dimensions explicit and typed, default-namespace and prefixed XBRL elements, accession choice, bad input.
import { describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { xbrlInstanceParser } from '../../engine/ingest/parsers/xbrlInstance.ts';
import { IngestError } from '../../engine/ingest/IngestError.ts';
import type { SourceFile } from '../../engine/ingest/SourceFile.ts';
import { find, fromText, INSTANCES, load, parseWith } from './xbrlFixtures.ts';

const inst = (name: string) => load(path.join(INSTANCES, name));
const REVENUE = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';

describe('XBRL instances', () => {
  test('every fixture instance is detected and parses, and each yields a filing row with its dei cover facts', () => {
    const names = fs.readdirSync(INSTANCES);
    assert.ok(names.length > 0, `no instances under ${INSTANCES}`);
    for (const name of names) {
      const file = inst(name);
      assert.ok(xbrlInstanceParser.detect(file, file.bytes.subarray(0, 4096).toString('utf8')), name);
      const { batch } = parseWith(xbrlInstanceParser, file);
      assert.equal(batch.filings.length, 1, name);
      assert.equal(batch.filings[0]?.isXbrl, true);
      if (!name.startsWith('wat-')) assert.ok(batch.facts.length > 300, `${name}: ${String(batch.facts.length)} facts`);
    }
  });

  test('the Waters 8-K cover-page instance has dei facts only: no numeric facts, one 8-K filing row', () => {
    const { batch } = parseWith(xbrlInstanceParser, inst('wat-20240108_8k_htm.xml'));
    assert.equal(batch.facts.length, 0);
    assert.deepEqual(
      [batch.filings[0]?.cik, batch.filings[0]?.form, batch.filings[0]?.reportDate],
      [1000697, '8-K', '2024-01-08'],
    );
  });

  describe('Apple FY2022 10-K (aapl-20220924_htm.xml)', () => {
    const { batch } = parseWith(xbrlInstanceParser, inst('aapl-20220924_htm.xml.gz'));
    const facts = batch.facts;

    test('undimensioned FY2022 revenue is 394,328 million USD with decimals -6', () => {
      const rows = find(facts, { concept: REVENUE, periodStart: '2021-09-26', periodEnd: '2022-09-24', dimKey: '' });
      assert.ok(rows.length >= 1);
      for (const r of rows) {
        assert.equal(r.value, 394328000000);
        assert.equal(r.unit, 'USD');
        assert.equal(r.decimals, -6);
        assert.equal(r.cik, 320193);
        assert.equal(r.form, '10-K');
        assert.equal(r.fy, 2022);
        assert.equal(r.fp, 'FY');
        assert.equal(r.source, 'xbrl-instance');
      }
    });

    test('iPhone revenue keeps its axis and member: srt:ProductOrServiceAxis = aapl:IPhoneMember, 205,489 million', () => {
      const [row] = find(facts, { concept: REVENUE, periodEnd: '2022-09-24', dimKey: 'srt:ProductOrServiceAxis=aapl:IPhoneMember' });
      assert.ok(row);
      assert.equal(row.value, 205489000000);
      assert.deepEqual(row.dims, [{ axis: 'srt:ProductOrServiceAxis', member: 'aapl:IPhoneMember', typed: false }]);
    });

    test('a typed dimension arrives with typed=true and the text of its date-valued member', () => {
      const axis = 'us-gaap:RevenueRemainingPerformanceObligationExpectedTimingOfSatisfactionStartDateAxis';
      const [row] = find(facts, {
        concept: 'us-gaap:RevenueRemainingPerformanceObligationPercentage', periodEnd: '2022-09-24', dimKey: `${axis}=2022-09-25`,
      });
      assert.ok(row);
      assert.deepEqual(row.dims, [{ axis, member: '2022-09-25', typed: true }]);
      assert.equal(row.value, 0.64);
      assert.equal(row.unit, 'pure');
      assert.equal(row.periodStart, null);
    });

    test('the filing row states form, report date and fiscal focus from dei', () => {
      const f = batch.filings[0];
      assert.deepEqual([f?.form, f?.reportDate, f?.fy, f?.fp, f?.isAmendment, f?.isInlineXbrl], ['10-K', '2022-09-24', 2022, 'FY', false, true]);
    });

    test('euro notes come out in unit EUR and EPS in USD/shares', () => {
      const units = new Set(facts.map((f) => f.unit));
      assert.ok(units.has('EUR') && units.has('USD/shares') && units.has('shares'));
    });
  });

  test('AMZN contexts in the default XBRL namespace work: North America 2022 net sales 315,880 million, operating loss -2,847 million', () => {
    const { batch } = parseWith(xbrlInstanceParser, inst('amzn-20221231_htm.xml.gz'));
    const na = 'us-gaap:StatementBusinessSegmentsAxis=amzn:NorthAmericaSegmentMember';
    const [sales] = find(batch.facts, { concept: REVENUE, periodStart: '2022-01-01', periodEnd: '2022-12-31', dimKey: na });
    const [loss] = find(batch.facts, { concept: 'us-gaap:OperatingIncomeLoss', periodStart: '2022-01-01', periodEnd: '2022-12-31', dimKey: na });
    assert.equal(sales?.value, 315880000000);
    assert.equal(loss?.value, -2847000000);
    assert.equal(sales.cik, 1018724);
  });

  test('the 2015 Microsoft instance: FY2015 SalesRevenueNet is 93,580 million', () => {
    const { batch } = parseWith(xbrlInstanceParser, inst('msft-20150630.xml.gz'));
    const [row] = find(batch.facts, { concept: 'us-gaap:SalesRevenueNet', periodStart: '2014-07-01', periodEnd: '2015-06-30', dimKey: '' });
    assert.equal(row?.value, 93580000000);
    assert.equal(batch.filings[0]?.fy, 2015);
  });

  test('the 2010 Apple instance (xbrl.us 2009 taxonomy namespaces) names concepts us-gaap: and reads FY2010 sales of 65,225 million', () => {
    const { batch } = parseWith(xbrlInstanceParser, inst('aapl-20100925.xml.gz'));
    const [row] = find(batch.facts, { concept: 'us-gaap:SalesRevenueNet', periodStart: '2009-09-27', periodEnd: '2010-09-25', dimKey: '' });
    assert.equal(row?.value, 65225000000);
    assert.equal(row.unit, 'USD');
    assert.ok(batch.facts.every((f) => !f.concept.startsWith('{')));
  });

  test('UNP 2012 with prefixed xbrli: elements parses its contexts', () => {
    const { batch } = parseWith(xbrlInstanceParser, inst('unp-20121231.xml.gz'));
    assert.ok(batch.facts.some((f) => f.periodStart === '2012-01-01' && f.periodEnd === '2012-12-31' && f.dims.length === 0));
    assert.equal(batch.filings[0]?.cik, 100885);
  });

  test('non-standard prefixes still produce the standard ones, and nil facts are skipped', () => {
    const doc = `<?xml version="1.0"?>
<x:xbrl xmlns:x="http://www.xbrl.org/2003/instance" xmlns:gaap="http://fasb.org/us-gaap/2024" xmlns:d="http://xbrl.sec.gov/dei/2024"
  xmlns:iso="http://www.xbrl.org/2003/iso4217" xmlns:dim="http://xbrl.org/2006/xbrldi" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <x:context id="c"><x:entity><x:identifier scheme="http://www.sec.gov/CIK">0000000042</x:identifier>
    <x:segment><dim:explicitMember dimension="gaap:StatementBusinessSegmentsAxis">gaap:CorporateMember</dim:explicitMember></x:segment></x:entity>
    <x:period><x:startDate>2024-01-01</x:startDate><x:endDate>2024-12-31</x:endDate></x:period></x:context>
  <x:context id="u"><x:entity><x:identifier scheme="http://www.sec.gov/CIK">0000000042</x:identifier></x:entity>
    <x:period><x:instant>2024-12-31</x:instant></x:period></x:context>
  <x:unit id="eps"><x:divide><x:unitNumerator><x:measure>iso:USD</x:measure></x:unitNumerator>
    <x:unitDenominator><x:measure>x:shares</x:measure></x:unitDenominator></x:divide></x:unit>
  <d:DocumentType contextRef="u">10-K</d:DocumentType>
  <gaap:EarningsPerShareBasic contextRef="c" unitRef="eps" decimals="2">1.25</gaap:EarningsPerShareBasic>
  <gaap:EarningsPerShareDiluted contextRef="c" unitRef="eps" decimals="2" xsi:nil="true"/>
  <gaap:Assets contextRef="u" unitRef="eps" decimals="INF">-0</gaap:Assets>
</x:xbrl>`;
    const { batch } = parseWith(xbrlInstanceParser, fromText('t.xml', doc));
    assert.deepEqual(batch.facts.map((f) => [f.concept, f.unit, f.value, f.decimals, f.dims[0]?.member ?? null]), [
      ['us-gaap:EarningsPerShareBasic', 'USD/shares', 1.25, 2, 'us-gaap:CorporateMember'],
      ['us-gaap:Assets', 'USD/shares', 0, null, null],
    ]);
    assert.equal(batch.facts[0]?.dims[0]?.axis, 'us-gaap:StatementBusinessSegmentsAxis');
    assert.equal(batch.facts[0].cik, 42);
  });

  describe('the accession number', () => {
    const bytes = inst('aapl-20250329_htm.xml.gz').bytes;

    test('comes from the file name when it contains one', () => {
      const { batch } = parseWith(xbrlInstanceParser, { name: '/dl/0000320193-25-000057/aapl-20250329_htm.xml', bytes });
      assert.ok(batch.facts.length > 0);
      assert.ok(batch.facts.every((f) => f.accession === '0000320193-25-000057'));
      assert.equal(batch.filings[0]?.accession, '0000320193-25-000057');
    });

    test("comes from EDGAR's 18-digit folder name in a path", () => {
      const { batch } = parseWith(xbrlInstanceParser, { name: 'edgar/data/320193/000032019325000057/aapl-20250329_htm.xml', bytes });
      assert.equal(batch.filings[0]?.accession, '0000320193-25-000057');
    });

    test('comes from the container when the instance is nested, with its form and filing date', () => {
      const file: SourceFile = {
        name: 'x.txt!aapl-20250329_htm.xml', bytes,
        container: { accession: '0000320193-25-000057', form: '10-Q', cik: 320193, filed: '2025-05-02', accepted: '2025-05-01T18:01:14', documentType: 'EX-101.INS' },
      };
      const { batch } = parseWith(xbrlInstanceParser, file);
      assert.ok(batch.facts.length > 0);
      assert.ok(batch.facts.every((f) => f.accession === '0000320193-25-000057' && f.filed === '2025-05-02' && f.form === '10-Q'));
      assert.equal(batch.filings[0]?.accepted, '2025-05-01T18:01:14');
    });

    test('is otherwise a stable pseudo-accession hashed from the bytes', () => {
      const a = parseWith(xbrlInstanceParser, { name: 'a.xml', bytes }).batch.filings[0]?.accession;
      const b = parseWith(xbrlInstanceParser, { name: 'elsewhere/b.xml', bytes }).batch.filings[0]?.accession;
      assert.match(a ?? '', /^hash-[0-9a-f]{20}$/);
      assert.equal(a, b);
    });
  });

  describe('bad input is an IngestError naming the file and the reason', () => {
    const good = inst('aapl-20250329_htm.xml.gz').bytes.toString('utf8');
    const cases: [string, string, RegExp][] = [
      ['a truncated document', good.slice(0, Math.floor(good.length / 2)), /malformed XML .*unclosed tag/],
      ['mismatched tags', '<xbrl xmlns="http://www.xbrl.org/2003/instance"><schema></schemaRef></xbrl>', /malformed XML .*unexpected close tag/],
      ['not XML at all', 'this is not xml', /malformed XML/],
      ['a context referenced but missing', good.replace('contextRef="c-1" decimals="-6" id="f-64"', 'contextRef="c-nowhere" decimals="-6" id="f-64"'), /references context "c-nowhere"/],
      ['a unit referenced but missing', good.replace(/unitRef="usd"/, 'unitRef="eur"'), /references unit "eur"/],
      ['a non-numeric value in a numeric fact', good.replace('>219659000000<', '>n/a<'), /non-numeric value "n\/a"/],
      ['a root that is not xbrl', '<linkbase xmlns="http://www.xbrl.org/2003/linkbase"/>', /root element/],
      ['a context without a period', good.replace(/<period>\s*<startDate>2024-09-29<\/startDate>\s*<endDate>2025-03-29<\/endDate>\s*<\/period>/, ''), /has no period/],
    ];
    for (const [what, text, reason] of cases) {
      test(what, () => {
        assert.throws(
          () => parseWith(xbrlInstanceParser, fromText('bad.xml', text)),
          (err: unknown) => err instanceof IngestError && err.file === 'bad.xml' && reason.test(err.reason),
        );
      });
    }
  });
});
