// Inline XBRL parser: every fixture document parses, AAPL and AEON give exactly the facts of the instances EDGAR
// extracted from them, and scale / sign / format / nesting / exclude / nil behave as the inline spec says.
import { describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { inlineXbrlParser } from '../../engine/ingest/parsers/inlineXbrl.ts';
import { xbrlInstanceParser } from '../../engine/ingest/parsers/xbrlInstance.ts';
import { IngestError } from '../../engine/ingest/IngestError.ts';
import { factKey, find, fromText, INSTANCES, IXBRL, load, parseWith } from './xbrlFixtures.ts';
import { defined } from '../helpers/defined.ts';

/** A one-context inline document around the given body. */
function inline(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ix="http://www.xbrl.org/2013/inlineXBRL"
  xmlns:ixt="http://www.xbrl.org/inlineXBRL/transformation/2020-02-12" xmlns:ixt-sec="http://www.sec.gov/inlineXBRL/transformation/2015-08-31"
  xmlns:xbrli="http://www.xbrl.org/2003/instance" xmlns:iso4217="http://www.xbrl.org/2003/iso4217"
  xmlns:us-gaap="http://fasb.org/us-gaap/2024" xmlns:dei="http://xbrl.sec.gov/dei/2024" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<body><div style="display:none"><ix:header><ix:hidden>
  <ix:nonNumeric name="dei:DocumentType" contextRef="d">10-Q</ix:nonNumeric>
  <ix:nonNumeric name="dei:EntityCentralIndexKey" contextRef="d">0000000042</ix:nonNumeric>
</ix:hidden><ix:resources>
  <xbrli:context id="d"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">0000000042</xbrli:identifier></xbrli:entity>
    <xbrli:period><xbrli:startDate>2025-01-01</xbrli:startDate><xbrli:endDate>2025-03-31</xbrli:endDate></xbrli:period></xbrli:context>
  <xbrli:unit id="usd"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit>
</ix:resources></ix:header></div>
${body}
</body></html>`;
}

function values(body: string): number[] {
  return parseWith(inlineXbrlParser, fromText('t.htm', inline(body))).batch.facts.map((f) => f.value);
}

const nf = (attrs: string, text: string) =>
  `<ix:nonFraction name="us-gaap:Revenues" contextRef="d" unitRef="usd" decimals="-6" ${attrs}>${text}</ix:nonFraction>`;

describe('inline XBRL', () => {
  test('every fixture inline document is detected and parses with a filing row', () => {
    const names = fs.readdirSync(IXBRL);
    assert.ok(names.length > 0, `no inline documents under ${IXBRL}`);
    for (const name of names) {
      const file = load(path.join(IXBRL, name));
      assert.ok(inlineXbrlParser.detect(file, file.bytes.subarray(0, 4096).toString('utf8')), name);
      assert.ok(!xbrlInstanceParser.detect(file, file.bytes.subarray(0, 4096).toString('utf8')), name);
      const { batch } = parseWith(inlineXbrlParser, file);
      assert.equal(batch.filings.length, 1, name);
      // the filing is the registrant's that the document itself tags (read here from its text, not from our parse)
      const cik = /name="dei:EntityCentralIndexKey"[^>]*>\s*(\d+)\s*</.exec(file.bytes.toString('utf8'))?.[1];
      assert.ok(cik, `${name}: no dei:EntityCentralIndexKey`);
      assert.equal(defined(batch.filings[0], 'batch.filings[0]').cik, Number(cik), name);
      assert.ok(batch.facts.every((f) => f.cik === Number(cik)), name);
      assert.ok(batch.facts.length > 0, name);
    }
  });

  for (const [ixName, instName] of [
    ['aapl-20250329.htm.gz', 'aapl-20250329_htm.xml.gz'],
    ['aeon-20230930x10q.htm.gz', 'aeon-20230930x10q_htm.xml.gz'],
  ] as const) {
    test(`${ixName} gives the same (concept, unit, period, dims, value, decimals) set as ${instName}`, () => {
      const ix = parseWith(inlineXbrlParser, load(path.join(IXBRL, ixName))).batch;
      const xml = parseWith(xbrlInstanceParser, load(path.join(INSTANCES, instName))).batch;
      const a = new Set(ix.facts.map(factKey));
      const b = new Set(xml.facts.map(factKey));
      assert.ok(a.size > 600);
      assert.deepEqual([...a].filter((k) => !b.has(k)), []);
      assert.deepEqual([...b].filter((k) => !a.has(k)), []);
      const fa = ix.filings[0];
      const fb = xml.filings[0];
      assert.deepEqual([fa?.cik, fa?.form, fa?.reportDate, fa?.fy, fa?.fp], [fb?.cik, fb?.form, fb?.reportDate, fb?.fy, fb?.fp]);
      assert.equal(fa?.source, 'inline-xbrl');
    });
  }

  test('Apple Q2 FY2025: six-month revenue "219,659" at scale 6 is 219,659 million; the cover date "March 29, 2025" is the report date', () => {
    const { batch } = parseWith(inlineXbrlParser, load(path.join(IXBRL, 'aapl-20250329.htm.gz')));
    const [row] = find(batch.facts, {
      concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', periodStart: '2024-09-29', periodEnd: '2025-03-29', dimKey: '',
    });
    assert.equal(row?.value, 219659000000);
    assert.equal(batch.filings[0]?.reportDate, '2025-03-29');
    assert.equal(batch.filings[0].primaryDocument, 'aapl-20250329.htm');
  });

  describe('numbers as the inline spec reads them', () => {
    const cases: [string, string, number][] = [
      ['scale 6 with num-dot-decimal', nf('scale="6" format="ixt:num-dot-decimal"', '1,234.5'), 1234500000],
      ['scale 9 moves the point exactly', nf('scale="9" format="ixt:num-dot-decimal"', '1.1'), 1100000000],
      ['negative scale for percentages', nf('scale="-2" format="ixt:num-dot-decimal"', '25.5'), 0.255],
      ['sign="-" negates', nf('scale="3" sign="-" format="ixt:num-dot-decimal"', '1,000'), -1000000],
      ['no format: a plain decimal', nf('', '42'), 42],
      ['num-comma-decimal', nf('format="ixt:num-comma-decimal"', '1.234,5'), 1234.5],
      ['fixed-zero shows a dash', nf('format="ixt:fixed-zero"', '—'), 0],
      ['zerodash (v2 name)', nf('format="ixt:zerodash"', '-'), 0],
      ['numwordsen', nf('format="ixt-sec:numwordsen"', 'twenty-one'), 21],
      ['numwordsen "none"', nf('format="ixt-sec:numwordsen"', 'none'), 0],
      ['text split over spans', nf('scale="3" format="ixt:num-dot-decimal"', '<span>1,</span><b>500</b>'), 1500000],
    ];
    for (const [what, body, expected] of cases) {
      test(what, () => { assert.deepEqual(values(body), [expected]); });
    }

    test('a nested nonFraction is a fact of its own and gives the outer its text', () => {
      const body = `<ix:nonFraction name="us-gaap:Assets" contextRef="d" unitRef="usd" decimals="0" format="ixt:num-dot-decimal">`
        + `${nf('format="ixt:num-dot-decimal"', '7,000')}</ix:nonFraction>`;
      const facts = parseWith(inlineXbrlParser, fromText('t.htm', inline(body))).batch.facts;
      assert.deepEqual(facts.map((f) => [f.concept, f.value]).sort(), [['us-gaap:Assets', 7000], ['us-gaap:Revenues', 7000]]);
    });

    test('ix:exclude content does not count, nil facts are skipped, nonNumeric text is not a number', () => {
      const body = `<ix:nonNumeric name="us-gaap:RevenueRecognitionPolicyTextBlock" contextRef="d">Revenue ${nf('', '5')}`
        + `<ix:exclude>page 3</ix:exclude></ix:nonNumeric>${nf('xsi:nil="true"', '')}`;
      assert.deepEqual(values(body), [5]);
    });
  });

  describe('bad input is an IngestError naming the file and the reason', () => {
    const cases: [string, string, RegExp][] = [
      ['an unknown format names it', nf('format="ixt:num-roman"', 'XII'), /unsupported number format num-roman/],
      ['a format outside the transformation registries', nf('format="dei:whatever"', '1'), /unknown namespace/],
      ['a non-numeric value without format', nf('', 'n/a'), /non-numeric value "n\/a"/],
      ['a value that does not fit its format', nf('format="ixt:num-dot-decimal"', 'twelve'), /not a number in format num-dot-decimal/],
      ['a context referenced but missing', nf('', '1').replace('contextRef="d"', 'contextRef="zz"'), /references context "zz"/],
      ['a unit referenced but missing', nf('', '1').replace('unitRef="usd"', 'unitRef="eur"'), /references unit "eur"/],
      ['an undefined entity', nf('', '1&bogus;'), /malformed XML/],
      ['an unclosed element', '<div><p>oops</div>', /malformed XML/],
    ];
    for (const [what, body, reason] of cases) {
      test(what, () => {
        assert.throws(
          () => parseWith(inlineXbrlParser, fromText('bad.htm', inline(body))),
          (err: unknown) => err instanceof IngestError && err.file === 'bad.htm' && reason.test(err.reason),
        );
      });
    }
  });
});
