// FS / FSN data-set ingest against the SEC fixtures: both num layouts, zips and folders, idempotency, and
// cross-checks with the same filings' companyfacts values.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir, warehouseCounts } from '../helpers/tempWarehouse.ts';
import { ingestPaths, IngestFailed } from '../../engine/ingest/ingest.ts';
import { Batch } from '../../engine/ingest/Batch.ts';
import { readInputs } from '../../engine/ingest/readInputs.ts';
import { fsdsParser } from '../../engine/ingest/parsers/fsds.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import type { SourceGroup } from '../../engine/ingest/SourceFile.ts';
import { defined } from '../helpers/defined.ts';

const FS = fixture('sec-datasets', 'fs');
const FSN = fixture('sec-datasets', 'fsn');
const APPLE_2024 = path.join(FS, 'apple_10k_2024_0000320193-24-000123');
const APPLE_2020 = path.join(FS, 'apple_10k_2020_0000320193-20-000096');
const APPLE_FACTS = fixture('sec-datasets', 'bulk-json', 'companyfacts', 'CIK0000320193.json');

async function groupOf(dir: string): Promise<SourceGroup> {
  for await (const unit of readInputs([dir])) if (unit.kind === 'group') return unit.group;
  throw new Error(`${dir} holds no FS group`);
}

