// The cover page's "CALCULATION OF REGISTRATION FEE" table (sql/70_documents/65_registration_fee_table.sql, served by
// filing_fees with source 'table') on every registration statement and prospectus of the fixtures and on generated
// filings of the vintages the fixtures lack (1996 plain text, 2003 HTML, 2008 preformatted text, 2012 424B2). What
// each test expects is read here from the document: the fee and offering printed in the table, its rows' fees adding
// up to the table's fee, each fee the aggregate times the rate the document states or the SEC's rate for that date.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { feeTableFilings, writeFeeTableFilings } from '../helpers/feeTableFilings.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';

const FOLDERS = ['S-1', 'S-3', 'F-3', '424B', 'POS-AM'];

/** Section 6(b) fee rates per $1,000,000 by the SEC's fiscal year (from October 1 of the year before). */
const SEC_RATE_PER_MILLION: Record<number, number> = { 2019: 121.2, 2020: 129.8, 2021: 109.1, 2022: 92.7, 2023: 110.2, 2024: 147.6, 2025: 153.1 };

interface FeeRow { title: string | null; amount_registered: number | null; max_offering_price_per_unit: number | null;
  max_aggregate_offering_price: number | null; registration_fee: number | null }
interface Fees { accession: string; form: string; source: string; max_aggregate_offering_price: number | null;
  registration_fee: number | null; rows: FeeRow[] | null }

function read(file: string): string {
  const b = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(b) : b).toString('utf8');
}

