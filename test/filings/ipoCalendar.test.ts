// IPO deals (sql/80_filings/50_ipo_deals.sql): the spec's state table walked on the demo deals by ingesting their
// submissions JSON as EDGAR showed it at each step (and out of order), and the stages of the real IPO issuers of the
// fixtures checked against the forms their submissions JSON lists.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { fixturesPresent } from '../helpers/fixtures.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { DEMO_IPOS, ipoSubmissionsJson, type DemoIpo } from '../../demo/demoIpos.ts';
import { defined } from '../helpers/defined.ts';

type Deal = Record<string, string | number | null>;

async function deal(engine: Engine, cik: number): Promise<Deal | undefined> {
  const rows = await engine.query<Deal>('SELECT * FROM ipo_deals(NULL) WHERE cik = $1', [cik]);
  return rows[0];
}

function present(d: Deal | undefined): Record<string, string | number> {
  return Object.fromEntries(Object.entries(defined(d, 'deal')).filter(([, v]) => v !== null)) as Record<string, string | number>;
}

describe('the IPO state table on the demo deals', () => {
  let engine: Engine;
  let cleanup: () => void;
  const dir = tempDir('ipo-');
  let step = 0;
  /** Ingest the issuer's submissions JSON as EDGAR showed it on `through`. */
  const snapshot = async (ipo: DemoIpo, through?: string) => {
    const file = path.join(dir, `step${String(++step)}`, `CIK${String(ipo.cik).padStart(10, '0')}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(ipoSubmissionsJson(ipo, through)));
    await ingestPaths(engine, [file]);
  };
  const lantern = defined(DEMO_IPOS.find((d) => d.filings.some((f) => f.form === '424B4')), 'priced demo deal');
  const harbor = defined(DEMO_IPOS.find((d) => d.filings.some((f) => f.form === 'RW')), 'withdrawn demo deal');
  const dateOf = (ipo: DemoIpo, form: string) => defined(ipo.filings.find((f) => f.form === form), form).filed;
  before(async () => { ({ engine, cleanup } = await openTempEngine()); });
  after(() => { cleanup(); });

  test('filed -> upcoming -> priced: each stage shows its own date and omits the others', async () => {
    await snapshot(lantern, dateOf(lantern, 'S-1/A'));
    let d = present(await deal(engine, lantern.cik));
    assert.equal(d['status'], 'filed');
    assert.equal(d['filedDate'], dateOf(lantern, 'S-1'));
    for (const k of ['expectedPriceDate', 'pricedDate', 'withdrawnDate', 'proposedTicker', 'exchange']) assert.ok(!(k in d), k);

    await snapshot(lantern, dateOf(lantern, 'EFFECT'));
    d = present(await deal(engine, lantern.cik));
    assert.equal(d['status'], 'upcoming');
    assert.equal(d['expectedPriceDate'], dateOf(lantern, 'EFFECT'));
    for (const k of ['filedDate', 'pricedDate', 'withdrawnDate']) assert.ok(!(k in d), k);

    await snapshot(lantern);
    d = present(await deal(engine, lantern.cik));
    assert.equal(d['status'], 'priced');
    // priced the day the registration went effective; the 424B4 came two days later
    assert.equal(d['pricedDate'], dateOf(lantern, 'EFFECT'));
    assert.equal(d['proposedTicker'], lantern.listing?.ticker);
    assert.equal(d['exchange'], lantern.listing?.exchange);
    for (const k of ['filedDate', 'expectedPriceDate', 'withdrawnDate', 'priceRangeLow', 'priceRangeHigh']) assert.ok(!(k in d), k);
  });

  test('an older snapshot ingested after the deal priced moves nothing back', async () => {
    await snapshot(lantern, dateOf(lantern, 'S-1'));
    assert.equal((await deal(engine, lantern.cik))?.['status'], 'priced');
  });

  test('upcoming -> withdrawn: the Form RW date, nothing of the other stages', async () => {
    await snapshot(harbor, dateOf(harbor, 'EFFECT'));
    assert.equal((await deal(engine, harbor.cik))?.['status'], 'upcoming');
    await snapshot(harbor);
    const d = present(await deal(engine, harbor.cik));
    assert.equal(d['status'], 'withdrawn');
    assert.equal(d['withdrawnDate'], dateOf(harbor, 'RW'));
    assert.equal(d['filedDate'], dateOf(harbor, 'S-1'));
    for (const k of ['expectedPriceDate', 'pricedDate']) assert.ok(!(k in d), k);
  });

  test('the status parameter selects one stage', async () => {
    const priced = await engine.query<Deal>("SELECT cik FROM ipo_deals('priced')");
    assert.deepEqual(priced.map((r) => r['cik']), [lantern.cik]);
  });
});

describe('IPO deals of the real issuers in the fixtures', () => {
  const folder = fixture('edgar', 'submissions');
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, fs.readdirSync(folder).filter((f) => f.endsWith('.json.gz') && !f.includes('snapshot')).map((f) => path.join(folder, f)));
  });
  after(() => { cleanup(); });

  test('an issuer is a deal iff its first S-1/F-1 precedes every periodic report; priced iff a 424B4 follows', async () => {
    const byCik = new Map<number, { form: string; filed: string }[]>();
    for (const f of fs.readdirSync(folder).filter((x) => x.endsWith('.json.gz') && !x.includes('snapshot'))) {
      const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(folder, f))).toString('utf8')) as Record<string, unknown>;
      const recent = (json['filings'] as { recent?: { form: string[]; filingDate: string[] } } | undefined)?.recent ?? (json as unknown as { form: string[]; filingDate: string[] });
      const cik = Number(/CIK(\d+)/.exec(f)?.[1]);
      const list = byCik.get(cik) ?? [];
      recent.form.forEach((form, i) => list.push({ form, filed: recent.filingDate[i] ?? '' }));
      byCik.set(cik, list);
    }
    let deals = 0;
    for (const [cik, list] of byCik) {
      const first = list.filter((x) => x.form === 'S-1' || x.form === 'F-1').map((x) => x.filed).sort()[0];
      const reportedBefore = first !== undefined && list.some((x) => ['10-K', '10-Q', '20-F', '40-F'].includes(x.form) && x.filed < first);
      const d = await deal(engine, cik);
      if (first === undefined || reportedBefore) {
        assert.equal(d, undefined, `${String(cik)} is no IPO issuer`);
        continue;
      }
      deals++;
      const prospectus = list.filter((x) => x.form === '424B4' && x.filed >= first).map((x) => x.filed).sort()[0];
      assert.equal(d?.['status'] === 'priced', prospectus !== undefined, String(cik));
      if (prospectus) assert.ok(String(d?.['pricedDate']) <= prospectus && String(d?.['pricedDate']) >= first, String(cik));
    }
    assert.ok(deals >= 3);
  });
});

describe("the SEC's EFFECT notice (XML) of a real S-1", () => {
  const notice = fixture('edgar', 'filings', 'EFFECT', 'effect.S-1.0001848948.xml');
  let engine: Engine;
  let cleanup: () => void;
  before(async () => { ({ engine, cleanup } = await openTempEngine()); });
  after(() => { cleanup(); });

  test("is a filing dated its effectiveness date, and makes the registrant's filed deal upcoming on that date", async () => {
    const xml = fs.readFileSync(notice, 'utf8');
    const date = defined(/<finalEffectivenessDispDate>([^<]+)</.exec(xml)?.[1], 'finalEffectivenessDispDate');
    const cik = Number(defined(/<cik>(\d+)</.exec(xml)?.[1], 'cik'));
    const fileNumber = defined(/<fileNumber>([^<]+)</.exec(xml)?.[1], 'fileNumber');
    // the registrant's S-1, as its submissions JSON would list it, filed some weeks before
    const dir = tempDir('effect-');
    const s1 = path.join(dir, `CIK${String(cik).padStart(10, '0')}.json`);
    const registrant: DemoIpo = { cik, name: 'Registrant of the EFFECT notice', listing: null, stateOfIncorporation: 'DE',
      filings: [{ form: 'S-1', filed: new Date(Date.parse(date) - 60 * 86_400_000).toISOString().slice(0, 10) }] };
    fs.writeFileSync(s1, JSON.stringify(ipoSubmissionsJson(registrant)));
    await ingestPaths(engine, [s1]);
    assert.equal((await deal(engine, cik))?.['status'], 'filed');
    const report = await ingestPaths(engine, [notice]);
    assert.equal(report.parsed.find((p) => p.name.endsWith('.xml'))?.kind, 'effect-notice');
    const [row] = await engine.query<{ filed: string; file_number: string; form: string }>(
      "SELECT strftime(filed, '%Y-%m-%d') AS filed, file_number, form FROM src_filings WHERE cik = $1 AND source = 'effect-notice'", [cik]);
    assert.deepEqual(row, { filed: date, file_number: fileNumber, form: 'EFFECT' });
    const d = present(await deal(engine, cik));
    assert.equal(d['status'], 'upcoming');
    assert.equal(d['expectedPriceDate'], date);
  });
});

/** An EDGAR full submission of one HTML document, with the SGML header EDGAR writes. */
function submission(o: { accession: string; form: string; filed: string; cik: number; name: string; type: string; filename: string; html: string }): string {
  const day = o.filed.replace(/-/g, '');
  return `<SEC-DOCUMENT>${o.accession}.txt : ${day}\n<SEC-HEADER>${o.accession}.hdr.sgml : ${day}\n<ACCEPTANCE-DATETIME>${day}160500\n` +
    `ACCESSION NUMBER:\t\t${o.accession}\nCONFORMED SUBMISSION TYPE:\t${o.form}\nPUBLIC DOCUMENT COUNT:\t\t1\nFILED AS OF DATE:\t\t${day}\n\n` +
    `FILER:\n\n\tCOMPANY DATA:\t\n\t\tCOMPANY CONFORMED NAME:\t\t\t${o.name}\n\t\tCENTRAL INDEX KEY:\t\t\t${String(o.cik).padStart(10, '0')}\n\n</SEC-HEADER>\n` +
    `<DOCUMENT>\n<TYPE>${o.type}\n<SEQUENCE>1\n<FILENAME>${o.filename}\n<TEXT>\n${o.html}\n</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n`;
}

describe('an acceleration request letter (CORRESP) makes a filed deal upcoming on the date it asks for', () => {
  let engine: Engine;
  let cleanup: () => void;
  const dir = tempDir('accel-');
  const quill = defined(DEMO_IPOS.find((d) => d.filings.every((f) => f.form === 'S-1' || f.form === 'S-1/A')), 'filed demo deal');
  before(async () => { ({ engine, cleanup } = await openTempEngine()); });
  after(() => { cleanup(); });

  test('the requested date (and time) read from the letter becomes expectedPriceDate', async () => {
    const json = path.join(dir, `CIK${String(quill.cik).padStart(10, '0')}.json`);
    fs.writeFileSync(json, JSON.stringify(ipoSubmissionsJson(quill)));
    await ingestPaths(engine, [json]);
    assert.equal((await deal(engine, quill.cik))?.['status'], 'filed');
    const lastAmendment = defined(quill.filings.at(-1), 'amendment').filed;
    const letterDate = new Date(Date.parse(lastAmendment) + 14 * 86_400_000).toISOString().slice(0, 10);
    // The letter as registrants write it under Rule 461; the date requested is two business days after the letter.
    const html = `<html><body><p>${new Date(letterDate).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })}</p>` +
      '<p>VIA EDGAR</p><p>Securities and Exchange Commission, Division of Corporation Finance, 100 F Street, N.E., Washington, D.C. 20549</p>' +
      `<p>Re: ${quill.name} Registration Statement on Form S-1 (File No. 333-999999)</p>` +
      '<p>Ladies and Gentlemen:</p><p>Pursuant to Rule 461 under the Securities Act of 1933, as amended, the undersigned registrant hereby ' +
      'requests that the effective date of the above-referenced Registration Statement be accelerated so that it will become effective at ' +
      '4:30 p.m., Eastern Time, on Wednesday, March 19, 2025, or as soon thereafter as practicable.</p><p>Very truly yours,</p></body></html>';
    const file = path.join(dir, 'corresp.txt');
    const accession = `${String(quill.cik).padStart(10, '0')}-25-000901`;
    fs.writeFileSync(file, submission({ accession, form: 'CORRESP', filed: letterDate, cik: quill.cik, name: quill.name, type: 'CORRESP', filename: 'filename1.htm', html }));
    await ingestPaths(engine, [file]);
    // what the letter asks for, read from the letter
    const text = html.replace(/<[^>]*>/g, ' ');
    const asked = defined(/accelerated[\s\S]{0,200}?on \w+day, (\w+ \d+, \d{4})/.exec(text)?.[1], 'requested date');
    const askedIso = new Date(`${asked} UTC`).toISOString().slice(0, 10);
    const [req] = await engine.query<{ requested_date: string; requested_time: string }>(
      "SELECT strftime(requested_date, '%Y-%m-%d') AS requested_date, requested_time FROM acceleration_requests() WHERE accession = $1", [accession]);
    assert.deepEqual(req, { requested_date: askedIso, requested_time: '16:30' });
    const d = present(await deal(engine, quill.cik));
    assert.equal(d['status'], 'upcoming');
    assert.equal(d['expectedPriceDate'], askedIso);
    assert.ok(!('filedDate' in d));
  });

  test('a staff comment letter or response that names no requested date is not a request', async () => {
    await ingestPaths(engine, [fixture('edgar', 'filings', 'correspondence')]);
    const rows = await engine.query<{ accession: string }>('SELECT accession FROM acceleration_requests() WHERE cik = 320193');
    for (const r of rows) {
      const raw = fs.readFileSync(fixture('edgar', 'filings', 'correspondence', `${r.accession}.txt`), 'utf8');
      assert.match(raw.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' '), /request[^.]{0,200}accelerat/i, r.accession);
    }
  });
});

describe('IPO deals of the real S-1 registrations in the fixtures: terms from the prospectus cover', () => {
  const folder = fixture('edgar', 'filings', 'S-1');
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, [folder]);
  });
  after(() => { cleanup(); });

  test('range (or fixed price), ticker and exchange as the cover states them; no final price before a 424B4', async () => {
    let checked = 0;
    for (const f of fs.readdirSync(folder)) {
      const bytes = fs.readFileSync(path.join(folder, f));
      const raw = (f.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
      const cik = Number(defined(/CENTRAL INDEX KEY:\s*(\d+)/.exec(raw)?.[1], 'cik'));
      const d = await deal(engine, cik);
      const text = raw.replace(/<[^>]*>/g, ' ').replace(/&#8220;/g, '“').replace(/&nbsp;|&#160;/g, ' ').replace(/\s+/g, ' ');
      if (!/this is an initial public offering/i.test(text)) continue; // a resale registration of a listed company
      checked++;
      const p = present(d);
      assert.equal(p['status'], 'filed', f);
      assert.ok(!('price' in p), f);
      const range = /initial public offering price[^.]{0,40} will be between \$\s?([0-9.]+) and \$\s?([0-9.]+)/i.exec(text);
      const fixed = /each unit has an offering price of \$\s?([0-9.]+)/i.exec(text);
      if (range) assert.deepEqual([p['priceRangeLow'], p['priceRangeHigh']], [Number(range[1]), Number(range[2])], f);
      else if (fixed) assert.deepEqual([p['priceRangeLow'], p['priceRangeHigh']], [Number(fixed[1]), Number(fixed[1])], f);
      const symbol = /under the (?:trading )?symbol “([A-Z.]+)/.exec(text)?.[1];
      if (symbol !== undefined) assert.equal(p['proposedTicker'], symbol.replace(/\.$/, ''), f);
      if (/on the Nasdaq [A-Z][a-z]+ Market under the symbol/.test(text)) assert.equal(p['exchange'], 'Nasdaq', f);
      if (/on the New York Stock Exchange[^.]{0,30}under the symbol/.test(text)) assert.equal(p['exchange'], 'NYSE', f);
    }
    assert.ok(checked > 0 || !fixturesPresent);
  });
});