describe('every FS and FSN fixture in one warehouse', () => {
  let engine: Engine;
  let cleanup: () => void;
  let first: Record<string, number>;

  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    // companyfacts first: it describes the 2020 Apple accession, whose FS extract has no sub table
    await ingestPaths(engine, [APPLE_FACTS, FS, FSN]);
    first = await warehouseCounts(engine);
  });
  after(() => { cleanup(); });

  test('ingesting the same folders again leaves every count unchanged', async () => {
    const report = await ingestPaths(engine, [FS, FSN]);
    assert.equal(report.rows.facts ?? 0, 0);
    assert.equal(report.rows.filings ?? 0, 0);
    assert.equal(report.rows.entities ?? 0, 0);
    assert.deepEqual(await warehouseCounts(engine), first);
    assert.ok(defined(first.facts, 'first.facts') > 250_000, `facts: ${String(first.facts)}`);
  });

  test('both quarter zips keep every num row that has a value', async () => {
    // 2009q3 num: 126,650 rows (MANIFEST), 52 of them with an empty (NULL) value, counted with awk on the file
    const [row] = await engine.query<{ n: number }>(`
      SELECT count(*)::INTEGER AS n FROM src_facts f
      WHERE source = 'fsds' AND accession IN (SELECT accession FROM src_filings WHERE source = 'fsds' AND filed BETWEEN '2009-07-01' AND '2009-09-30')`);
    assert.equal(defined(row, 'row').n, 126_650 - 52);
  });

  test('Apple FY2024 revenue and net income agree with companyfacts once period ends are rounded to the month end', async () => {
    // FS rounds ddate to the nearest month end (20240930) where companyfacts states the exact end (2024-09-28):
    // a consumer reconciles by rounding the exact end to the nearest month end and comparing durations in quarters
    const rows = await engine.query<{ concept: string; fs_value: number; cf_value: number; fs_end: string; cf_end: string }>(`
      WITH fsds AS (
        SELECT concept, value, period_start, period_end FROM src_facts
        WHERE source = 'fsds' AND accession = '0000320193-24-000123' AND dim_key = '' AND period_start IS NOT NULL
      ),
      cf AS (
        SELECT concept, value, period_start, period_end,
          CASE WHEN day(period_end) >= 15 THEN last_day(period_end)
               ELSE last_day(period_end - INTERVAL 1 MONTH) END::DATE AS rounded_end
        FROM src_facts WHERE source = 'companyfacts' AND accession = '0000320193-24-000123'
      )
      SELECT fsds.concept, fsds.value AS fs_value, cf.value AS cf_value, fsds.period_end::VARCHAR AS fs_end,
             cf.period_end::VARCHAR AS cf_end
      FROM fsds JOIN cf ON cf.concept = fsds.concept AND cf.rounded_end = fsds.period_end
        AND round(datediff('day', cf.period_start, cf.period_end) / 91.3) = round(datediff('day', fsds.period_start, fsds.period_end) / 91.3)
      WHERE fsds.concept IN ('us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'us-gaap:NetIncomeLoss')
        AND fsds.period_end = DATE '2024-09-30'
      ORDER BY 1`);
    assert.deepEqual(rows, [
      // num.txt: NetIncomeLoss us-gaap/2024 20240930 4 USD 93736000000.0000
      { concept: 'us-gaap:NetIncomeLoss', fs_value: 93_736_000_000, cf_value: 93_736_000_000, fs_end: '2024-09-30', cf_end: '2024-09-28' },
      // num.txt: RevenueFromContractWithCustomerExcludingAssessedTax us-gaap/2024 20240930 4 USD 391035000000.0000
      { concept: 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', fs_value: 391_035_000_000, cf_value: 391_035_000_000, fs_end: '2024-09-30', cf_end: '2024-09-28' },
    ]);
  });

  test('Apple FY2024 facts carry the filing, fiscal focus and ticker-style extension prefix from sub', async () => {
    const [fact] = await engine.query(`
      SELECT cik, form, filed::VARCHAR AS filed, fy, fp, period_start::VARCHAR AS period_start FROM src_facts
      WHERE source = 'fsds' AND accession = '0000320193-24-000123' AND concept = 'us-gaap:NetIncomeLoss'
        AND period_end = DATE '2024-09-30' AND dim_key = ''`);
    assert.deepEqual(fact, { cik: 320193, form: '10-K', filed: '2024-11-01', fy: 2024, fp: 'FY', period_start: '2023-10-01' });
    const ext = await engine.query<{ concept: string }>(`
      SELECT DISTINCT concept FROM src_facts WHERE accession = '0000320193-24-000123' AND source = 'fsds' AND concept LIKE 'aapl:%'`);
    assert.ok(ext.length > 0, 'version = adsh rows become aapl: concepts (sub.instance aapl-20240928_htm.xml)');
    const [filing] = await engine.query(`
      SELECT form, filed::VARCHAR AS filed, accepted::VARCHAR AS accepted, report_date::VARCHAR AS report_date, is_inline_xbrl
      FROM src_filings WHERE source = 'fsds' AND accession = '0000320193-24-000123'`);
    // sub: filed 20241101, accepted 2024-11-01 06:02:00.0, period 20240930, instance aapl-20240928_htm.xml
    assert.deepEqual(filing, { form: '10-K', filed: '2024-11-01', accepted: '2024-11-01 06:02:00', report_date: '2024-09-28', is_inline_xbrl: true });
    const [entity] = await engine.query(`
      SELECT name, sic, fiscal_year_end, ein, category, business_address.city AS city, former_names[1].name AS former
      FROM src_entities WHERE source = 'fsds' AND cik = 320193 AND as_of = DATE '2024-11-01'`);
    assert.deepEqual(entity, { name: 'APPLE INC', sic: '3571', fiscal_year_end: '0930', ein: '942404110', category: 'Large accelerated filer', city: 'CUPERTINO', former: 'APPLE INC' });
  });

  test('a segments row keeps its axis and member', async () => {
    // num.txt: RevenueFromContractWithCustomerExcludingAssessedTax us-gaap/2024 20220930 4 USD
    //          BusinessSegments=RestOfAsiaPacificSegment; 29375000000.0000
    const rows = await engine.query<{ dims: unknown; dim_key: string; value: number }>(`
      SELECT dims, dim_key, value FROM src_facts
      WHERE source = 'fsds' AND accession = '0000320193-24-000123'
        AND concept = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'
        AND period_end = DATE '2022-09-30' AND dim_key = 'BusinessSegments=RestOfAsiaPacificSegment'`);
    assert.deepEqual(rows, [{
      dims: [{ axis: 'BusinessSegments', member: 'RestOfAsiaPacificSegment', typed: false }],
      dim_key: 'BusinessSegments=RestOfAsiaPacificSegment', value: 29_375_000_000,
    }]);
  });

  test('the legacy-layout Apple FY2020 extract without sub takes its filing facts from companyfacts in the same run', async () => {
    // legacy num.txt: NetIncomeLoss us-gaap/2020 (coreg empty) 20200930 4 USD 57411000000.0000
    const rows = await engine.query(`
      SELECT f.cik, f.form, f.filed::VARCHAR AS filed, f.fy, f.fp, f.value, c.value AS cf_value
      FROM src_facts f JOIN src_facts c ON c.accession = f.accession AND c.concept = f.concept AND c.source = 'companyfacts'
        AND c.period_end = DATE '2020-09-26' AND c.period_start = DATE '2019-09-29'
      WHERE f.source = 'fsds' AND f.accession = '0000320193-20-000096' AND f.concept = 'us-gaap:NetIncomeLoss'
        AND f.period_end = DATE '2020-09-30' AND f.period_start = DATE '2019-10-01' AND f.dim_key = ''`);
    assert.deepEqual(rows, [{ cik: 320193, form: '10-K', filed: '2020-10-30', fy: 2020, fp: 'FY', value: 57_411_000_000, cf_value: 57_411_000_000 }]);
  });

  test('20-F filers reporting in JPY, KRW and BRL keep their currency units', async () => {
    const rows = await engine.query<{ accession: string; concept: string; unit: string; value: number }>(`
      SELECT accession, concept, unit, value FROM src_facts
      WHERE source = 'fsds' AND dim_key = '' AND period_start IS NOT DISTINCT FROM NULL AND (
        (accession = '0001193125-10-136028' AND concept = 'us-gaap:Assets' AND period_end = DATE '2009-12-31') OR
        (accession = '0001292814-10-002221' AND concept = 'us-gaap:Assets' AND period_end = DATE '2009-12-31'))
      UNION ALL
      SELECT accession, concept, unit, value FROM src_facts
      WHERE source = 'fsds' AND dim_key = '' AND accession = '0000950123-10-061435' AND concept = 'us-gaap:Revenues'
        AND period_end = DATE '2010-03-31' AND period_start = DATE '2009-04-01'
      ORDER BY accession, unit`);
    assert.deepEqual(rows, [
      // Sony 20-F: Revenues us-gaap/2009 20100331 4 JPY 7213998000000
      { accession: '0000950123-10-061435', concept: 'us-gaap:Revenues', unit: 'JPY', value: 7_213_998_000_000 },
      // LG Display 20-F states total assets in KRW and as a USD convenience translation: both are kept
      { accession: '0001193125-10-136028', concept: 'us-gaap:Assets', unit: 'KRW', value: 19_719_611_000_000 },
      { accession: '0001193125-10-136028', concept: 'us-gaap:Assets', unit: 'USD', value: 16_946_343_000 },
      // Bradesco 20-F: Assets 20091231 0 BRL 496815000000
      { accession: '0001292814-10-002221', concept: 'us-gaap:Assets', unit: 'BRL', value: 496_815_000_000 },
    ]);
  });

  test('per-share amounts get a per-share unit from the tag table datatype', async () => {
    // 2010q2 tag.txt: EarningsPerShareBasic us-gaap/2009 ... perShare; num.txt writes the unit as a plain currency code
    const rows = await engine.query<{ unit: string }>(`
      SELECT DISTINCT unit FROM src_facts WHERE source = 'fsds' AND concept = 'us-gaap:EarningsPerShareBasic'
        AND accession = '0001193125-10-149406' ORDER BY 1`);
    assert.ok(rows.length > 0, 'no EarningsPerShareBasic fact for 0001193125-10-149406');
    assert.ok(rows.every((r) => /^[A-Z]{3}\/shares$/.test(r.unit)), JSON.stringify(rows));
  });

  test('a footnote quoted with doubled quotes does not disturb its row', async () => {
    // 2009q3 num.txt: RetainedEarningsAccumulatedDeficit us-gaap/2008 20090630 0 USD 11758000000.0000 "... ""Recognition and ..."""
    const rows = await engine.query<{ value: number }>(`
      SELECT value FROM src_facts WHERE source = 'fsds' AND accession = '0001193125-09-170563'
        AND concept = 'us-gaap:RetainedEarningsAccumulatedDeficit' AND period_end = DATE '2009-06-30' AND dim_key = ''`);
    assert.deepEqual(rows, [{ value: 11_758_000_000 }]);
  });

  test('FSN facts keep decimals, and a dimensioned fact without the dim table stays apart from the total', async () => {
    // num.tsv: Revenues us-gaap/2018 20181231 4 USD 0x00000000 ... 15794341000.0000 ... dcml -3
    const [rev] = await engine.query(`
      SELECT cik, form, fy, decimals, value FROM src_facts WHERE source = 'fsds' AND accession = '0001065280-19-000043'
        AND concept = 'us-gaap:Revenues' AND period_end = DATE '2018-12-31' AND period_start = DATE '2018-01-01' AND dim_key = ''`);
    assert.deepEqual(rev, { cik: 1065280, form: '10-K', fy: 2018, decimals: -3, value: 15_794_341_000 });
    // ContentLiabilitiesCurrent (version = adsh, instance nflx-20181231.xml) 20181231 dimh 0xdf82668a13a8aa461cf1cd08b54cea87 4700000000
    const dimmed = await engine.query<{ dim_key: string; value: number }>(`
      SELECT dim_key, value FROM src_facts WHERE source = 'fsds' AND concept = 'nflx:ContentLiabilitiesCurrent'
        AND period_end = DATE '2018-12-31' AND value = 4700000000`);
    assert.deepEqual(dimmed, [{ dim_key: 'dimh=0xdf82668a13a8aa461cf1cd08b54cea87', value: 4_700_000_000 }]);
  });
});

