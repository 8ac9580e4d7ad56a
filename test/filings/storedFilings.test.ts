// The stored filings index and the answers read from it, on every submissions JSON of the fixtures and the 8-K, S-1,
// S-3, 424B full submissions: each filing the submissions JSON lists is in the stored index with the fields the JSON
// states (read here from the JSON), and every filing endpoint's answer read from the stored outputs equals the answer
// computed now from the sources, for every fixture company with filings and market-wide. The API reads the stored
// answers only while they reflect every ingest.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { calendarEndpoints } from '../../http/endpoints/calendars.ts';

interface Recent {
  accessionNumber: string[]; form: string[]; filingDate: string[]; reportDate: string[]; acceptanceDateTime: string[];
  items: string[]; primaryDocument: string[]; isXBRL: number[]; isInlineXBRL: number[]; size: number[]; fileNumber: string[];
}

const SUBMISSIONS = fixture('edgar', 'submissions');
const FILINGS = ['8-K', 'S-1', 'S-3', '424B'].map((d) => fixture('edgar', 'filings', d));

function submissionsFiles(): string[] {
  return fs.existsSync(SUBMISSIONS) ? fs.readdirSync(SUBMISSIONS).filter((f) => f.endsWith('.json.gz')).map((f) => `${SUBMISSIONS}/${f}`) : [];
}

/**
 * The filings a submissions JSON lists: the company file's `filings.recent`, or an overflow file's columns
 * (CIK##########-submissions-001.json, which carries no cik: it is read from the name). A dated snapshot of a company
 * file is left out: the current file states the same filings.
 */
function readSubmissions(file: string): { cik: number; recent: Recent } | null {
  const name = /CIK(\d{10})(-submissions-\d+)?\.json\.gz$/.exec(file);
  if (!name) return null;
  const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { filings?: { recent: Recent } } & Recent;
  return { cik: Number(name[1]), recent: json.filings?.recent ?? json };
}

/** JSON answers compared as values: the order of an object's keys carries no meaning. */
const parsed = (rows: { j: string }[]) => rows.map((r) => JSON.parse(r.j) as unknown);

