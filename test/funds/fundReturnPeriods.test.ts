// Average annual returns tagged by period members instead of context lengths: the demo generator's N-CSR, rewritten
// the way many filers tag it (every return on the report year's context, told apart by a member on a period axis,
// spelled in the OEF taxonomy's way or a filer's own), must serve the same 1/5/10-year and since-inception returns
// as the report tagged by context length. Expected values are read here from the document text; which period a
// member names is read from the spelled member itself (the word or digits next to "year", or an inception word).
// The rule is also checked on a report tagged by context length and on every N-CSR in the fixtures (none yet: skipped).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { FIXTURES, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { fixturesPresent } from '../helpers/fixtures.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { secSubmission } from '../../demo/secSubmission.ts';
import { fundIxDocument, type FundIxDocument, type FundIxNumber } from '../../demo/fundIxDocument.ts';
import { shareholderReport, type FundReportSubject } from '../../demo/fundReportDocuments.ts';
import { defined } from '../helpers/defined.ts';

/** Member spellings per period (1, 5, 10 years; 0 = since inception), each set as one filer would write them. */
const SPELLINGS: readonly { axis: string; members: Record<number, string> }[] = [
  { axis: 'srt:RangeAxis', members: { 1: 'oef:OneYearMember', 5: 'oef:FiveYearsMember', 10: 'oef:TenYearsMember', 0: 'oef:SinceInceptionMember' } },
  { axis: 'pv2:PerformancePeriodAxis', members: { 1: 'pv2:Past1YearMember', 5: 'pv2:Past5YearsMember', 10: 'pv2:Past10YearsMember', 0: 'pv2:LifeOfFundMember' } },
  { axis: 'pv3:ReturnPeriodAxis', members: { 1: 'pv3:Year01Member', 5: 'pv3:Year05Member', 10: 'pv3:Year10Member', 0: 'pv3:InceptionToDateMember' } },
  { axis: 'srt:RangeAxis', members: { 1: 'pv4:Trailing_1_YrMember', 5: 'pv4:Trailing_5_YrMember', 10: 'pv4:TenYearsOrSinceInceptionMember', 0: 'pv4:TenYearsOrSinceInceptionMember' } },
];

const PERIOD_FIELD: Record<number, string> = { 1: 'return1yr', 5: 'return5yr', 10: 'return10yr', 0: 'returnSinceInception' };
const PERIOD_END = '2024-12-31';

function subject(i: number): FundReportSubject {
  const id = (p: string) => `${p}9991${String(i).padStart(2, '0')}001`;
  return {
    cik: 9_997_101 + i, registrantName: `Period Member Trust ${String(i)} (TEST DATA)`, seriesId: id('S'), seriesName: `Period Member Fund ${String(i)}`,
    prefix: `pv${String(i + 1)}`, etf: false,
    classes: [
      { classId: id('C'), ticker: `PVM${String(i)}X`, name: 'Investor', inception: '2009-05-04', expenseRatio: 0.008 },
      { classId: `${id('C').slice(0, -1)}2`, ticker: `PVM${String(i)}I`, name: 'Institutional', inception: '2018-05-04', expenseRatio: 0.005 },
    ],
  };
}

/** The report with each class return moved onto the report year's context and named by a period member instead. */
function byMembers(doc: FundIxDocument, spelling: (typeof SPELLINGS)[number]): FundIxDocument {
  const yearStart = defined(doc.numbers.find((n) => n.concept === 'oef:ExpenseRatioPct'), 'the report year').start;
  const numbers = doc.numbers.map((n): FundIxNumber => {
    if (n.concept !== 'oef:AvgAnnlRtrPct' || n.dims.length !== 1 || n.start === null) return n;
    const years = Math.round((Date.parse(n.end) - Date.parse(n.start)) / (365.25 * 86_400_000));
    const period = [1, 5, 10].includes(years) ? years : 0;
    return { ...n, start: yearStart, dims: [...n.dims, [spelling.axis, defined(spelling.members[period], `member for ${String(period)}`)]] };
  });
  return { ...doc, numbers };
}

interface Tagged { contextRef: string; value: number }

/**
 * Each class return on a context with a period member: the member's period read from its spelling (a member naming
 * both ten years and since inception is the ten-year return of a class that old, else its since-inception return),
 * and the value shown.
 */
