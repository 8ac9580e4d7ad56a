// Audit: an issuer the warehouse knows only from insider documents (Form 3/4/5 XML, the SEC insider data set) is a
// known company. For every issuer CIK those fixtures name and no companyfacts/submissions file covers,
// /api/insider-transactions answers 200 by CIK and by the documents' ticker, with the issuer's trades read here from
// the documents themselves.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer } from '../http/testApp.ts';
import { fixtureApp } from '../helpers/fixtureApp.ts';

const OWNERSHIP_DIR = fixture('edgar', 'ownership');
const INSIDER_DIR = fixture('sec-datasets', 'insider', '2025q2_subset');
const COMPANYFACTS = fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz');

interface Trade { date: string; shares: number }
interface Issuer { cik: number; symbol: string | null; names: Set<string>; trades: Trade[] }

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** The data set's DD-MON-YYYY as an ISO date. */
function isoOf(d: string): string {
  const m = /^(\d{2})-([A-Z]{3})-(\d{4})$/.exec(d.trim());
  assert.ok(m, `a data set date: ${d}`);
  return `${m[3] ?? ''}-${String(MONTHS.indexOf(m[2] ?? '') + 1).padStart(2, '0')}-${m[1] ?? ''}`;
}

function issuerOf(byCik: Map<number, Issuer>, cik: number, symbol: string | null, name: string | null): Issuer {
  const known = byCik.get(cik) ?? { cik, symbol: null, names: new Set<string>(), trades: [] };
  if (name) known.names.add(name);
  if (symbol && !/^(none|n\/a)$/i.test(symbol)) known.symbol = symbol.toUpperCase();
  byCik.set(cik, known);
  return known;
}

function tsv(file: string): Record<string, string>[] {
  if (!fs.existsSync(file)) return [];
  const [head, ...lines] = fs.readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.length > 0);
  const cols = (head ?? '').split('\t');
  return lines.map((l) => {
    const cells = l.split('\t');
    return Object.fromEntries(cols.map((c, i) => [c, cells[i] ?? '']));
  });
}

/** Every issuer the fixtures' ownership documents name, with each transaction row (holdings are not trades). */
function issuersInDocuments(): Map<number, Issuer> {
  const byCik = new Map<number, Issuer>();
  for (const name of fs.existsSync(OWNERSHIP_DIR) ? fs.readdirSync(OWNERSHIP_DIR) : []) {
    const text = fs.readFileSync(path.join(OWNERSHIP_DIR, name), 'utf8');
    const cik = /<issuerCik>\s*(\d+)\s*<\/issuerCik>/.exec(text)?.[1];
    if (!cik || !text.includes('<ownershipDocument')) continue;
    const issuer = issuerOf(byCik, Number(cik), /<issuerTradingSymbol>\s*([^<]*?)\s*<\/issuerTradingSymbol>/.exec(text)?.[1] ?? null,
      /<issuerName>\s*([^<]*?)\s*<\/issuerName>/.exec(text)?.[1]?.replace(/&amp;/g, '&') ?? null);
    for (const block of text.match(/<(?:nonDerivative|derivative)Transaction>[\s\S]*?<\/(?:nonDerivative|derivative)Transaction>/g) ?? []) {
      const date = /<transactionDate>\s*<value>\s*([\d-]+)/.exec(block)?.[1];
      const shares = /<transactionShares>\s*<value>\s*([\d.]+)/.exec(block)?.[1];
      if (date && shares) issuer.trades.push({ date: date.slice(0, 10), shares: Number(shares) });
    }
  }
  const issuerOfAccession = new Map<string, Issuer>();
  for (const r of tsv(path.join(INSIDER_DIR, 'SUBMISSION.tsv'))) {
    issuerOfAccession.set(r.ACCESSION_NUMBER ?? '', issuerOf(byCik, Number(r.ISSUERCIK), r.ISSUERTRADINGSYMBOL ?? null, r.ISSUERNAME ?? null));
  }
  for (const table of ['NONDERIV_TRANS.tsv', 'DERIV_TRANS.tsv']) {
    for (const r of tsv(path.join(INSIDER_DIR, table))) {
      const issuer = issuerOfAccession.get(r.ACCESSION_NUMBER ?? '');
      if (issuer && r.TRANS_DATE && r.TRANS_SHARES) issuer.trades.push({ date: isoOf(r.TRANS_DATE), shares: Number(r.TRANS_SHARES) });
    }
  }
  return byCik;
}

