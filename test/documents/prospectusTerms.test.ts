// Prospectus cover terms (sql/70_documents/60_prospectus_terms.sql) and filing-fee exhibits (70_filing_fees.sql) on
// every prospectus and fee exhibit of the fixtures. Each expectation is read here from the document: the figures
// must be printed on its cover as read, and hold together as the document states them (price x shares = the total
// of the pricing table; the over-allotment option a share count the cover grants; a fee = offering x fee rate).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

function read(file: string): string {
  const b = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(b) : b).toString('utf8');
}

/** Readable text of raw HTML: tags dropped, entities of spaces and quotes decoded, whitespace collapsed. */
function plain(html: string): string {
  return html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;|&#xa0;|&#8203;|\u200b/gi, ' ').replace(/&#8220;|&ldquo;/g, '“')
    .replace(/&#8221;|&rdquo;/g, '”').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
}

function files(dir: string, re: RegExp): string[] {
  if (!fixturesPresent || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).filter((f) => re.test(f)).map((f) => path.join(dir, f));
}

/** The form of a full submission, from its header; of a bare document, from its <TYPE> line. */
const formOf = (raw: string) => (/CONFORMED SUBMISSION TYPE:\s*(\S[^\n]*)/.exec(raw)?.[1] ?? /<TYPE>([^\n]+)/.exec(raw)?.[1] ?? '').trim();
const accessionOf = (raw: string) => /ACCESSION NUMBER:\s*(\S+)/.exec(raw)?.[1] ?? null;
const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 4 });
const shares = (n: number) => n.toLocaleString('en-US');
/** The first `$`-amount in `text` that equals `n` (however many decimals the document prints). */
const printsAmount = (text: string, n: number) => [...text.matchAll(/\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)/g)]
  .some((m) => Number((m[1] ?? '').replace(/,/g, '')) === n);

const PROSPECTUS = /^(424B[134]|S-1|S-1\/A|F-1|F-1\/A)$/;
const DOCS = [...files(fixture('edgar/filings/424B'), /./), ...files(fixture('edgar/filings/S-1'), /./)];
// A bare primary document (saved with its <DOCUMENT> lines but no SEC header) is wrapped in the header EDGAR writes.
const BARE_ACCESSION = '0009999999-24-000001';

interface Terms { accession: string; form: string; price: number | null; shares_offered: bigint | null;
  over_allotment_shares: bigint | null; gross_proceeds: number | null; price_range_low: number | null;
  price_range_high: number | null; ticker: string | null; exchange: string | null; market: string | null }
interface Fees { accession: string; max_aggregate_offering_price: number | null; registration_fee: number | null; net_fee_due: number | null }