function returnsByPeriod(xhtml: string, classId: string, members: Record<number, string>, ageYears: number): Map<number, number> {
  const contexts = new Map<string, string[]>();
  for (const m of xhtml.matchAll(/<xbrli:context id="([^"]+)">([\s\S]*?)<\/xbrli:context>/g)) {
    contexts.set(defined(m[1], 'id'), [...(m[2] ?? '').matchAll(/<xbrldi:explicitMember dimension="[^"]+">([^<]+)</g)].map((d) => defined(d[1], 'member')));
  }
  const facts: Tagged[] = [...xhtml.matchAll(/<ix:nonFraction\b([^>]*)>([^<]*)</g)]
    .filter((f) => (f[1] ?? '').includes('name="oef:AvgAnnlRtrPct"'))
    .map((f) => ({ contextRef: /contextRef="([^"]+)"/.exec(f[1] ?? '')?.[1] ?? '', value: (/sign="-"/.test(f[1] ?? '') ? -1 : 1) * Number(defined(f[2], 'text').replace(/[,%]/g, '')) }));
  const out = new Map<number, number>();
  for (const f of facts) {
    const ctx = contexts.get(f.contextRef) ?? [];
    if (ctx.length !== 2 || !ctx.some((m) => m.includes(classId))) continue;
    for (const [period, member] of Object.entries(members)) {
      const both = member.includes('SinceInception') && member.includes('TenYears');
      if (ctx.includes(member) && (!both || (ageYears >= 10) === (period === '10'))) out.set(Number(period), f.value);
    }
  }
  return out;
}

/**
 * Each class return of a report tagged by context length, by period: the years its context spans (1, 5 or 10, else
 * since inception) read from the context's dates; contexts with a second member (the index beside the class) are not the class's.
 */
function returnsByContextLength(xhtml: string, classId: string): Map<number, number> {
  const spans = new Map<string, number>();
  for (const m of xhtml.matchAll(/<xbrli:context id="([^"]+)">([\s\S]*?)<\/xbrli:context>/g)) {
    const members = [...(m[2] ?? '').matchAll(/<xbrldi:explicitMember dimension="[^"]+">([^<]+)</g)].map((d) => defined(d[1], 'member'));
    const dates = /<xbrli:startDate>([^<]+)<\/xbrli:startDate><xbrli:endDate>([^<]+)</.exec(m[2] ?? '');
    if (members.length !== 1 || !members[0]?.includes(classId) || !dates) continue;
    const years = Math.round((Date.parse(defined(dates[2], 'end')) - Date.parse(defined(dates[1], 'start'))) / (365.25 * 86_400_000));
    spans.set(defined(m[1], 'id'), [1, 5, 10].includes(years) ? years : 0);
  }
  const out = new Map<number, number>();
  for (const f of xhtml.matchAll(/<ix:nonFraction\b([^>]*)>([^<]*)</g)) {
    const attrs = f[1] ?? '';
    const period = spans.get(/contextRef="([^"]+)"/.exec(attrs)?.[1] ?? '');
    if (!attrs.includes('name="oef:AvgAnnlRtrPct"') || period === undefined) continue;
    out.set(period, (/sign="-"/.test(attrs) ? -1 : 1) * Number(defined(f[2], 'text').replace(/[,%]/g, '')));
  }
  return out;
}

/** Shareholder reports in the shared fixtures (none when this was written; the corpus grows): files whose SGML header says N-CSR(S). */
function fixtureShareholderReports(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, e.name);
      if (e.isDirectory()) walk(file);
      else if (/\.(txt|nc)(\.gz)?$/.test(e.name)) {
        const bytes = fs.readFileSync(file);
        const head = (e.name.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).subarray(0, 4096).toString('latin1');
        if (/(?:CONFORMED SUBMISSION TYPE:\s*|<TYPE>)N-CSRS?(?:\/A)?\s/.test(head)) out.push(file);
      }
    }
  };
  walk(path.join(FIXTURES, 'edgar'));
  return out;
}

const fixtureReports = fixturesPresent ? fixtureShareholderReports() : [];
const noFixtureReports = fixtureReports.length === 0 && `no N-CSR / N-CSRS among the fixtures under ${path.join(FIXTURES, 'edgar')}: the generated reports carry the rule`;

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let app: TestApp;
const written: { subject: FundReportSubject; xhtml: string; spelling: (typeof SPELLINGS)[number] }[] = [];
/** A report as the demo generator writes it, each class return on a context as long as its period. */
const plain = { subject: subject(SPELLINGS.length), xhtml: '' };
const generatedFiles: string[] = [];

