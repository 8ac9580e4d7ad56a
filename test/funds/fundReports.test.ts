// Fund fees (prospectus risk/return summaries) and fund performance (tailored shareholder reports) through the API:
// the real Delaware 485BPOS's fee table per class, and the N-CSR / N-CSRS generated for the demo funds in the OEF
// structure, each compared with values read here from the document text with plain regular expressions; a stock on
// a fund endpoint is a 400, and no fund of the fixtures gives a 500.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { writeDemoFundReports, type WrittenFundReport } from '../../demo/writeDemoFundReports.ts';
import { DEMO_FUND_REPORT_SUBJECTS } from '../../demo/demoFundReportSubjects.ts';
import { DEMO_YEARS } from '../../demo/demoCompanies.ts';
import { defined } from '../helpers/defined.ts';

const DELAWARE = fixture('edgar', 'n1a', 'Delaware.485BPOS.html.gz');
const STOCK = fixture('edgar', 'submissions', 'CIK0001318605.json.gz');
const FUND_FOLDERS = [fixture('edgar', 'n1a'), fixture('edgar', 'funds'), fixture('edgar', 'nport')];

interface InlineFact { name: string; contextRef: string; attrs: Record<string, string>; text: string }

function read(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
}

/** Every ix:nonFraction / ix:nonNumeric with plain text content: its attributes and the text a reader sees. */
function inlineFacts(xhtml: string): InlineFact[] {
  return [...xhtml.matchAll(/<ix:non(?:Fraction|Numeric)\b([^>]*)>([^<]*)</g)].map((m) => {
    const attrs = Object.fromEntries([...(m[1] ?? '').matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1] ?? '', a[2] ?? '']));
    return { name: attrs['name'] ?? '', contextRef: attrs['contextRef'] ?? '', attrs, text: (m[2] ?? '').trim() };
  });
}

/** Context id -> the EDGAR class id of its share-class axis member, for contexts on a class axis. */
function classOfContext(xhtml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of xhtml.matchAll(/<(?:[\w-]+:)?context id="([^"]+)">([\s\S]*?)<\/(?:[\w-]+:)?context>/g)) {
    const c = /dimension="[\w-]+:(?:ProspectusShareClassAxis|ClassAxis)">[^<]*?(C\d{9})Member</.exec(m[2] ?? '');
    if (c?.[1]) out.set(defined(m[1], 'context id'), c[1]);
  }
  return out;
}

/** A percent shown on the page: the text is the percent when the fact is scaled by -2 (a fraction of 1 as tagged). */
function shownPercent(f: InlineFact): number {
  assert.equal(f.attrs['scale'], '-2', `${f.name} in ${f.contextRef} is not shown as a percent`);
  return (f.attrs['sign'] === '-' ? -1 : 1) * Number(f.text.replace(/,/g, ''));
}

/** Per class id of a document: its ticker and its facts by concept name (class contexts with no other axis). */
function perClass(xhtml: string): Map<string, { ticker: string; facts: Map<string, InlineFact> }> {
  const classes = classOfContext(xhtml);
  const contextDims = new Map<string, number>();
  for (const m of xhtml.matchAll(/<(?:[\w-]+:)?context id="([^"]+)">([\s\S]*?)<\/(?:[\w-]+:)?context>/g)) {
    contextDims.set(defined(m[1], 'context id'), [...(m[2] ?? '').matchAll(/explicitMember dimension="([^"]+)"/g)].filter((d) => !/(ClassAxis|LegalEntityAxis)$/.test(d[1] ?? '')).length);
  }
  const out = new Map<string, { ticker: string; facts: Map<string, InlineFact> }>();
  const facts = inlineFacts(xhtml);
  for (const f of facts) {
    const classId = classes.get(f.contextRef);
    if (classId && f.name === 'dei:TradingSymbol') out.set(classId, { ticker: f.text, facts: new Map() });
  }
  for (const f of facts) {
    const entry = out.get(classes.get(f.contextRef) ?? '');
    if (entry && contextDims.get(f.contextRef) === 0 && f.name !== 'dei:TradingSymbol') entry.facts.set(f.name, f);
  }
  return out;
}

/** The class's average annual return over a one-year context with no axis but the class (and series) axes. */
function oneYearReturn(xhtml: string, classId: string): InlineFact | undefined {
  const oneYear = new Set<string>();
  for (const m of xhtml.matchAll(/<(?:[\w-]+:)?context id="([^"]+)">([\s\S]*?)<\/(?:[\w-]+:)?context>/g)) {
    const block = m[2] ?? '';
    const start = /<(?:[\w-]+:)?startDate>([^<]+)</.exec(block)?.[1];
    const end = /<(?:[\w-]+:)?endDate>([^<]+)</.exec(block)?.[1];
    const axes = [...block.matchAll(/explicitMember dimension="([^"]+)"/g)].map((d) => d[1] ?? '');
    if (!start || !end || !axes.every((a) => /(ClassAxis|LegalEntityAxis)$/.test(a))) continue;
    const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
    if (Math.abs(days - 365.25) < 2) oneYear.add(defined(m[1], 'context id'));
  }
  const classes = classOfContext(xhtml);
  return inlineFacts(xhtml).find((f) => f.name === 'oef:AvgAnnlRtrPct' && oneYear.has(f.contextRef) && classes.get(f.contextRef) === classId);
}

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let app: TestApp;
let reports: WrittenFundReport[];

async function get(path: string, plan: keyof TestApp['tokens'] = 'ETF Pro'): Promise<{ status: number; body: { data?: Record<string, unknown>[]; error?: string } }> {
  const res = await fetch(`${app.base}${path}`, bearer(app.tokens[plan]));
  return { status: res.status, body: await res.json() as { data?: Record<string, unknown>[]; error?: string } };
}

