// Real-data checks of the period engine on SEC companyfacts fixtures (Apple, Marvell, Snowflake, Kraft Heinz, Celadon,
// Logistic Properties of the Americas): values are compared with the filings' own figures read from the fixtures.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported, type AsReportedPeriod } from '../../engine/financials/asReported.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';
import { readCompanyFacts, type CompanyFact } from '../helpers/companyFacts.ts';

const APPLE = 320193;
const MARVELL = 1835632;
const SNOWFLAKE = 1640147;
const KRAFT = 1637459;
const CELADON = 865941;
const LPA = 1997711;

const FILES = [
  fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
  fixture('edgar', 'companyfacts', 'CIK0001835632.json.gz'),
  fixture('edgar', 'companyfacts', 'CIK0001640147.json.gz'),
  fixture('edgar', 'companyfacts', 'CIK0001997711.json.gz'),
  fixture('sec-datasets', 'bulk-json', 'companyfacts', 'CIK0001637459.json'),
  fixture('sec-datasets', 'bulk-json', 'companyfacts', 'CIK0000865941.json'),
  // Apple's Q2 FY2025 10-Q as a standalone XBRL instance (no EDGAR header: no accession, no filing date)
  fixture('edgar', 'xbrl', 'instances', 'aapl-20250329_htm.xml.gz'),
];

type CfFact = CompanyFact;
const companyFacts = readCompanyFacts;
function filed(file: string, concept: string, unit: string, pick: (f: CfFact) => boolean): CfFact {
  const [tax, name] = concept.split(':') as [string, string];
  const hit = defined(defined(defined(companyFacts(file).facts[tax], 'companyFacts(file).facts[tax]')[name], 'companyFacts(file).facts[tax]![name]').units[unit], 'companyFacts(file).facts[tax]![name]!.units[unit]').filter(pick);
  assert.ok(hit.length > 0, `${concept} in ${file}`);
  return defined(hit.sort((a, b) => a.filed.localeCompare(b.filed))[0], 'hit.sort((a, b) => a.filed.localeCompare(b.filed))[0]');
}

let engine: Engine;
let cleanup: () => void;
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  await ingestPaths(engine, FILES);
});
after(() => { cleanup(); });

const find = (ps: AsReportedPeriod[], fiscalYear: number, fiscalPeriod: string) =>
  defined(ps.find((p) => p.fiscalYear === fiscalYear && p.fiscalPeriod === fiscalPeriod), 'ps.find((p) => p.fiscalYear === fiscalYear && p.fiscalPer...');

