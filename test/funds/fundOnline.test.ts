// `npm run ingest -- --tickers <fund ticker>` against a local stand-in for EDGAR: the ticker resolves through
// company_tickers_mf.json to the registrant, series and class; the registrant's submissions list several N-PORTs
// (an older period, another series' later one), a tailored shareholder report, a prospectus and a 497K without XBRL;
// only the series' latest of each family is downloaded, and the fund endpoints then answer with the values of those
// documents. The N-PORT is the real Goldman Sachs Bond Fund report; EDGAR's ticker file, submissions feed and the
// N-CSR / 485BPOS of that series (none is in the fixtures) are generated here in SEC's format with the demo generators.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { Engine } from '../../engine/db/Engine.ts';
import { useEdgarFixtureServer } from '../helpers/edgarFixtureServer.ts';
import { fixture, tempDir } from '../helpers/tempWarehouse.ts';
import { runIngestCli, type CliResult } from '../helpers/runIngestCli.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { secSubmission, type SubmissionSeries } from '../../demo/secSubmission.ts';
import { fundIxDocument } from '../../demo/fundIxDocument.ts';
import { riskReturnSummary, shareholderReport, type FundReportSubject } from '../../demo/fundReportDocuments.ts';
import { defined } from '../helpers/defined.ts';

const UA = 'Filings Engine Tests tests@example.com';
const edgar = useEdgarFixtureServer();
const NPORT = fixture('edgar', 'nport', 'sec-samples', 'NPORT_Sample_7.xml.gz');

const tag = (xml: string, name: string): string => defined(new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1], name).trim();

interface Filing { accession: string; form: string; filed: string; report: string; xbrl: boolean; primary: string }

/** A registrant's submissions JSON in data.sec.gov's columnar shape, newest first. */
function submissionsJson(cik: number, name: string, filings: readonly Filing[]): string {
  const recent = [...filings].sort((a, b) => b.filed.localeCompare(a.filed));
  const col = <T>(f: (x: Filing) => T): T[] => recent.map(f);
  return JSON.stringify({
    cik: String(cik), entityType: 'other', sic: '', sicDescription: '', name, tickers: [], exchanges: [],
    filings: {
      recent: {
        accessionNumber: col((f) => f.accession), filingDate: col((f) => f.filed), reportDate: col((f) => f.report),
        acceptanceDateTime: col((f) => `${f.filed}T16:05:00.000Z`), act: col(() => '40'), form: col((f) => f.form),
        fileNumber: col(() => '811-05349'), filmNumber: col(() => ''), items: col(() => ''), core_type: col((f) => f.form),
        size: col(() => 1000), isXBRL: col((f) => (f.xbrl ? 1 : 0)), isInlineXBRL: col((f) => (f.xbrl ? 1 : 0)),
        primaryDocument: col((f) => f.primary), primaryDocDescription: col((f) => f.form),
      },
      files: [],
    },
  });
}

/** The value of `concept` on the context of `classId` that has no other axis but the series', as the page shows it (percent / dollars). */
function shownOnClass(xhtml: string, concept: string, classId: string): number {
  const plain = new Set<string>();
  for (const m of xhtml.matchAll(/<xbrli:context id="([^"]+)">([\s\S]*?)<\/xbrli:context>/g)) {
    // the series axis may sit beside the class axis; any other axis (an index, a sector) makes it not the class's own
    const members = [...(m[2] ?? '').matchAll(/<xbrldi:explicitMember dimension="([^"]+)">([^<]+)</g)].filter((d) => !/:LegalEntityAxis$/.test(d[1] ?? ''));
    const classes = members.filter((d) => /ClassAxis$/.test(d[1] ?? ''));
    if (members.length === 1 && classes[0]?.[2]?.includes(classId)) plain.add(defined(m[1], 'context id'));
  }
  const fact = [...xhtml.matchAll(/<ix:nonFraction\b([^>]*)>([^<]*)</g)].find((f) => (f[1] ?? '').includes(`name="${concept}"`) && plain.has(/contextRef="([^"]+)"/.exec(f[1] ?? '')?.[1] ?? ''));
  const f = defined(fact, `${concept} on ${classId}`);
  return (/sign="-"/.test(f[1] ?? '') ? -1 : 1) * Number(defined(f[2], 'text').replace(/[$,%]/g, ''));
}