describe('the stored filings index and the answers read from it', () => {
  let engine: Engine;
  let cleanup: () => void;
  let ciks: number[];
  const answer = async (sql: string, args: (number | string | null)[]) => parsed(await engine.query<{ j: string }>(sql, args));

  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, [...submissionsFiles(), ...FILINGS.filter((d) => fs.existsSync(d))]);
    await materializePeriods(engine);
    ciks = (await engine.query<{ cik: number }>('SELECT DISTINCT cik FROM src_filings ORDER BY cik')).map((r) => r.cik);
  });
  after(() => { cleanup(); });

  test('every filing of a submissions JSON is in the stored index with the fields the JSON states', async () => {
    // by company and accession: a filing listed in two companies' submissions JSON (an insider's Form 4 in the
    // issuer's and the owner's) is in each company's filings, checked against that company's file
    const stored = await engine.query<{
      cik: number; accession: string; form: string; filed: string; report_date: string | null; accepted: string | null; items: string[];
      primary_document: string | null; is_xbrl: boolean; size: number | null; file_number: string | null;
    }>(`SELECT cik, accession, form, strftime(filed, '%Y-%m-%d') AS filed, strftime(report_date, '%Y-%m-%d') AS report_date,
          strftime(accepted, '%Y-%m-%dT%H:%M:%S') AS accepted, items, primary_document, is_xbrl, size::DOUBLE AS size, file_number
        FROM filing_index_stored(NULL)`);
    const byKey = new Map(stored.map((s) => [`${String(s.cik)} ${s.accession}`, s]));
    let checked = 0;
    for (const file of submissionsFiles()) {
      const listed = readSubmissions(file);
      if (!listed) continue;
      const { cik, recent: r } = listed;
      for (const [i, accession] of r.accessionNumber.entries()) {
        const row = byKey.get(`${String(cik)} ${accession}`);
        assert.ok(row, `${file}: ${accession} missing from the stored index of cik ${String(cik)}`);
        const at = `${file} ${accession}`;
        assert.equal(row.form, r.form[i], at);
        assert.equal(row.filed, r.filingDate[i], at);
        if (r.reportDate[i]) assert.equal(row.report_date, r.reportDate[i], at);
        if (r.acceptanceDateTime[i]) assert.equal(row.accepted, r.acceptanceDateTime[i].slice(0, 19), at);
        assert.deepEqual(row.items, (r.items[i] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''), at);
        if (r.primaryDocument[i]) assert.equal(row.primary_document, r.primaryDocument[i], at);
        assert.equal(row.is_xbrl, r.isXBRL[i] === 1 || r.isInlineXBRL[i] === 1, at);
        if (r.size[i]) assert.equal(row.size, r.size[i], at);
        if (r.fileNumber[i]) assert.equal(row.file_number, r.fileNumber[i], at);
        checked++;
      }
    }
    assert.ok(checked > 0, 'no submissions JSON filing checked');
  });

  test("every company's timeline, earnings calendar and recent offerings: stored equals computed now", async () => {
    assert.ok(ciks.length > 0);
    for (const cik of ciks) {
      for (const [macro, sql] of [
        ['filing_timeline', (m: string) => `SELECT to_json(t)::VARCHAR AS j FROM ${m}($1::INTEGER) t`],
        ['earnings_calendar', (m: string) => `SELECT to_json(t)::VARCHAR AS j FROM ${m}($1::INTEGER, NULL, NULL) t`],
        ['recent_offerings', (m: string) => `SELECT to_json(t)::VARCHAR AS j FROM ${m}($1::INTEGER, NULL, NULL) t`],
      ] as const) {
        const now = await answer(sql(macro), [cik]);
        assert.deepEqual(await answer(sql(`${macro}_stored`), [cik]), now, `${macro} of cik ${String(cik)}`);
      }
    }
  });

  test('a timeline is the same bytes however often it is computed: stored, computed twice, pattern keys in form order', async () => {
    // json_group_object kept a parallel aggregate's arrival order, so equal answers could differ in bytes (and ETag)
    const stored = await engine.query<{ cik: number; pattern: string }>(
      `SELECT cik, (predicted->'historicalPattern')::VARCHAR AS pattern FROM filings_stored_output('filing_timeline', NULL)`);
    const keysOf = (pattern: string) => Object.keys(JSON.parse(pattern) as Record<string, unknown>);
    for (const { cik, pattern } of stored) assert.deepEqual(keysOf(pattern), keysOf(pattern).sort(), `historicalPattern keys of cik ${String(cik)}`);
    // the three companies whose pattern has the most forms (where an order can differ): the whole answer's bytes
    const several = stored.filter((r) => keysOf(r.pattern).length > 1)
      .sort((a, b) => keysOf(b.pattern).length - keysOf(a.pattern).length || a.cik - b.cik).slice(0, 3).map((r) => r.cik);
    assert.ok(several.length > 0, 'a fixture company has a pattern of several forms');
    const bytes = (m: string, cik: number) => engine.query<{ j: string }>(`SELECT to_json(t)::VARCHAR AS j FROM ${m}($1::INTEGER) t`, [cik]);
    for (const cik of several) {
      const first = await bytes('filing_timeline', cik);
      assert.deepEqual(await bytes('filing_timeline', cik), first, `timeline of cik ${String(cik)} computed twice`);
      assert.deepEqual(await bytes('filing_timeline_stored', cik), first, `timeline of cik ${String(cik)}: stored and computed`);
    }
  });

  test('market-wide: the IPO calendar, the earnings calendar of a window and one research summary: stored equals computed now', async () => {
    for (const status of [null, 'priced', 'filed']) {
      const sql = (m: string) => `SELECT to_json(t)::VARCHAR AS j FROM ${m}($1::VARCHAR) t`;
      assert.deepEqual(await answer(sql('ipo_deals_stored'), [status]), await answer(sql('ipo_deals'), [status]), `ipo_deals ${String(status)}`);
    }
    const window = (m: string) => `SELECT to_json(t)::VARCHAR AS j FROM ${m}(NULL, $1::DATE, $2::DATE) t`;
    const calendar = await answer(window('earnings_calendar'), ['1990-01-01', '2030-12-31']);
    assert.ok(calendar.length > 0, 'the fixtures have earnings releases');
    assert.deepEqual(await answer(window('earnings_calendar_stored'), ['1990-01-01', '2030-12-31']), calendar);
    // the company with the most earnings dates: its summary's filings and next earnings part come from the index
    const [top] = await engine.query<{ cik: number }>(
      'SELECT cik FROM earnings_calendar(NULL, DATE \'1990-01-01\', DATE \'2030-12-31\') GROUP BY cik ORDER BY count(*) DESC, cik LIMIT 1');
    assert.ok(top);
    const summary = (m: string) => `SELECT to_json(t)::VARCHAR AS j FROM ${m}($1::INTEGER) t`;
    assert.deepEqual(await answer(summary('research_summary_stored'), [top.cik]), await answer(summary('research_summary'), [top.cik]));
  });

  test('the API reads the stored answers while current, and computes them after an ingest the refresh has not seen', async () => {
    for (const endpoint of calendarEndpoints) assert.equal(endpoint.stored?.macro, `${endpoint.macro}_stored`, endpoint.path);
    assert.equal(engine.warehouse().periodsCurrent, true);
    // a later ingest (the EFFECT notices) makes the stored outputs stale until the next refresh: answers computed now
    await ingestPaths(engine, [fixture('edgar', 'filings', 'EFFECT')]);
    assert.equal(engine.warehouse().periodsCurrent, false);
  });
});