describe('fund fees and performance', () => {
  before(async () => {
    const dir = tempDir('fund-reports-');
    reports = writeDemoFundReports(dir, DEMO_FUND_REPORT_SUBJECTS, DEMO_YEARS);
    wh = await openTempEngine('write');
    await ingestPaths(wh.engine, [...FUND_FOLDERS, STOCK, dir]);
    app = await startTestApp(wh.engine);
  });

  after(async () => {
    await app.close();
    wh.cleanup();
  });

  test('the Delaware 485BPOS serves each class its management fee and net expense ratio as the fee table states them', async () => {
    const classes = perClass(read(DELAWARE));
    assert.ok(classes.size > 1, 'the document tags several classes');
    for (const [classId, { ticker, facts }] of classes) {
      const management = defined(facts.get('rr:ManagementFeesOverAssets'), `${classId} management fee`);
      const total = defined(facts.get('rr:ExpensesOverAssets'), `${classId} total expenses`);
      // no waiver line in this document: the total annual operating expenses are what the class pays, net
      assert.equal(facts.get('rr:NetExpensesOverAssets'), undefined);
      assert.equal(facts.get('rr:FeeWaiverOrReimbursementOverAssets'), undefined);
      for (const symbol of [ticker, classId]) {
        const { status, body } = await get(`/api/fund/fees?symbol=${symbol}`);
        assert.equal(status, 200, JSON.stringify(body));
        const row = defined(body.data?.[0], `${symbol}: a fee row`);
        assert.equal(row['symbol'], ticker);
        assert.equal(row['managementFee'], shownPercent(management), `${ticker} management fee`);
        assert.equal(row['totalExpenseRatio'], shownPercent(total), `${ticker} gross`);
        assert.equal(row['netExpenseRatio'], shownPercent(total), `${ticker} net`);
        assert.ok(body.data?.every((r) => r['symbol'] === ticker), 'a class ticker gives that class only');
      }
    }
  });

  test("a generated N-CSR serves each class's expense ratio and its cost per $1,000 (the stated $10,000 cost / 10)", async () => {
    const annual = reports.filter((r) => r.form === 'N-CSR');
    assert.ok(annual.length > 0);
    for (const report of annual) {
      const classes = perClass(read(report.file));
      assert.ok(classes.size > 0, report.file);
      for (const [classId, { ticker, facts }] of classes) {
        const ratio = defined(facts.get('oef:ExpenseRatioPct'), `${classId} expense ratio`);
        const paid = defined(facts.get('oef:ExpensesPaidAmt'), `${classId} expenses paid`);
        assert.equal(paid.attrs['scale'], '0');
        const { status, body } = await get(`/api/fund/performance?symbol=${ticker}`, 'Free');
        assert.equal(status, 200, JSON.stringify(body));
        const row = defined(body.data?.find((r) => r['periodEndDate'] === report.periodEnd && r['formType'] === 'N-CSR'), `${ticker} ${report.periodEnd}`);
        assert.equal(row['expenseRatio'], shownPercent(ratio));
        assert.equal(row['expensesPaid'], Number(paid.text.replace(/,/g, '')) / 10);
        assert.equal(row['filedDate'], report.filed);
        // the one-year return: the class's AvgAnnlRtrPct whose context spans one year and names no index
        const oneYear = oneYearReturn(read(report.file), classId);
        assert.equal(row['return1yr'], shownPercent(defined(oneYear, `${classId} 1-year return`)));
      }
    }
  });

  test('performance rows are newest period first, and asOf leaves out reports filed after it', async () => {
    const ticker = defined(DEMO_FUND_REPORT_SUBJECTS[0]?.classes[0]?.ticker, 'a demo ticker');
    const all = defined((await get(`/api/fund/performance?symbol=${ticker}`, 'Free')).body.data, 'rows');
    const ends = all.map((r) => String(r['periodEndDate']));
    assert.deepEqual(ends, [...ends].sort().reverse());
    const firstFiled = [...new Set(all.map((r) => String(r['filedDate'])))].sort()[0];
    const pinned = defined((await get(`/api/fund/performance?symbol=${ticker}&asOf=${String(firstFiled)}`, 'Free')).body.data, 'rows');
    assert.ok(pinned.length > 0 && pinned.length < all.length);
    assert.ok(pinned.every((r) => String(r['filedDate']) <= String(firstFiled)));
  });

  test('a stock symbol, a CIK or an unknown symbol on a fund endpoint is a 400 naming the problem', async () => {
    for (const path of ['/api/fund/fees', '/api/fund/performance']) {
      for (const query of ['symbol=TSLA', 'cik=1318605', 'symbol=NOSUCHFUND']) {
        const { status, body } = await get(`${path}?${query}`);
        assert.equal(status, 400, `${path}?${query}`);
        assert.match(String(body.error), /fund/i);
      }
    }
  });

  test('every fund class the fixtures name answers both endpoints without a server error', async () => {
    const tickers = await wh.engine.query<{ id: string }>('SELECT coalesce(ticker, class_id) AS id FROM fund_class_index ORDER BY 1');
    assert.ok(tickers.length > 0);
    for (const { id } of tickers) {
      for (const path of ['/api/fund/fees', '/api/fund/performance']) {
        const { status, body } = await get(`${path}?symbol=${id}`);
        assert.equal(status, 200, `${path}?symbol=${id}: ${JSON.stringify(body)}`);
      }
    }
  });
});