/** The filing's classes, each served only returns among the values the document tags; returns how many it served. */
async function servedAmongTagged(file: string): Promise<Map<string, number>> {
  const bytes = fs.readFileSync(file);
  const text = (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
  // a negative return is shown unsigned, its sign in the sign="-" attribute (inline XBRL)
  const tagged = new Set([...text.matchAll(/<ix:nonFraction\b([^>]*name="oef:AvgAnnlRtrPct"[^>]*)>([^<]*)</g)]
    .map((m) => (/sign="-"/.test(m[1] ?? '') ? -1 : 1) * Number(defined(m[2], 'value').replace(/[,%]/g, ''))));
  const cik = Number(/CENTRAL INDEX KEY:\s*(\d+)/.exec(text)?.[1] ?? 0);
  const ids = await wh.engine.query<{ id: string }>('SELECT DISTINCT coalesce(ticker, class_id) AS id FROM fund_class_index WHERE cik = $cik', { cik });
  const served = new Map<string, number>();
  for (const { id } of ids) {
    const res = await fetch(`${app.base}/api/fund/performance?symbol=${id}`, bearer(app.tokens.Free));
    const body = await res.json() as { data?: Record<string, unknown>[] };
    assert.equal(res.status, 200, `${file} ${id}: ${JSON.stringify(body)}`);
    let count = 0;
    for (const row of body.data ?? []) {
      for (const field of Object.values(PERIOD_FIELD)) {
        const v = row[field];
        if (typeof v !== 'number') continue;
        count++;
        // tagged values are shown as percents (scale -2) or as fractions: either way one of them, or x 100 of one
        assert.ok(tagged.has(v) || [...tagged].some((x) => Math.abs(x * 100 - v) < 1e-9), `${file} ${id} ${field} ${String(v)}`);
      }
    }
    served.set(id, count);
  }
  return served;
}

describe('returns tagged by period members', () => {
  before(async () => {
    const dir = tempDir('fund-periods-');
    const write = (i: number, s: FundReportSubject, xhtml: string) => {
      const accession = `0001193125-25-${String(900_000 + i)}`;
      generatedFiles.push(path.join(dir, `${accession}.txt`));
      fs.writeFileSync(defined(generatedFiles.at(-1), 'file'), secSubmission({
        accession, form: 'N-CSR', period: PERIOD_END, filed: '2025-03-03', parties: [{ role: 'FILER', name: s.registrantName, cik: s.cik }],
        documents: [{ type: 'N-CSR', filename: `${s.prefix}-20241231xncsr.htm`, xml: xhtml }],
      }));
    };
    SPELLINGS.forEach((spelling, i) => {
      const s = subject(i);
      const xhtml = fundIxDocument(byMembers(shareholderReport(s, 'N-CSR', PERIOD_END), spelling));
      written.push({ subject: s, xhtml, spelling });
      write(i, s, xhtml);
    });
    plain.xhtml = fundIxDocument(shareholderReport(plain.subject, 'N-CSR', PERIOD_END));
    write(SPELLINGS.length, plain.subject, plain.xhtml);
    wh = await openTempEngine('write');
    await ingestPaths(wh.engine, [dir, ...fixtureReports]);
    app = await startTestApp(wh.engine);
  });

  after(async () => {
    await app.close();
    wh.cleanup();
  });

  test('every spelling of the period members serves the returns the report states for each period', async () => {
    for (const { subject: s, xhtml, spelling } of written) {
      for (const c of s.classes) {
        const expected = returnsByPeriod(xhtml, c.classId, spelling.members, (Date.parse(PERIOD_END) - Date.parse(c.inception)) / (365.25 * 86_400_000));
        assert.ok(expected.has(1), `${c.ticker}: a one-year return is tagged`);
        const res = await fetch(`${app.base}/api/fund/performance?symbol=${c.ticker}`, bearer(app.tokens.Free));
        const body = await res.json() as { data?: Record<string, unknown>[] };
        assert.equal(res.status, 200, JSON.stringify(body));
        const row = defined(body.data?.[0], `${c.ticker} row`);
        for (const [period, value] of expected) assert.equal(row[defined(PERIOD_FIELD[period], 'field')], value, `${c.ticker} ${spelling.members[period] ?? ''}`);
        // the benchmark index beside the class is never taken for the class's own return
        assert.notEqual(row['return1yr'], null);
      }
    }
  });

  test('a member naming both ten years and since inception is the ten-year return of a class that old, else since inception', async () => {
    const last = defined(written.at(-1), 'the combined spelling');
    for (const c of last.subject.classes) {
      const res = await fetch(`${app.base}/api/fund/performance?symbol=${c.ticker}`, bearer(app.tokens.Free));
      const row = defined((await res.json() as { data?: Record<string, unknown>[] }).data?.[0], c.ticker);
      const old = Date.parse(PERIOD_END) - Date.parse(c.inception) >= 10 * 365.25 * 86_400_000;
      assert.equal(row['return10yr'] === null, !old, `${c.ticker}: 10-year return`);
      assert.equal(row['returnSinceInception'] === null, old, `${c.ticker}: since inception`);
    }
  });

  test('a report tagged by context length serves each class the return of each period its contexts span', async () => {
    for (const c of plain.subject.classes) {
      const expected = returnsByContextLength(plain.xhtml, c.classId);
      assert.ok(expected.has(1) && expected.size >= 2, `${c.ticker}: returns over several periods are tagged`);
      const res = await fetch(`${app.base}/api/fund/performance?symbol=${c.ticker}`, bearer(app.tokens.Free));
      const row = defined((await res.json() as { data?: Record<string, unknown>[] }).data?.[0], c.ticker);
      for (const [period, value] of expected) assert.equal(row[defined(PERIOD_FIELD[period], 'field')], value, `${c.ticker} ${String(period)}-year`);
    }
  });

  test('every generated shareholder report serves each class returns, all among the values the document tags', async () => {
    for (const file of generatedFiles) {
      const served = await servedAmongTagged(file);
      assert.ok(served.size > 0, `${file}: its classes are indexed`);
      for (const [id, count] of served) assert.ok(count > 0, `${file} ${id}: returns are served`);
    }
  });

  test('every shareholder report in the fixtures serves each class only returns among the values the document tags', { skip: noFixtureReports }, async (t) => {
    t.diagnostic(`${String(fixtureReports.length)} N-CSR / N-CSRS fixture(s)`);
    for (const file of fixtureReports) await servedAmongTagged(file);
  });
});