describe('prospectus cover terms and fee exhibits on the fixtures', () => {
  let engine: Engine;
  let cleanup: () => void;
  const raws = new Map<string, { file: string; raw: string }>();
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    const dir = tempDir('prospectus-');
    const paths: string[] = [];
    for (const file of DOCS) {
      let raw = read(file);
      if (!raw.includes('<SEC-HEADER>')) {
        raw = `<SEC-DOCUMENT>${BARE_ACCESSION}.txt : 20240101\n<SEC-HEADER>${BARE_ACCESSION}.hdr.sgml : 20240101\n` +
          `ACCESSION NUMBER:\t\t${BARE_ACCESSION}\nCONFORMED SUBMISSION TYPE:\t${formOf(raw)}\nPUBLIC DOCUMENT COUNT:\t\t1\n` +
          `FILED AS OF DATE:\t\t20240101\n\nFILER:\n\n\tCOMPANY DATA:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\tBARE DOCUMENT ISSUER\n` +
          `\t\tCENTRAL INDEX KEY:\t\t\t0009999999\n\n</SEC-HEADER>\n${raw}\n</SEC-DOCUMENT>\n`;
        const wrapped = path.join(dir, `${BARE_ACCESSION}.txt`);
        fs.writeFileSync(wrapped, raw);
        paths.push(wrapped);
      } else paths.push(file);
      raws.set(accessionOf(raw) ?? file, { file, raw });
    }
    paths.push(...files(fixture('edgar/filings/S-3'), /./), ...files(fixture('edgar/filings/F-3'), /./));
    await ingestPaths(engine, paths);
  });
  after(() => { cleanup(); });

  test('every 424B1/B3/B4, S-1 and F-1 of the fixtures has its cover terms read as the document prints them', async () => {
    const terms = await engine.query<Terms>('SELECT * FROM prospectus_terms(NULL)');
    const expected = [...raws.entries()].filter(([, r]) => PROSPECTUS.test(formOf(r.raw)));
    assert.ok(expected.length > 0 || !fixturesPresent);
    for (const [accession, { file, raw }] of expected) {
      const t = terms.find((x) => x.accession === accession);
      assert.ok(t, `${path.basename(file)}: no terms row`);
      const text = plain(raw);
      const name = path.basename(file);
      // the cover's listing sentence names the ticker in quotes, and the market the row names
      if (t.ticker !== null) {
        assert.ok(text.includes(`symbol “${t.ticker}`) || text.includes(`symbol "${t.ticker}`), `${name}: ticker ${t.ticker}`);
        assert.ok(text.includes(defined(t.market, 'market')), `${name}: market ${String(t.market)}`);
      }
      // a statement that says where the issuer lists must give the ticker
      if (/(?:listed|listing)[^.]{0,80}under the (?:trading )?symbol “/i.test(text)) assert.ok(t.ticker, `${name}: listed, no ticker`);
      if (t.price !== null) {
        assert.ok(printsAmount(text, t.price), `${name}: price ${String(t.price)}`);
        if (t.gross_proceeds !== null && t.shares_offered !== null) {
          // the pricing table's total is the price times the shares (units) offered, to the cent
          assert.ok(Math.abs(t.price * Number(t.shares_offered) - t.gross_proceeds) < 0.01 * Number(t.shares_offered),
            `${name}: ${String(t.price)} x ${String(t.shares_offered)} != ${String(t.gross_proceeds)}`);
          assert.ok(printsAmount(text, t.gross_proceeds), `${name}: total ${money(t.gross_proceeds)}`);
        }
      }
      // a final prospectus that prices the deal in a pricing table must be read
      if (/^424B4$/.test(formOf(raw)) && /(?:initial )?public offering price \| \$\s?[0-9]/i.test(text.replace(/\s*\|\s*/g, ' | '))) assert.ok(t.price, `${name}: price`);
      if (t.shares_offered !== null) assert.ok(text.includes(shares(Number(t.shares_offered))), `${name}: shares ${String(t.shares_offered)}`);
      if (t.over_allotment_shares !== null) {
        const n = shares(Number(t.over_allotment_shares));
        assert.ok(new RegExp(`option[^.]{0,200}to purchase up to (?:an? )?(?:additional )?${n}`, 'i').test(text), `${name}: option ${n}`);
      }
      if (/between \$\s?[0-9.]+ and \$\s?[0-9.]+ per (?:share|unit)/i.test(text)) {
        assert.ok(t.price_range_low !== null && t.price_range_high !== null, `${name}: price range`);
        assert.ok(t.price_range_low < t.price_range_high);
        // the document assumes the midpoint of its range where it states one
        const mid = /assumed initial public offering price of \$\s?([0-9.]+)[^.]{0,40}midpoint/i.exec(text)?.[1];
        if (mid !== undefined) assert.equal((t.price_range_low + t.price_range_high) / 2, Number(mid));
      } else assert.equal(t.price_range_low, null, `${name}: no range stated`);
    }
  });

  test('the final IPO prospectus states price, shares and the over-allotment option', async () => {
    const terms = await engine.query<Terms>('SELECT * FROM prospectus_terms(NULL) WHERE form = $1', ['424B4']);
    for (const t of terms) {
      const { raw } = raws.get(t.accession) ?? { raw: '' };
      const text = plain(raw);
      if (!/this is an initial public offering/i.test(text)) continue;
      assert.ok(t.price !== null && t.shares_offered !== null && t.gross_proceeds !== null && t.over_allotment_shares !== null, t.accession);
      const stated = /initial public offering price is \$\s?([0-9.]+) per share/i.exec(text)?.[1];
      if (stated !== undefined) assert.equal(t.price, Number(stated));
      const offered = /we are offering ([0-9,]+) shares/i.exec(text)?.[1];
      if (offered !== undefined) assert.equal(Number(t.shares_offered), Number(offered.replace(/,/g, '')));
    }
  });

  test('every fee exhibit: offering and fee as its total row states them, the fee the offering times the fee rate', async () => {
    const fees = await engine.query<Fees>("SELECT * FROM filing_fees(NULL) WHERE source = 'exhibit'");
    const exhibits = await engine.query<{ accession: string; text: string }>("SELECT accession, text FROM src_document_text WHERE type = 'EX-FILING FEES'");
    assert.equal(fees.length, exhibits.length);
    for (const { accession, text } of exhibits) {
      const f = fees.find((x) => x.accession === accession);
      assert.ok(f?.max_aggregate_offering_price && f.registration_fee !== null, accession);
      assert.ok(printsAmount(text, f.registration_fee), `${accession}: fee ${String(f.registration_fee)}`);
      // aggregate price is either printed on the total row or the sum of the rows printed
      const rate = Number(/\|\s*\$?\s?(0\.000[0-9]{3,})/.exec(text)?.[1]);
      if (rate > 0 && f.registration_fee > 0) {
        assert.ok(Math.abs(f.max_aggregate_offering_price * rate - f.registration_fee) <= 1, `${accession}: ${String(f.max_aggregate_offering_price)} x ${String(rate)} != ${String(f.registration_fee)}`);
      }
      const net = /net fee due[^\n]*?\$\s?([0-9,.]+)\s*$/im.exec(text)?.[1];
      if (net !== undefined) assert.equal(f.net_fee_due, Number(net.replace(/,/g, '')));
    }
  });
});
