// Regression (issue 8, item 5): a standalone XBRL instance or inline XBRL document ingested without its EDGAR header
// is tied to its filing. The filings index / submissions name the filing (company, form, report period, primary
// document); the match is made in SQL at query time, so it holds whichever of the two arrives first. A document no
// filing claims keeps a content-hash key that is not an accession: its values are served, but it is never a source,
// and a dated filing that reported the same fact (instants included: they have no start date) keeps the credit.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported, type AsReportedPeriod } from '../../engine/financials/asReported.ts';
import { defined } from '../helpers/defined.ts';
import { readCompanyFacts, readSubmissions } from '../helpers/companyFacts.ts';

const APPLE = 320193;
const INSTANCE = fixture('edgar', 'xbrl', 'instances', 'aapl-20250329_htm.xml.gz');
const INLINE = fixture('edgar', 'xbrl', 'ixbrl', 'aapl-20250329.htm.gz');
const SUBMISSIONS = fixture('edgar', 'submissions', 'CIK0000320193.json.gz');
const COMPANY_FACTS = fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz');
const REV = 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax';


/** The 10-Q for the quarter ended 2025-03-29 as the submissions file lists it. */
function listedFiling(): { accession: string; accepted: string; primaryDocument: string } {
  const recent = readSubmissions(SUBMISSIONS).filings.recent;
  const i = recent.accessionNumber.findIndex((_, k) => recent.form[k] === '10-Q' && recent.reportDate[k] === '2025-03-29');
  assert.ok(i >= 0, 'the submissions file lists the 10-Q');
  return { accession: defined(recent.accessionNumber[i], 'accessionNumber'), accepted: defined(recent.acceptanceDateTime[i], 'acceptanceDateTime').slice(0, 10), primaryDocument: defined(recent.primaryDocument[i], 'primaryDocument') };
}

/** Three-month revenue of the quarter as the instance document itself states it (undimensioned context). */
function instanceRevenue(): number {
  const xml = zlib.gunzipSync(fs.readFileSync(INSTANCE)).toString('utf8');
  const contexts = [...xml.matchAll(/<(?:xbrli:)?context id="([^"]+)">([\s\S]*?)<\/(?:xbrli:)?context>/g)]
    .filter(([, , body]) => /startDate>2024-12-29</.test(defined(body, 'body')) && /endDate>2025-03-29</.test(defined(body, 'body')) && !defined(body, 'body').includes('segment'))
    .map(([, id]) => defined(id, 'id'));
  const fact = [...xml.matchAll(/<us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax[^>]*contextRef="([^"]+)"[^>]*>([^<]+)</g)]
    .find(([, ctx]) => contexts.includes(defined(ctx, 'ctx')));
  assert.ok(fact, 'the instance states the quarter revenue');
  return Number(fact[2]);
}

async function quarterOf(files: string[][]): Promise<AsReportedPeriod> {
  const { engine, cleanup } = await openTempEngine();
  try {
    for (const batch of files) await ingestPaths(engine, batch);
    const q = (await asReported(engine, { cik: APPLE, period: 'quarter' })).find((p) => p.period === '2025-03-29');
    assert.ok(q, 'the quarter ended 2025-03-29 is served');
    return q;
  } finally {
    cleanup();
  }
}

const hashKeys = (p: AsReportedPeriod) => Object.keys(p.sources).filter((k) => !/^\d{10}-\d{2}-\d{6}$/.test(k) && !k.includes('-Recon-'));

describe('a headerless document is tied to the filing the submissions list', () => {
  const listed = listedFiling();

  for (const [name, doc] of [['instance', INSTANCE], ['inline document', INLINE]] as const) {
    for (const order of ['before', 'after'] as const) {
      test(`the ${name}, ingested ${order} the submissions file, is credited to ${listed.accession}`, async () => {
        const q = await quarterOf(order === 'before' ? [[doc], [SUBMISSIONS]] : [[SUBMISSIONS], [doc]]);
        assert.equal(q.facts[REV], instanceRevenue());
        assert.deepEqual(hashKeys(q), []);
        const src = q.sources[listed.accession];
        assert.ok(src, `${listed.accession} is a source`);
        assert.equal(src.type, '10-Q');
        assert.equal(src.dateFiled, listed.accepted);
        assert.equal(q.dateFiled, listed.accepted);
      });
    }
  }

  test('the EDGAR primary document name decides between filings of one period (the instance is named after it)', () => {
    assert.equal(listed.primaryDocument, 'aapl-20250329.htm');
  });
});

describe('a headerless document no filing claims', () => {
  test('its values are served, but its content-hash key is never a source', async () => {
    const q = await quarterOf([[INSTANCE]]);
    assert.equal(q.facts[REV], instanceRevenue());
    assert.deepEqual(hashKeys(q), []);
    assert.ok(Object.keys(q.facts).some((k) => k.startsWith('aapl:')), 'extension concepts are served');
  });

  test('a dated filing that reported the same balance keeps the credit (instants compared null-safely)', async () => {
    const { engine, cleanup } = await openTempEngine();
    try {
      await ingestPaths(engine, [COMPANY_FACTS, INSTANCE]);
      const assets = defined(defined(defined(defined(readCompanyFacts(COMPANY_FACTS).facts['us-gaap'], 'us-gaap facts').Assets, 'us-gaap:Assets').units.USD, 'USD unit')
        .filter((f) => f.end === '2025-03-29').sort((a, b) => a.filed.localeCompare(b.filed))[0], '(json(COMPANY_FACTS).facts[\'us-gaap\'].Assets.units.USD ...');
      const [row] = await engine.query<{ supplier: string; n: number }>(`
        SELECT supplier, count(*) OVER ()::INTEGER AS n FROM fact_latest(cik_bucket(320193), 320193, NULL)
        WHERE concept = 'us-gaap:Assets' AND unit = 'USD' AND period_start IS NULL AND period_end = DATE '2025-03-29'`);
      assert.equal(defined(row, 'row').n, 1);
      assert.equal(defined(row, 'row').supplier, assets.accn);
      const [undated] = await engine.query<{ n: number }>(`
        SELECT count(*)::INTEGER AS n FROM fact_observations(cik_bucket(320193), 320193, NULL)
        WHERE accession LIKE 'hash-%' AND concept = 'us-gaap:Assets' AND period_end = DATE '2025-03-29'`);
      assert.equal(defined(undated, 'undated').n, 0);
    } finally {
      cleanup();
    }
  });
});
