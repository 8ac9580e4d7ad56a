// The demo's ownership filings are SEC documents the real ingest reads: every value in the warehouse is the one the
// generated document states (read here from the document text), and the CUSIP check digits follow the real rule.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { fixture, fixturesMissing } from '../helpers/fixtures.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { DEMO_COMPANIES, DEMO_YEARS } from '../../demo/demoCompanies.ts';
import { writeDemoOwnership } from '../../demo/writeDemoOwnership.ts';
import { cusipCheckDigit } from '../../demo/cusipCheckDigit.ts';
import { cusipOfCompany } from '../../demo/ownershipCast.ts';
import { defined } from '../helpers/defined.ts';

const src = tempDir('demo-own-');
const written = writeDemoOwnership(src, DEMO_COMPANIES, DEMO_YEARS);
const wh = await openTempEngine('write');
const report = await ingestPaths(wh.engine, [src]);
after(() => { wh.cleanup(); });

const all = (text: string, tag: string) => [...text.matchAll(new RegExp(`<(?:ns1:)?${tag}>\\s*(?:<value>)?([^<]*)<`, 'g'))].map((m) => defined(m[1], 'm[1]').trim());
const accessionOf = (file: string) => path.basename(file, '.txt');

test('every generated filing is ingested: one insider filing per Form 4, one report per 13F-HR, one owner row per 13G', () => {
  assert.equal(report.rows.insider_filings, written.form4.length);
  assert.equal(report.rows.form13f_reports, written.form13f.length);
  assert.equal(report.rows.beneficial_owners, written.schedule13g.length);
  assert.ok(written.form4.length >= DEMO_COMPANIES.length && written.form13f.length >= 4 && written.schedule13g.length === DEMO_COMPANIES.length);
});

test('each Form 4 transaction in the warehouse has the code, shares and price its document states', async () => {
  for (const file of written.form4) {
    const text = fs.readFileSync(file, 'utf8');
    const stated = all(text, 'transactionCode').map((code, i) => ({
      code, shares: Number(all(text, 'transactionShares')[i]), price: Number(all(text, 'transactionPricePerShare')[i]),
    }));
    const rows = await wh.engine.query<{ code: string; shares: number; price: number }>(
      `SELECT transaction_code AS code, shares, price_per_share AS price FROM src_insider_transactions
       WHERE accession = $a AND NOT is_holding`, { a: accessionOf(file) });
    assert.ok(stated.length > 0, file);
    assert.deepEqual([...rows].sort(cmp), stated.sort(cmp), file);
  }
});

const cmp = (a: { code: string; shares: number; price: number }, b: typeof a) => a.code.localeCompare(b.code) || a.shares - b.shares || a.price - b.price;

test('each 13F-HR holds the rows of its information table, and the cover page total is their sum', async () => {
  for (const file of written.form13f) {
    const text = fs.readFileSync(file, 'utf8');
    const values = all(text, 'value').map(Number);
    assert.equal(Number(all(text, 'tableValueTotal')[0]), values.reduce((a, b) => a + b, 0), file);
    assert.equal(Number(all(text, 'tableEntryTotal')[0]), values.length, file);
    const [row] = await wh.engine.query<{ n: number; total: number }>(
      'SELECT count(*)::INTEGER AS n, sum(value)::DOUBLE AS total FROM src_holdings_13f WHERE accession = $a', { a: accessionOf(file) });
    assert.deepEqual(row, { n: values.length, total: values.reduce((a, b) => a + b, 0) }, file);
  }
});

test("each 13G states the issuer's CIK and CUSIP and the holder's percent, as the warehouse holds them", async () => {
  for (const file of written.schedule13g) {
    const text = fs.readFileSync(file, 'utf8');
    const [row] = await wh.engine.query<{ issuer_cik: number; cusip: string; percent_of_class: number; aggregate_amount: number }>(
      'SELECT issuer_cik, cusip, percent_of_class, aggregate_amount FROM src_beneficial_owners WHERE accession = $a', { a: accessionOf(file) });
    assert.deepEqual(row, {
      issuer_cik: Number(all(text, 'issuerCik')[0]), cusip: all(text, 'issuerCusip')[0],
      percent_of_class: Number(all(text, 'classPercent')[0]),
      aggregate_amount: Number(all(text, 'reportingPersonBeneficiallyOwnedAggregateNumberOfShares')[0]),
    }, file);
  }
});

test('the CUSIP map ties each demo CUSIP to its ticker and CIK, so symbol lookups reach the 13F rows', async () => {
  for (const company of DEMO_COMPANIES) {
    const [row] = await wh.engine.query<{ ticker: string; cik: number }>(
      "SELECT ticker, cik FROM src_securities WHERE source = 'cusip-map' AND cusip = $c", { c: cusipOfCompany(company) });
    assert.deepEqual(row, { ticker: company.ticker, cik: company.cik });
  }
});

test('the CUSIP check digit rule reproduces the ninth character of every CUSIP in the real 13F information tables', { skip: fixturesMissing ?? false }, () => {
  const dir = fixture('edgar', '13f');
  const cusips = fs.readdirSync(dir).filter((f) => /\.(txt|xml|nc)$/.test(f))
    .flatMap((f) => all(fs.readFileSync(path.join(dir, f), 'utf8'), 'cusip'))
    .filter((c) => /^[0-9A-Z]{9}$/.test(c));
  assert.ok(cusips.length > 10, `only ${String(cusips.length)} CUSIPs found under ${dir}`);
  const wrong = cusips.filter((c) => cusipCheckDigit(c.slice(0, 8)) !== c[8]);
  assert.deepEqual(wrong, []);
});