/** Readable text of raw HTML or plain text: tags dropped, common entities decoded, whitespace collapsed. */
function plain(raw: string): string {
  return raw.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ').replace(/&amp;/g, '&')
    .replace(/&#8217;|&rsquo;/g, '’').replace(/&#8220;|&ldquo;/g, '“').replace(/&#8221;|&rdquo;/g, '”').replace(/\s+/g, ' ');
}

/** The primary document of a full submission: its first <DOCUMENT>. */
function primary(raw: string): string {
  const start = raw.indexOf('<DOCUMENT>');
  const end = raw.indexOf('</DOCUMENT>', start);
  return start < 0 ? raw : raw.slice(start, end < 0 ? undefined : end);
}

/** The heading stands alone: a plain-text line of its own, or the whole text of an HTML element. */
const HEADING = /(?:^|>)[ \t]*CALCULATION\s+OF\s+REGISTRATION\s+FEES?[ \t]*(?:$|<)/im;

/** The table as the reader sees it: from the heading to the registrant's delaying amendment or 6,000 characters. */
function tableText(doc: string): string {
  const text = plain(doc);
  const at = text.search(/CALCULATION OF REGISTRATION FEE/i);
  const rest = text.slice(at, at + 6000);
  const end = rest.search(/hereby amends this registration statement|PROSPECTUS SUMMARY|PART I\b/i);
  return end > 0 ? rest.slice(0, end) : rest;
}

const amounts = (text: string) => [...text.matchAll(/\$\s?([0-9][0-9,]*(?:\.[0-9]+)?)/g)].map((m) => Number((m[1] ?? '').replace(/,/g, '')));
const printed = (text: string, n: number) => amounts(text).includes(n) || text.includes(n.toLocaleString('en-US'));

/** The rate the document states ("1/29 of one percent", "$80.90 per $1,000,000"), else the SEC's for the date filed. */
function rateOf(text: string, filed: string): number | null {
  const fraction = /1\/([0-9]+) of (?:one|1) percent/i.exec(text)?.[1];
  if (fraction) return 1 / (Number(fraction) * 100);
  const perMillion = /\$([0-9]+\.[0-9]+) per \$1,000,000/i.exec(text)?.[1];
  if (perMillion) return Number(perMillion) / 1e6;
  const [y, m] = filed.split('-').map(Number);
  const fiscal = (y ?? 0) + ((m ?? 0) >= 10 ? 1 : 0);
  const known = SEC_RATE_PER_MILLION[fiscal];
  return known === undefined ? null : known / 1e6;
}

/**
 * The row titles of a plain-text fee table (a 1990s document or a <PRE> block; null for an HTML table), read by column:
 * the title column ends where the first data row's first amount begins; a line with an amount right of it starts a
 * row, a line without one continues the title above it until a blank or rule line. Leader dots and the footnote
 * markers closing each line are dropped, a total row left out.
 */
function textTableTitles(doc: string): string[] | null {
  const at = doc.search(/CALCULATION\s+OF\s+REGISTRATION\s+FEE/i);
  if (at < 0) return null;
  const lines = doc.slice(at).split('\n').slice(1);
  const end = lines.findIndex((l) => /^\(\d{1,2}\)/.test(l));
  const table = lines.slice(0, end < 0 ? 60 : end);
  if (table.some((l) => /<t[dr]\b/i.test(l))) return null;
  const amount = /(?<=\.{2,}|\s{2,})(?:\$\s?\d|\d{1,3}(?:,\d{3})+)/;
  const first = table.findIndex((l) => amount.test(l));
  if (first < 0) return null;
  const col = table[first]?.search(amount) ?? 0;
  const clean = (t: string) => t.replace(/\.{2,}.*$/, '').replace(/(?:\((?:\d{1,2}|[a-z])\)|[*†‡])+\s*$/, '').trim();
  const titles: string[][] = [];
  let open = false;
  for (const line of table.slice(first)) {
    if (!/[A-Za-z]/.test(line)) open = false;
    else if (/\d/.test(line.slice(col)) && /[$\d]/.test(line.slice(col).trim()[0] ?? '')) {
      titles.push([clean(line.slice(0, col))]);
      open = true;
    } else if (open) titles.at(-1)?.push(clean(line.slice(0, col)));
  }
  return titles.map((t) => t.filter((x) => x !== '').join(' ').replace(/\s+/g, ' ')).filter((t) => !/^total\b/i.test(t));
}

const filedOf = (raw: string) => (/FILED AS OF DATE:\s*([0-9]{8})/.exec(raw)?.[1] ?? '00000000').replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
const accessionOf = (raw: string) => /ACCESSION NUMBER:\s*(\S+)/.exec(raw)?.[1] ?? null;

describe('registration fee tables on the cover page', () => {
  let engine: Engine;
  let cleanup: () => void;
  const raws = new Map<string, { name: string; raw: string }>();
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    const paths: string[] = [];
    for (const folder of FOLDERS) {
      const dir = fixture('edgar/filings', folder);
      if (!fixturesPresent || !fs.existsSync(dir)) continue;
      for (const f of fs.readdirSync(dir)) {
        const raw = read(path.join(dir, f));
        const accession = accessionOf(raw);
        // a bare primary document without its SEC header has no accession to file it under
        if (accession === null) continue;
        raws.set(accession, { name: `${folder}/${f}`, raw });
        paths.push(path.join(dir, f));
      }
    }
    for (const g of feeTableFilings()) raws.set(g.accession, { name: `generated ${g.form} ${g.filed}`, raw: g.raw });
    paths.push(...writeFeeTableFilings(tempDir('fee-tables-')));
    await ingestPaths(engine, paths);
  });
  after(() => { cleanup(); });

  test('a filing has a table row exactly when its primary document carries the table and no fee exhibit', async () => {
    const fees = await engine.query<Fees>('SELECT * FROM filing_fees(NULL)');
    let tables = 0;
    for (const [accession, { name, raw }] of raws) {
      const hasTable = HEADING.test(primary(raw));
      const hasExhibit = /<TYPE>EX-FILING FEES|<TYPE>EX-107/i.test(raw);
      const f = fees.find((x) => x.accession === accession);
      if (hasExhibit) assert.equal(f?.source, 'exhibit', name);
      else if (hasTable) {
        assert.equal(f?.source, 'table', `${name}: the cover's fee table is not read`);
        tables++;
      } else assert.equal(f, undefined, `${name}: no fee table, yet ${JSON.stringify(f)}`);
    }
    assert.ok(tables >= feeTableFilings().length);
  });

  test('each table: fee and offering as printed, rows adding up to the total, each fee the offering times the rate', async () => {
    const fees = await engine.query<Fees>("SELECT * FROM filing_fees(NULL) WHERE source = 'table'");
    assert.ok(fees.length > 0);
    for (const f of fees) {
      const { name, raw } = raws.get(f.accession) ?? { name: f.accession, raw: '' };
      const table = tableText(primary(raw));
      const fee = f.registration_fee;
      const offering = f.max_aggregate_offering_price;
      assert.ok(fee !== null && offering !== null, `${name}: fee ${String(fee)} offering ${String(offering)}`);
      assert.ok(printed(table, fee), `${name}: fee ${String(fee)} not in the table`);
      assert.ok(printed(table, offering), `${name}: offering ${String(offering)} not in the table`);
      const rows = f.rows ?? [];
      assert.ok(rows.length > 0, name);
      // the table's fee is the sum of its rows' fees, and its offering the sum of theirs
      const sum = (pick: (r: FeeRow) => number | null) => rows.reduce((a, r) => a + (pick(r) ?? 0), 0);
      assert.ok(Math.abs(sum((r) => r.registration_fee) - fee) < 0.01, `${name}: rows' fees ${String(sum((r) => r.registration_fee))} != ${String(fee)}`);
      assert.ok(Math.abs(sum((r) => r.max_aggregate_offering_price) - offering) < 0.01, `${name}: rows' offerings != ${String(offering)}`);
      // a printed total row states the same fee as its last amount
      const total = /\bTotal\b[^A-Za-z]*?((?:\$\s?[0-9][0-9,.]*[^$A-Za-z]*)+)/.exec(table)?.[1];
      if (total !== undefined) assert.equal(amounts(total).at(-1), fee, `${name}: total row`);
      const rate = rateOf(table, filedOf(raw));
      const squeezed = plain(primary(raw)).replace(/\s+/g, '');
      // a plain-text table's wrapped titles are checked line by line below
      const plainText = textTableTitles(primary(raw)) !== null;
      for (const r of rows) {
        if (r.title !== null && !plainText) assert.ok(squeezed.includes(r.title.replace(/\s+/g, '')), `${name}: title "${r.title}"`);
        if (r.registration_fee === null || r.max_aggregate_offering_price === null) continue;
        assert.ok(printed(table, r.registration_fee), `${name}: row fee ${String(r.registration_fee)}`);
        if (rate !== null) {
          // fees are rounded up to the cent or, in older tables, the dollar
          const diff = r.registration_fee - r.max_aggregate_offering_price * rate;
          assert.ok(diff > -0.01 && diff < 1, `${name}: ${String(r.max_aggregate_offering_price)} x ${String(rate)} != ${String(r.registration_fee)}`);
        }
        if (r.max_offering_price_per_unit !== null && r.amount_registered !== null) {
          // aggregate = units x price per unit (a debt row is priced as a percentage and has no unit price)
          assert.ok(Math.abs(r.amount_registered * r.max_offering_price_per_unit - r.max_aggregate_offering_price) < 1, `${name}: units x price`);
        }
      }
    }
  });

  test('a plain-text table\'s title wrapped onto the lines below its row is read whole', async () => {
    const fees = await engine.query<Fees>("SELECT * FROM filing_fees(NULL) WHERE source = 'table'");
    let wrapped = 0;
    for (const f of fees) {
      const { name, raw } = raws.get(f.accession) ?? { name: f.accession, raw: '' };
      const titles = textTableTitles(primary(raw));
      if (titles === null) continue;
      assert.deepEqual((f.rows ?? []).map((r) => r.title), titles, name);
      wrapped += titles.filter((t) => !primary(raw).includes(t)).length;
    }
    assert.ok(wrapped > 0, 'a title wrapped over several lines was read');
  });
});