/** CIKs a companyfacts file of the run describes (read from its JSON, not assumed from the file name). */
function coveredCiks(): Set<number> {
  const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(COMPANYFACTS)).toString('utf8')) as { cik?: number | string };
  return new Set([Number(json.cik)]);
}

const fx = fixtureApp([OWNERSHIP_DIR, INSIDER_DIR, COMPANYFACTS]);

interface Page { totalResults?: number; data?: { transactionDate: string; shares: number | null }[]; error?: string }

async function get(route: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${fx.app.base}${route}`, bearer(fx.app.tokens['Stock Pro']));
  return { status: res.status, body: await res.json() };
}

async function page(query: string): Promise<{ status: number; body: Page }> {
  const { status, body } = await get(`/api/insider-transactions?${query}&pageSize=100`);
  return { status, body: body as Page };
}

test('every issuer known only from insider documents answers by CIK and by ticker with its own trades', async () => {
  const covered = coveredCiks();
  const issuers = [...issuersInDocuments().values()].filter((i) => !covered.has(i.cik));
  assert.ok(issuers.length > 0, 'the fixtures name issuers outside the companyfacts file');
  for (const issuer of issuers) {
    const byCik = await page(`cik=${String(issuer.cik)}`);
    assert.equal(byCik.status, 200, `cik ${String(issuer.cik)}: ${String(byCik.body.error)}`);
    const rows = byCik.body.data ?? [];
    const total = byCik.body.totalResults ?? 0;
    // co-owners' copies of one trade are merged, so the API may show fewer rows than the documents, never more
    assert.ok(total <= issuer.trades.length, `cik ${String(issuer.cik)}: ${String(total)} trades, documents have ${String(issuer.trades.length)}`);
    if (issuer.trades.length > 0) assert.ok(total > 0, `cik ${String(issuer.cik)}: the documents report trades`);
    const newest = issuer.trades.reduce((d, t) => (t.date > d ? t.date : d), '');
    if (rows.length > 0) assert.equal(rows[0]?.transactionDate, newest, `cik ${String(issuer.cik)}: newest trade first`);
    for (const r of rows) {
      assert.ok(issuer.trades.some((t) => t.date === r.transactionDate && t.shares === r.shares),
        `cik ${String(issuer.cik)}: ${r.transactionDate} ${String(r.shares)} shares is a trade the documents report`);
    }
    if (issuer.symbol) {
      const bySymbol = await page(`symbol=${encodeURIComponent(issuer.symbol)}`);
      assert.equal(bySymbol.status, 200, `symbol ${issuer.symbol}: ${String(bySymbol.body.error)}`);
      assert.equal(bySymbol.body.totalResults, total, `symbol ${issuer.symbol} names cik ${String(issuer.cik)}`);
    }
  }
});

test('an issuer known only from insider documents has the name and ticker those documents give', async () => {
  const covered = coveredCiks();
  for (const issuer of issuersInDocuments().values()) {
    if (covered.has(issuer.cik)) continue;
    const res = await get(`/api/company/details?cik=${String(issuer.cik)}`);
    const { status } = res;
    const body = res.body as { name?: string; tickers?: string[]; error?: string };
    assert.equal(status, 200, `cik ${String(issuer.cik)}: ${String(body.error)}`);
    assert.ok(body.name !== undefined && issuer.names.has(body.name), `cik ${String(issuer.cik)}: ${String(body.name)} is a name its documents give`);
    if (issuer.symbol) assert.ok(body.tickers?.includes(issuer.symbol), `cik ${String(issuer.cik)} lists ${issuer.symbol}`);
  }
});