describe('a fund ticker fetched online', () => {
  const xml = fs.existsSync(NPORT) ? zlib.gunzipSync(fs.readFileSync(NPORT)).toString('utf8') : '';
  const cik = xml ? Number(tag(xml, 'regCik')) : 0;
  const seriesId = xml ? tag(xml, 'seriesId') : '';
  const classIds = [...xml.matchAll(/<classId>(C\d{9})<\/classId>/g)].map((m) => defined(m[1], 'class id'));
  // the ticker file's symbols for these classes: stand-ins, the N-PORT states none
  const ticker = (classId: string) => `Q${classId.slice(-4)}X`;
  const subject: FundReportSubject = {
    cik, registrantName: xml ? tag(xml, 'regName') : '', seriesId, seriesName: xml ? tag(xml, 'seriesName') : '', prefix: 'gsbf', etf: false,
    classes: classIds.map((classId, i) => ({ classId, ticker: ticker(classId), name: `Class ${String(i + 1)}`, inception: '2006-11-30', expenseRatio: 0.0045 + i * 0.001 })),
  };
  const series: SubmissionSeries[] = [{ ownerCik: cik, seriesId, seriesName: subject.seriesName, classes: subject.classes.map((c) => ({ classId: c.classId, className: c.name, ticker: c.ticker })) }];
  const other: SubmissionSeries[] = [{ ownerCik: cik, seriesId: 'S000099999', seriesName: 'Another Series of the Trust', classes: [] }];
  const filer = [{ role: 'FILER' as const, name: subject.registrantName, cik }];
  const periodEnd = xml ? tag(xml, 'repPdEnd') : '';
  const ncsr = fundIxDocument(shareholderReport(subject, 'N-CSR', periodEnd));
  const prospectus = fundIxDocument(riskReturnSummary(subject, '2023-07-28'));
  const F = {
    oldNport: { accession: '0000822977-23-000010', form: 'NPORT-P', filed: '2023-02-24', report: '2022-12-31', xbrl: false, primary: 'primary_doc.xml' },
    nport: { accession: '0000822977-23-000020', form: 'NPORT-P', filed: '2023-05-25', report: periodEnd, xbrl: false, primary: 'primary_doc.xml' },
    otherSeries: { accession: '0000822977-23-000021', form: 'NPORT-P', filed: '2023-05-26', report: periodEnd, xbrl: false, primary: 'primary_doc.xml' },
    ncsr: { accession: '0001193125-23-150000', form: 'N-CSR', filed: '2023-05-30', report: periodEnd, xbrl: true, primary: 'gsbf-ncsr.htm' },
    prospectus: { accession: '0001193125-23-190000', form: '485BPOS', filed: '2023-07-28', report: '', xbrl: true, primary: 'gsbf-485bpos.htm' },
    summary: { accession: '0001193125-23-200000', form: '497K', filed: '2023-08-01', report: '', xbrl: false, primary: 'gsbf-497k.htm' },
  } satisfies Record<string, Filing>;
  const folder = (f: Filing) => `/Archives/edgar/data/${String(cik)}/${f.accession.replace(/-/g, '')}`;
  const txt = (f: Filing) => `/Archives/edgar/data/${String(cik)}/${f.accession}.txt`;
  const hdr = (f: Filing) => `${folder(f)}/${f.accession}.hdr.sgml`;
  const header = (full: string) => full.slice(full.indexOf('<SEC-HEADER>'), full.indexOf('</SEC-HEADER>') + '</SEC-HEADER>'.length);

  let dir: string;
  let run: CliResult;
  let engine: Engine;
  let app: TestApp;
  let requested: string[];

  before(async () => {
    const s = edgar();
    s.override('/files/company_tickers_mf.json', JSON.stringify({ fields: ['cik', 'seriesId', 'classId', 'symbol'], data: [[2110, 'S000009184', 'C000024954', 'LACAX'], ...subject.classes.map((c) => [cik, seriesId, c.classId, c.ticker])] }), 'application/json');
    s.override(`/submissions/CIK${String(cik).padStart(10, '0')}.json`, submissionsJson(cik, subject.registrantName, Object.values(F)), 'application/json');
    const nport = secSubmission({ ...F.nport, period: periodEnd, parties: filer, series, documents: [{ type: 'NPORT-P', filename: 'primary_doc.xml', xml }] });
    s.override(txt(F.nport), nport, 'text/plain');
    s.override(hdr(F.nport), header(nport), 'text/plain');
    s.override(hdr(F.otherSeries), header(secSubmission({ ...F.otherSeries, period: periodEnd, parties: filer, series: other, documents: [] })), 'text/plain');
    // no .hdr.sgml for these two: the fetcher reads the full submission's header instead
    s.override(txt(F.ncsr), secSubmission({ ...F.ncsr, period: periodEnd, parties: filer, series, documents: [{ type: 'N-CSR', filename: F.ncsr.primary, xml: ncsr }] }), 'text/plain');
    s.override(txt(F.prospectus), secSubmission({ ...F.prospectus, period: null, parties: filer, series, documents: [{ type: '485BPOS', filename: F.prospectus.primary, xml: prospectus }] }), 'text/plain');
    dir = tempDir('fund-online-');
    run = await runIngestCli(['--tickers', ticker(defined(classIds[0], 'a class'))], { EDGAR_BASE_URL: s.url, EDGAR_DATA_BASE_URL: s.url, FILINGS_WAREHOUSE: dir, SEC_USER_AGENT: UA });
    requested = s.requests.map((r) => r.path);
    engine = await Engine.open({ warehouseDir: dir, mode: 'read', threads: 1, memoryLimit: '1GB' });
    app = await startTestApp(engine);
  });

  after(async () => {
    await app.close();
    engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function get(route: string): Promise<Record<string, unknown>[]> {
    const res = await fetch(`${app.base}${route}`, bearer(app.tokens['ETF Pro']));
    // profile answers with the list itself; paginated routes wrap it in { data }
    const body = await res.json() as Record<string, unknown>[] | { data?: Record<string, unknown>[] };
    assert.equal(res.status, 200, `${route}: ${JSON.stringify(body)}`);
    return Array.isArray(body) ? body : defined(body.data, `${route} data`);
  }

  test('the ticker resolves to the series, and only its latest N-PORT, shareholder report and XBRL prospectus are downloaded, with progress shown', () => {
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, new RegExp(`-> fund: CIK ${String(cik)}, series ${seriesId}, class ${String(classIds[0])}`));
    assert.match(run.stderr, new RegExp(`N-PORT report NPORT-P ${F.nport.accession}`));
    assert.match(run.stderr, new RegExp(`shareholder report N-CSR ${F.ncsr.accession}`));
    assert.match(run.stderr, new RegExp(`prospectus fee table 485BPOS ${F.prospectus.accession}`));
    for (const f of [F.nport, F.ncsr, F.prospectus]) assert.ok(requested.includes(txt(f)), `${f.form} ${f.accession} downloaded`);
    // the other series' later report was told apart by its header alone; older and XBRL-less filings were never asked for
    assert.ok(requested.includes(hdr(F.otherSeries)));
    for (const f of [F.oldNport, F.summary]) assert.ok(!requested.includes(txt(f)) && !requested.includes(hdr(f)), `${f.accession} not asked for`);
    assert.ok(!requested.includes(txt(F.otherSeries)));
    assert.ok(!requested.some((p) => p.includes('companyfacts')), 'a fund registrant is not fetched as a company');
  });

  test('the fund endpoints answer for the ticker with the values of the fetched documents', async () => {
    const symbol = ticker(defined(classIds[0], 'a class'));
    const profile = defined((await get(`/api/fund/profile?symbol=${symbol}`))[0], 'a profile row');
    assert.equal(profile['netAssets'], Number(tag(xml, 'netAssets')));
    assert.equal(profile['totalAssets'], Number(tag(xml, 'totAssets')));
    for (const c of subject.classes) {
      const perf = defined((await get(`/api/fund/performance?symbol=${c.ticker}`))[0], `${c.ticker} performance`);
      assert.equal(perf['periodEndDate'], periodEnd);
      assert.equal(perf['expenseRatio'], shownOnClass(ncsr, 'oef:ExpenseRatioPct', c.classId));
      const fees = defined((await get(`/api/fund/fees?symbol=${c.ticker}`))[0], `${c.ticker} fees`);
      assert.equal(fees['managementFee'], shownOnClass(prospectus, 'rr:ManagementFeesOverAssets', c.classId));
    }
  });

  test('a rerun reuses every downloaded filing', async () => {
    const s = edgar();
    const again = await runIngestCli(['--tickers', ticker(defined(classIds[0], 'a class'))], { EDGAR_BASE_URL: s.url, EDGAR_DATA_BASE_URL: s.url, FILINGS_WAREHOUSE: dir, SEC_USER_AGENT: UA });
    assert.equal(again.code, 0, again.stderr);
    assert.ok(!s.requests.some((r) => r.path.endsWith('.txt') || r.path.endsWith('.hdr.sgml')), 'archived documents are never fetched twice');
  });
});
