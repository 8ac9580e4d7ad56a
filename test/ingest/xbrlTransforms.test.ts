// Inline XBRL transformation rules and decimal scaling, table-driven, plus the scaling invariant as a property.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TransformError, transformDate, transformNumber } from '../../engine/ingest/parsers/ixtTransforms.ts';
import { parseXsNumber, scaledDecimal } from '../../engine/ingest/parsers/xbrlNumber.ts';
import { conceptName, standardPrefix } from '../../engine/ingest/parsers/xbrlNamespaces.ts';

describe('number transforms', () => {
  const cases: [string, string, string][] = [
    ['num-dot-decimal', '1,234,567.89', '1234567.89'],
    ['num-dot-decimal', ' 12 345 ', '12345'],
    ['num-dot-decimal', '1\u00a0234', '1234'],
    ['num-dot-decimal', '.5', '.5'],
    ['numdotdecimal', '391,035', '391035'],
    ['numcommadot', '1,000.5', '1000.5'],
    ['num-comma-decimal', '1.234.567,89', '1234567.89'],
    ['numcommadecimal', '12 345,6', '12345.6'],
    ['numdotcomma', '1.000,25', '1000.25'],
    ['num-dot-decimal-apos', "1'234.5", '1234.5'],
    ['fixed-zero', '—', '0'],
    ['zerodash', '-', '0'],
    ['numdash', '–', '0'],
    ['numdotdecimalin', 'approximately 1,200 employees', '1200'],
    ['num-unit-decimal', '5 dollars 25 cents', '5.25'],
    ['num-unit-decimal', '12 euros', '12'],
    ['numwordsen', 'one hundred twenty-five', '125'],
    ['numwordsen', 'two thousand and five', '2005'],
    ['numwordsen', 'three million', '3000000'],
    ['numwordsen', 'No', '0'],
    ['numwordsen', '17', '17'],
  ];
  for (const [rule, text, expected] of cases) {
    test(`${rule} reads ${JSON.stringify(text)} as ${expected}`, () => { assert.equal(transformNumber(rule, text), expected); });
  }

  const bad: [string, string][] = [
    ['num-dot-decimal', '1,234.5.6'],
    ['num-dot-decimal', '(1,234)'],
    ['num-dot-decimal', '-5'],
    ['num-comma-decimal', 'n/a'],
    ['numwordsen', 'a dozen'],
    ['date-monthname-day-year-en', 'March 29, 2025'],
  ];
  for (const [rule, text] of bad) {
    test(`${rule} rejects ${JSON.stringify(text)} with a TransformError`, () => {
      assert.throws(() => transformNumber(rule, text), TransformError);
    });
  }
});

describe('date transforms for the cover page period', () => {
  const cases: [string | null, string, string | null][] = [
    ['date-monthname-day-year-en', 'March\u00a029, 2025', '2025-03-29'],
    ['datemonthdayyearen', 'Sept. 28, 2024', '2024-09-28'],
    ['date-day-monthname-year-en', '31 December 2024', '2024-12-31'],
    ['date-month-day-year', '06/30/2025', '2025-06-30'],
    ['date-day-month-year', '30.06.2025', '2025-06-30'],
    [null, '2025-03-29', '2025-03-29'],
    ['date-monthname-day-year-en', 'February 30, 2025', null],
    ['date-monthname-day-year-en', 'the end of the quarter', null],
  ];
  for (const [rule, text, expected] of cases) {
    test(`${rule ?? 'no format'} reads ${JSON.stringify(text)} as ${String(expected)}`, () => { assert.equal(transformDate(rule, text), expected); });
  }
});

describe('decimal scaling', () => {
  test('moving the decimal point never rounds: digits at scale s equal the integer the digits spell, times 10^s', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 6 }), fc.boolean(), (n, s, neg) => {
        const expected = neg && n !== 0 ? -(n * 10 ** s) : n * 10 ** s;
        return scaledDecimal(String(n), s, neg) === expected;
      }),
    );
  });

  test('a value with decimals at a scale equals the decimal literal the shifted text spells', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: -4, max: 9 }), (n, frac, s) => {
        const text = `${String(Math.floor(n / 10 ** frac))}.${String(n % 10 ** frac).padStart(frac, '0')}`;
        const shifted = Number(`${String(n)}e${String(s - frac)}`);
        return scaledDecimal(text, s, false) === (shifted === 0 ? 0 : shifted);
      }),
    );
  });

  test('examples: "1.1" at scale 9, "25.5" at scale -2, "0" with sign stays 0, junk is null', () => {
    assert.equal(scaledDecimal('1.1', 9, false), 1100000000);
    assert.equal(scaledDecimal('25.5', -2, false), 0.255);
    assert.ok(Object.is(scaledDecimal('0', 6, true), 0));
    assert.equal(scaledDecimal('1,000', 0, false), null);
    assert.equal(scaledDecimal('', 0, false), null);
    assert.equal(scaledDecimal('.', 0, false), null);
  });

  test('instance values: xs:decimal and xs:double forms, nothing else', () => {
    assert.equal(parseXsNumber(' -2847000000 '), -2847000000);
    assert.equal(parseXsNumber('1.5E3'), 1500);
    assert.equal(parseXsNumber('.64'), 0.64);
    for (const bad of ['', 'n/a', '1,000', 'INF', 'NaN', '0x10', '1e999']) assert.equal(parseXsNumber(bad), null, bad);
  });
});

describe('namespace prefixes', () => {
  const cases: [string, string | null][] = [
    ['http://fasb.org/us-gaap/2024', 'us-gaap'],
    ['http://xbrl.us/us-gaap/2009-01-31', 'us-gaap'],
    ['http://fasb.org/srt/2022', 'srt'],
    ['http://xbrl.sec.gov/dei/2014-01-31', 'dei'],
    ['http://xbrl.us/dei/2009-01-31', 'dei'],
    ['http://xbrl.ifrs.org/taxonomy/2023-03-23/ifrs-full', 'ifrs-full'],
    ['http://xbrl.sec.gov/country/2022', 'country'],
    ['http://xbrl.sec.gov/currency/2017-01-31', 'currency'],
    ['http://xbrl.sec.gov/ecd/2024', 'ecd'],
    ['http://www.apple.com/20250329', null],
  ];
  for (const [uri, prefix] of cases) {
    test(`${uri} is ${prefix ?? 'an extension namespace'}`, () => { assert.equal(standardPrefix(uri), prefix); });
  }

  test('a well-known namespace under any prefix gets the standard prefix; an extension keeps the document prefix', () => {
    assert.equal(conceptName('http://fasb.org/us-gaap/2024', 'gaap', 'Revenues'), 'us-gaap:Revenues');
    assert.equal(conceptName('http://www.apple.com/20250329', 'aapl', 'IPhoneMember'), 'aapl:IPhoneMember');
    assert.equal(conceptName('http://example.com/x', '', 'Thing'), '{http://example.com/x}Thing');
  });
});