describe('Apple (September 52/53-week fiscal year) as reported', () => {
  const file = defined(FILES[0], 'FILES[0]');
  const REV = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';
  const SHARES = 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding';

  test('Q4 FY2024 revenue equals FY2024 revenue minus the 9M figure of its Q3 10-Q, attributed to Q4-Recon-FY-9M', async () => {
    const fy = filed(file, REV, 'USD', (f) => f.form === '10-K' && f.start === '2023-10-01' && f.end === '2024-09-28');
    const nine = filed(file, REV, 'USD', (f) => f.form === '10-Q' && f.start === '2023-10-01' && f.end === '2024-06-29');
    const q4 = find(await asReported(engine, { cik: APPLE, period: 'quarter' }), 2024, 'Q4');
    assert.equal(q4.period, '2024-09-28');
    assert.equal(q4.facts[REV], fy.val - nine.val);
    assert.deepEqual(defined(q4.sources['Q4-Recon-FY-9M'], 'q4.sources[\'Q4-Recon-FY-9M\']').facts[REV], {});
    // the filings whose figures were subtracted are sources of the period
    assert.equal(defined(q4.sources[fy.accn], 'q4.sources[fy.accn]').type, '10-K');
    assert.equal(defined(q4.sources[fy.accn], 'q4.sources[fy.accn]').dateFiled, fy.filed);
    assert.equal(defined(q4.sources[nine.accn], 'q4.sources[nine.accn]').type, '10-Q');
  });

  test('Q4 FY2024 diluted weighted-average shares are day-weighted from FY and 9M, within a plausible range of both', async () => {
    const fy = filed(file, SHARES, 'shares', (f) => f.form === '10-K' && f.start === '2023-10-01' && f.end === '2024-09-28');
    const nine = filed(file, SHARES, 'shares', (f) => f.form === '10-Q' && f.start === '2023-10-01' && f.end === '2024-06-29');
    const q4 = find(await asReported(engine, { cik: APPLE, period: 'quarter' }), 2024, 'Q4');
    const fyDays = 364; // 2023-10-01 .. 2024-09-28
    const nineDays = 273; // 2023-10-01 .. 2024-06-29
    assert.equal(q4.facts[SHARES], Math.round((fy.val * fyDays - nine.val * nineDays) / (fyDays - nineDays)));
    // shares fell through the year: the last quarter's average lies beyond the full-year average, away from the 9M one
    assert.ok(nine.val > fy.val && q4.facts[SHARES] < fy.val && q4.facts[SHARES] > fy.val * 0.97);
  });

  test('Q4 FY2024 diluted EPS is recomputed from reconstructed net income and shares', async () => {
    const q4 = find(await asReported(engine, { cik: APPLE, period: 'quarter' }), 2024, 'Q4');
    const eps = Math.round((defined(q4.facts['us-gaap:NetIncomeLoss'], 'q4.facts[\'us-gaap:NetIncomeLoss\']') / defined(q4.facts[SHARES], 'q4.facts[SHARES]')) * 100) / 100;
    assert.equal(q4.facts['us-gaap:EarningsPerShareDiluted'], eps);
    assert.equal(eps, 0.97); // Apple's own Q4 FY2024 diluted EPS
  });

  test('Q3 FY2024 lists the 10-Q that filed its three-month figures, dated by its acceptance', async () => {
    const three = filed(file, REV, 'USD', (f) => f.form === '10-Q' && f.start === '2024-03-31' && f.end === '2024-06-29');
    const q3 = find(await asReported(engine, { cik: APPLE, period: 'quarter' }), 2024, 'Q3');
    assert.equal(q3.facts[REV], three.val);
    assert.deepEqual(q3.sources[three.accn], { type: '10-Q', dateFiled: three.filed, amendment: false, facts: {} });
  });

  test('the 10-K/A of FY2009 is kept in lineage, and restated values name the value they replaced', async () => {
    const fy = find(await asReported(engine, { cik: APPLE, period: 'annual' }), 2009, 'FY');
    const amendments = Object.entries(fy.sources).filter(([, s]) => s.type === '10-K/A');
    assert.ok(amendments.length >= 1);
    assert.ok(amendments.every(([, s]) => s.amendment && s.dateFiled));
    const changed = Object.values(fy.sources).flatMap((s) => Object.values(s.facts)).filter((f) => f.before !== undefined);
    assert.ok(changed.length > 0);
  });

  test('TTM at FY2024 sums the four quarters of revenue and averages the four diluted share counts', async () => {
    const quarters = await asReported(engine, { cik: APPLE, period: 'quarter' });
    const ttm = find(await asReported(engine, { cik: APPLE, period: 'ttm' }), 2024, 'TTM');
    const four = ['Q1', 'Q2', 'Q3', 'Q4'].map((q) => find(quarters, 2024, q));
    const fyRev = filed(file, REV, 'USD', (f) => f.form === '10-K' && f.start === '2023-10-01' && f.end === '2024-09-28');
    assert.equal(ttm.facts[REV], four.reduce((a, p) => a + defined(p.facts[REV], 'p.facts[REV]'), 0));
    assert.equal(ttm.facts[REV], fyRev.val);
    assert.equal(ttm.facts[SHARES], Math.floor(four.reduce((a, p) => a + defined(p.facts[SHARES], 'p.facts[SHARES]'), 0) / 4 + 0.5));
    assert.equal(ttm.facts['us-gaap:Assets'], defined(four[3], 'four[3]').facts['us-gaap:Assets']);
  });
});

describe('one filing from two sources', () => {
  test("a standalone instance of Apple's Q2 FY2025 10-Q adds its extension concepts but leaves the credit to the accession", async () => {
    const q2 = find(await asReported(engine, { cik: APPLE, period: 'quarter' }), 2025, 'Q2');
    assert.equal(q2.period, '2025-03-29');
    // companyfacts has no company extension concepts; the instance does, and they are served as filed
    assert.ok(Object.keys(q2.facts).some((k) => k.startsWith('aapl:')));
    // facts both sources carry are credited to the 10-Q's accession, not to the undated instance
    const rev = filed(defined(FILES[0], 'FILES[0]'), 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'USD',
      (f) => f.form === '10-Q' && f.start === '2024-12-29' && f.end === '2025-03-29');
    assert.equal(q2.facts['us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax'], rev.val);
    assert.equal(defined(q2.sources[rev.accn], 'q2.sources[rev.accn]').type, '10-Q');
    assert.equal(defined(q2.sources[rev.accn], 'q2.sources[rev.accn]').dateFiled, rev.filed);
  });
});