describe('num layouts', () => {
  test('the legacy column order gives the same facts as the current one, because columns are read by header name', async () => {
    const current = await groupOf(APPLE_2024);
    const num = defined(current.files.get('num.txt'), 'current.files.get(\'num.txt\')').bytes.toString('utf8').split('\n').filter((l) => l !== '');
    const header = defined(num[0], 'num[0]').split('\t');
    const legacyOrder = ['adsh', 'tag', 'version', 'coreg', 'ddate', 'qtrs', 'uom', 'value', 'footnote'];
    // the same real rows, undimensioned ones only (the legacy layout has no segments column), in the legacy order
    const legacyRows = num.slice(1).map((l) => l.split('\t')).filter((f) => f[header.indexOf('segments')] === '')
      .map((f) => legacyOrder.map((c) => f[header.indexOf(c)]).join('\t'));
    const legacy: SourceGroup = {
      name: 'legacy',
      files: new Map([
        ['sub.txt', defined(current.files.get('sub.txt'), 'current.files.get(\'sub.txt\')')],
        ['num.txt', { name: 'legacy/num.txt', bytes: Buffer.from([legacyOrder.join('\t'), ...legacyRows].join('\n') + '\n') }],
      ]),
    };
    const a = new Batch();
    const b = new Batch();
    fsdsParser.parse(current, a);
    fsdsParser.parse(legacy, b);
    const undimensioned = a.facts.filter((f) => f.dims.length === 0);
    assert.equal(b.facts.length, undimensioned.length);
    assert.deepEqual(b.facts, undimensioned);
  });

  test('the two Apple extracts share no (concept, period), so there is no overlap to compare across layouts', async () => {
    const a = new Batch();
    fsdsParser.parse(await groupOf(APPLE_2024), a);
    fsdsParser.parse(await groupOf(APPLE_2020), a);
    const key = (f: (typeof a.facts)[number]) => `${f.concept}|${String(f.periodStart)}|${f.periodEnd}|${f.unit}`;
    const y2024 = new Set(a.facts.filter((f) => f.accession.endsWith('24-000123') && f.dims.length === 0).map(key));
    const both = a.facts.filter((f) => f.accession.endsWith('20-000096') && f.dims.length === 0 && y2024.has(key(f)));
    assert.deepEqual(both, []);
  });
});

