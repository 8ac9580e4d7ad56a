// Properties of the small readers every ownership parser relies on: numbers, dates in the SEC's four spellings,
// CUSIPs as written on cover pages, and tag stripping; none of them may throw on arbitrary text.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { dateOf, num } from '../../engine/ingest/parsers/ownershipXmlTools.ts';
import { IngestError } from '../../engine/ingest/IngestError.ts';
import { cusipOf, findCusip } from '../../engine/ingest/parsers/schedule13Cusip.ts';
import { plainText } from '../../engine/ingest/parsers/schedule13Text.ts';
import { accessionIn } from '../../engine/ingest/parsers/ownershipFilingMeta.ts';

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const day = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });
const cusip = fc.tuple(fc.stringMatching(/^[0-9A-Z]{8}$/), fc.integer({ min: 0, max: 9 })).map(([s, d]) => `${s}${String(d)}`);

describe('ownership parser helpers', () => {
  test('num reads back every finite number as written, with thousands separators; anything else fails naming file and field', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (d) => {
      assert.equal(num(String(d), 'f.xml', 'x'), Object.is(d, -0) ? 0 : d);
    }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 1e12 }), (n) => { assert.equal(num(n.toLocaleString('en-US'), 'f.xml', 'x'), n); }));
    fc.assert(fc.property(fc.string(), (s) => {
      try {
        const v = num(s, 'f.xml', '<shares>');
        assert.ok(v === null || Number.isFinite(v));
      } catch (e) {
        assert.ok(e instanceof IngestError && /f\.xml/.test(e.message) && /<shares> is not a number/.test(e.message), String(e));
      }
    }));
    assert.equal(num('  ', 'f.xml', 'x'), null);
    assert.equal(num(undefined, 'f.xml', 'x'), null);
    assert.throws(() => num('5,000x', 'f.xml', '<transactionShares>'), /f\.xml.*<transactionShares> is not a number: "5,000x"/);
  });

  test('dateOf reads ISO, MM-DD-YYYY, MM/DD/YYYY and DD-MON-YYYY spellings of the same day alike', () => {
    fc.assert(fc.property(day, (d) => {
      const iso = d.toISOString().slice(0, 10);
      const [y, m, dd] = iso.split('-') as [string, string, string];
      for (const text of [iso, `${iso}-05:00`, `${m}-${dd}-${y}`, `${m}/${dd}/${y}`, `${dd}-${String(MONTHS[Number(m) - 1])}-${y}`, `${y}${m}${dd}`]) {
        assert.equal(dateOf(text), iso, text);
      }
    }));
    fc.assert(fc.property(fc.string(), (s) => void dateOf(s)));
  });

  test('a CUSIP written with spaces or dashes is found and normalised; normalising twice changes nothing', () => {
    fc.assert(fc.property(cusip, fc.constantFrom(' ', '-', ''), fc.string({ maxLength: 20 }), (c, sep, noise) => {
      const written = `${c.slice(0, 6)}${sep}${c.slice(6, 8)}${sep}${c.slice(8)}`;
      assert.equal(cusipOf(written), c);
      assert.equal(cusipOf(cusipOf(written)), c);
      assert.equal(findCusip(`(CUSIP Number) ${written} ${noise.replace(/[0-9A-Za-z]/g, '')}`), c);
    }));
  });

  test('plainText never throws and leaves no tags; accessionIn finds dashed and bare accessions in names', () => {
    fc.assert(fc.property(fc.string(), (s) => { assert.ok(!/<[a-z][^>]*>/i.test(plainText(`<p>${s.replace(/[<>]/g, '')}</p>`))); }));
    fc.assert(fc.property(fc.stringMatching(/^\d{10}$/), fc.stringMatching(/^\d{2}$/), fc.stringMatching(/^\d{6}$/), (a, b, c) => {
      assert.equal(accessionIn(`x/${a}-${b}-${c}.form4.xml`), `${a}-${b}-${c}`);
      assert.equal(accessionIn(`edgar/data/1/${a}${b}${c}/primary_doc.xml`), `${a}-${b}-${c}`);
    }));
  });
});