describe('fiscal calendars of non-December filers', () => {
  test('Marvell (52/53-week year ending near January 31) labels the year ending 2025-02-01 fiscal 2025', async () => {
    const fy = defined((await asReported(engine, { cik: MARVELL, period: 'annual' })).find((p) => p.period === '2025-02-01'), '(await asReported(engine, { cik: MARVELL, period: \'annua...');
    assert.equal(fy.fiscalYear, 2025);
    const q = (await asReported(engine, { cik: MARVELL, period: 'quarter' })).filter((p) => p.fiscalYear === 2025);
    assert.deepEqual(q.map((p) => p.fiscalPeriod), ['Q4', 'Q3', 'Q2', 'Q1']);
    assert.equal(defined(q[0], 'q[0]').period, '2025-02-01');
  });

  test('Snowflake (January 31) labels the year ending 2025-01-31 fiscal 2025 and its Q1 ends in April 2024', async () => {
    const q = (await asReported(engine, { cik: SNOWFLAKE, period: 'quarter' })).filter((p) => p.fiscalYear === 2025);
    assert.equal(defined(q.find((p) => p.fiscalPeriod === 'Q1'), 'q.find((p) => p.fiscalPeriod === \'Q1\')').period, '2024-04-30');
    assert.equal(defined(q.find((p) => p.fiscalPeriod === 'Q4'), 'q.find((p) => p.fiscalPeriod === \'Q4\')').period, '2025-01-31');
  });

  test('a 20-F filer (LPA, IFRS) is served with its raw ifrs-full concepts and the 20-F as source', async () => {
    const file = defined(FILES[3], 'FILES[3]');
    const rev = filed(file, 'ifrs-full:Revenue', 'USD', (f) => f.form === '20-F' && f.end === '2024-12-31' && f.start === '2024-01-01');
    const fy = find(await asReported(engine, { cik: LPA, period: 'annual' }), 2024, 'FY');
    assert.equal(fy.facts['ifrs-full:Revenue'], rev.val);
    assert.equal(defined(fy.sources[rev.accn], 'fy.sources[rev.accn]').type, '20-F');
  });
});

describe('the four quarters add up to the year', () => {
  const CORE = ['us-gaap:Revenues', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax', 'us-gaap:SalesRevenueNet',
    'us-gaap:NetIncomeLoss', 'us-gaap:OperatingIncomeLoss', 'us-gaap:GrossProfit', 'us-gaap:CostOfGoodsAndServicesSold',
    'us-gaap:NetCashProvidedByUsedInOperatingActivities', 'us-gaap:NetCashProvidedByUsedInInvestingActivities',
    'us-gaap:NetCashProvidedByUsedInFinancingActivities'];

  for (const [name, cik, exact] of [['Apple', APPLE, true], ['Marvell', MARVELL, true], ['Snowflake', SNOWFLAKE, true],
    ['Kraft Heinz', KRAFT, false], ['Celadon', CELADON, false]] as const) {
    test(`${name}: Q1+Q2+Q3+Q4 = FY for core flows in every complete fiscal year${exact ? '' : ' wherever a quarter was reconstructed'}`, async () => {
      const annual = await asReported(engine, { cik, period: 'annual' });
      const quarters = await asReported(engine, { cik, period: 'quarter' });
      let checked = 0;
      for (const fy of annual) {
        const four = ['Q1', 'Q2', 'Q3', 'Q4'].map((q) => quarters.find((p) => p.fiscalYear === fy.fiscalYear && p.fiscalPeriod === q));
        for (const concept of CORE) {
          const values = four.map((p) => p?.facts[concept]);
          if (fy.facts[concept] === undefined || values.some((v) => v === undefined)) continue;
          const reconstructed = four.some((p) => Object.entries(defined(p, 'p').sources).some(([k, s]) => k.includes('-Recon-') && s.facts[concept]));
          if (!exact && !reconstructed) continue; // four three-month figures as filed: the filer's own numbers stand
          checked++;
          const sum = (values as number[]).reduce((a, b) => a + b, 0);
          assert.ok(Math.abs(sum - fy.facts[concept]) < 0.5, `${concept} FY${String(fy.fiscalYear)}: ${String(sum)} vs ${String(fy.facts[concept])}`);
        }
      }
      assert.ok(checked > 10, `${String(checked)} fiscal-year checks`);
    });
  }
});

describe('SQL contracts of the period layers', () => {
  test('fact_latest keeps one surviving value per company, concept, unit and period', async () => {
    const [row] = await engine.query<{ n: number; keys: number }>(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT (concept, unit, period_start, period_end))::INTEGER AS keys
       FROM fact_latest(cik_bucket($c), $c, NULL)`, { c: APPLE });
    assert.equal(defined(row, 'row').n, defined(row, 'row').keys);
  });

  test('period_rows has one row per series and period, and never a negative share count', async () => {
    const [row] = await engine.query<{ n: number; keys: number; negative: number }>(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT (series, period, fiscalPeriod))::INTEGER AS keys,
              sum(len(list_filter(map_entries(facts), e -> e.key ILIKE '%WeightedAverage%' AND e.value < 0)))::INTEGER AS negative
       FROM period_rows(cik_bucket($c), $c, NULL)`, { c: KRAFT });
    assert.equal(defined(row, 'row').n, defined(row, 'row').keys);
    assert.equal(defined(row, 'row').negative, 0);
  });

  test('Kraft Heinz 10-Q/A filings are kept in the lineage of the quarters they reported', async () => {
    const quarters = await asReported(engine, { cik: KRAFT, period: 'quarter' });
    const amended = quarters.filter((p) => Object.values(p.sources).some((s) => s.type === '10-Q/A' && s.amendment));
    assert.ok(amended.length > 0);
  });
});