describe('groups without a sub table', () => {
  test('alone, the self-filed Apple 2020 extract is attributed to the CIK in its accession prefix', async () => {
    const batch = new Batch();
    fsdsParser.parse(await groupOf(APPLE_2020), batch);
    assert.ok(batch.facts.length > 0);
    assert.ok(batch.facts.every((f) => f.cik === 320193 && f.form === null && f.filed === null));
    assert.deepEqual(batch.filings, []);
    assert.deepEqual(batch.entities, []);
  });

  test('an agent-filed accession without sub is rejected, naming num.txt and the agent, and the warehouse stays empty', async () => {
    const dir = tempDir('fsds-nosub-');
    const { engine, cleanup } = await openTempEngine();
    try {
      // real rows of Sony's 20-F (0000950123-10-061435, submitted by filing agent 950123) with sub.txt left out
      const lines = fs.readFileSync(path.join(FS, '2010q2_50co', 'num.txt'), 'utf8').split('\n');
      const rows = lines.filter((l) => l.startsWith('0000950123-10-061435\t')).slice(0, 20);
      fs.writeFileSync(path.join(dir, 'num.txt'), [lines[0], ...rows].join('\n') + '\n');
      fs.copyFileSync(path.join(FS, '2010q2_50co', 'pre.txt'), path.join(dir, 'pre.txt'));
      await assert.rejects(ingestPaths(engine, [dir]), (err: unknown) => {
        assert.ok(err instanceof IngestFailed);
        assert.match(err.message, /num\.txt: line 2: accession 0000950123-10-061435 has no sub row and was submitted by filing agent CIK 950123/);
        return true;
      });
      assert.deepEqual(await warehouseCounts(engine), { facts: 0, filings: 0, entities: 0, securities: 0 });
    } finally {
      cleanup();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('malformed num rows', () => {
  const header = 'adsh\ttag\tversion\tddate\tqtrs\tuom\tsegments\tcoreg\tvalue\tfootnote';
  // a real Apple FY2024 row, then damaged one field at a time
  const good = ['0000320193-24-000123', 'NetIncomeLoss', 'us-gaap/2024', '20240930', '4', 'USD', '', '', '93736000000.0000', ''];
  const cases: [string, number, RegExp][] = [
    ['a ddate that is not YYYYMMDD', 3, /num\.txt: line 2: ddate "2024-09-30" is not YYYYMMDD/],
    ['a fractional qtrs', 4, /num\.txt: line 2: qtrs "1.5" is not a whole number of quarters/],
    ['a value that is not a number', 8, /num\.txt: line 2: value "n\/a" is not a number/],
    ['an adsh that is not an accession number', 0, /num\.txt: line 2: adsh "320193" is not an accession number/],
  ];
  const bad: Record<number, string> = { 3: '2024-09-30', 4: '1.5', 8: 'n/a', 0: '320193' };
  for (const [what, field, message] of cases) {
    test(`${what} is rejected naming the file and line`, async () => {
      const sub = defined((await groupOf(APPLE_2024)).files.get('sub.txt'), '(await groupOf(APPLE_2024)).files.get(\'sub.txt\')');
      const row = good.map((v, i) => (i === field ? defined(bad[field], 'bad[field]') : v));
      const group: SourceGroup = {
        name: 'bad',
        files: new Map([['sub.txt', sub], ['num.txt', { name: 'bad/num.txt', bytes: Buffer.from(`${header}\n${row.join('\t')}\n`) }]]),
      };
      assert.throws(() => { fsdsParser.parse(group, new Batch()); }, message);
    });
  }
});
