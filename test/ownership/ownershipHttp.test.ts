// The six ownership routes over loopback against the real app: tiers, entity identification, the paginated envelope,
// by-insider parameters, reportDate pinning, pageSize maximum, and exactly the spec's fields.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import type { Plan } from '../../engine/accounts/plans.ts';
import * as v from 'valibot';
import { tableFromIPC } from 'apache-arrow';
import { BeneficialOwner, InsiderSummary, InsiderTransaction, InstitutionalHolder, OwnershipSummary } from '../../http/endpoints/ownership.ts';
import { defined } from '../helpers/defined.ts';

const INSIDER_FIELDS = ['ownerName', 'ownerCik', 'isDirector', 'isOfficer', 'isTenPercentOwner', 'officerTitle', 'documentType', 'securityTitle',
  'transactionDate', 'transactionCode', 'shares', 'pricePerShare', 'acquiredDisposed', 'sharesAfter', 'directIndirect', 'isDerivative',
  'exercisePrice', 'exerciseDate', 'expirationDate', 'underlyingSecurity', 'underlyingShares', 'accessionNumber', 'filingUrl',
  'transactionValue', 'filingDate'];
const HOLDER_FIELDS = ['managerName', 'managerCik', 'value', 'shares', 'shareType', 'investmentDiscretion', 'putCall', 'soleVoting', 'sharedVoting',
  'noneVoting', 'reportDate', 'prevShares', 'prevValue', 'pctOfShares', 'prevPctOfShares', 'accessionNumber', 'cusip', 'symbol'];
const OWNER_FIELDS = ['reportingPersonName', 'reportingPersonCik', 'activist', 'amendment', 'percentOfClass', 'aggregateAmountOwned', 'soleVotingPower',
  'sharedVotingPower', 'soleDispositivePower', 'sharedDispositivePower', 'typeOfReportingPerson', 'securityClassTitle', 'reportDate',
  'accessionNumber', 'filingUrl', 'filingType', 'prevPercentOfClass', 'purposeOfTransaction', 'intent', 'isInsider', 'insiderTitle'];

let wh: TestWarehouse;
let app: TestApp;

before(async () => {
  wh = await fixtureWarehouse([
    fixture('edgar', 'ownership'), fixture('edgar', '13f'), fixture('edgar', '13dg'), fixture('sec-datasets', 'insider', '2025q2_subset'),
    fixture('edgar', 'reference', 'cusip_ticker.csv.gz'), fixture('edgar', 'reference', 'company_tickers.json.gz'),
    fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
  ]);
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

async function get(path: string, plan: Plan = 'Stock Pro') {
  const res = await fetch(`${app.base}${path}`, bearer(app.tokens[plan]));
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as Record<string, unknown> & { data?: Record<string, unknown>[] } };
}

describe('insider transaction routes', () => {
  test('the insider routes are Stock Pro: Free and Starter get 403, Stock Pro and Pro get 200', async () => {
    for (const path of ['/api/insider-transactions?symbol=SNOW', '/api/insider-transactions/summary?symbol=SNOW', '/api/insider-transactions/by-insider?symbol=SNOW&ownerCik=1402348']) {
      for (const [plan, status] of [['Free', 403], ['Starter', 403], ['Stock Pro', 200], ['Pro', 200]] as const) {
        assert.equal((await get(path, plan)).status, status, `${path} as ${plan}`);
      }
    }
  });

  test("Snowflake's trades come paginated, newest first, with exactly the spec's fields", async () => {
    const { status, body } = await get('/api/insider-transactions?symbol=SNOW&pageSize=5');
    assert.equal(status, 200);
    assert.equal(body.pageSize, 5);
    assert.ok((body.totalResults as number) > 20);
    assert.deepEqual(Object.keys(defined(defined(body.data, 'body.data')[0], 'body.data![0]')), INSIDER_FIELDS);
    assert.equal(defined(defined(body.data, 'body.data')[0], 'body.data![0]').transactionDate, '2025-06-27');
  });

  test('by-insider needs ownerCik and filters by the date range', async () => {
    const missing = await get('/api/insider-transactions/by-insider?symbol=SNOW');
    assert.equal(missing.status, 400);
    assert.match(String(missing.body.error), /ownerCik/);
    const { body } = await get('/api/insider-transactions/by-insider?symbol=SNOW&ownerCik=1402348&startDate=2025-06-27&endDate=2025-06-27&pageSize=50');
    // Slootman on 2025-06-27: an option exercise (stock and option rows) and five sales
    assert.equal(body.totalResults, 7);
    assert.ok(defined(body.data, 'body.data').every((r) => r.ownerName === 'Slootman Frank' && r.transactionDate === '2025-06-27'));
    const bad = await get('/api/insider-transactions/by-insider?symbol=SNOW&ownerCik=1402348&startDate=2025-13-01');
    assert.equal(bad.status, 400);
  });

  test('the summary has the three windows, each with the spec counters', async () => {
    const { status, body } = await get('/api/insider-transactions/summary?symbol=SNOW');
    assert.equal(status, 200);
    assert.deepEqual(Object.keys(body), ['3months', '6months', '12months']);
    assert.deepEqual(Object.keys(body['12months'] as object), ['buyCount', 'sellCount', 'buyShares', 'sellShares', 'buyValue', 'sellValue', 'netShares', 'uniqueBuyers', 'uniqueSellers']);
  });
});

describe('ownership routes', () => {
  test('institutional holders of AAPL for the quarter a mid-quarter reportDate pins to, with the spec fields', async () => {
    const { status, body } = await get('/api/ownership/institutional-holders?symbol=AAPL&reportDate=2021-02-15', 'Free');
    assert.equal(status, 200);
    assert.equal(body.totalResults, 1);
    const row = defined(defined(body.data, 'body.data')[0], 'body.data![0]');
    // a new position: prevShares is null, and prevPctOfShares is omitted (the spec: "omitted when no prior position")
    assert.deepEqual(Object.keys(row), HOLDER_FIELDS.filter((f) => f !== 'prevPctOfShares'));
    assert.deepEqual([row.managerName, row.shares, row.value, row.reportDate, row.symbol, row.prevShares], ['ACTIAM N.V.', 1733777, 230054000, '2020-12-31', 'AAPL', null]);
    assert.equal(typeof row.pctOfShares, 'number');
  });

  test('institutional holders by a CUSIP that only the CUSIP map names: linked to its issuer through the ticker', async () => {
    // cusip_ticker.csv maps 037833100 -> AAPL without a CIK; company_tickers.json gives AAPL -> CIK 320193
    const { status, body } = await get('/api/ownership/institutional-holders?cusip=037833100&reportDate=2020-12-31', 'Free');
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(defined(body.data, 'body.data').map((r) => [r.managerName, r.cusip, r.shares]), [['ACTIAM N.V.', '037833100', 1733777]]);
  });

  // issue 8 item 9: a CUSIP known only from a 13F table (no issuer CIK, no listing) is answerable: holders, symbol null
  test('institutional holders by a CUSIP that no filing or mapping links to an issuer CIK: served, not 400', async () => {
    const [unlinked] = await wh.engine.query<{ cusip: string; quarter: string }>(`
      SELECT h.cusip, strftime(max(c.report_date), '%Y-%m-%d') AS quarter FROM src_holdings_13f h JOIN form13f_contributing c USING (accession)
      WHERE h.cusip NOT IN (SELECT cusip FROM security_index WHERE cik IS NOT NULL AND cusip IS NOT NULL)
      GROUP BY h.cusip ORDER BY h.cusip LIMIT 1`);
    assert.ok(unlinked, 'the 13F fixtures hold a CUSIP nothing links to an issuer');
    const { status, body } = await get(`/api/ownership/institutional-holders?cusip=${unlinked.cusip}&reportDate=${unlinked.quarter}`, 'Free');
    assert.equal(status, 200, JSON.stringify(body));
    assert.ok(defined(body.data, 'body.data').length >= 1, JSON.stringify([unlinked, body]).slice(0, 600));
    // symbol: the ticker a CUSIP map gives it, else null
    const [mapped] = await wh.engine.query<{ ticker: string | null }>(
      'SELECT max(upper(ticker)) AS ticker FROM src_securities WHERE cusip = $c', { c: unlinked.cusip });
    assert.ok(defined(body.data, 'body.data').every((r) => r.cusip === unlinked.cusip && r.symbol === (mapped?.ticker ?? null)), JSON.stringify(body.data).slice(0, 400));
  });

  test('pageSize is capped at 500 on institutional holders', async () => {
    assert.equal((await get('/api/ownership/institutional-holders?symbol=AAPL&pageSize=500')).status, 200);
    assert.equal((await get('/api/ownership/institutional-holders?symbol=AAPL&pageSize=501')).status, 400);
  });

  test('beneficial owners by a CUSIP a 13D cover page names, with the spec fields', async () => {
    const { status, body } = await get('/api/ownership/beneficial-owners?cusip=00032Q104', 'Free');
    assert.equal(status, 200);
    const rows = body as unknown as Record<string, unknown>[];
    assert.equal(rows.length, 2);
    assert.deepEqual(Object.keys(defined(rows[0], 'rows[0]')), OWNER_FIELDS);
    assert.deepEqual([defined(rows[0], 'rows[0]').reportingPersonName, defined(rows[0], 'rows[0]').percentOfClass, defined(rows[0], 'rows[0]').activist], ['Leonard Braden Michael', 9.9, true]);
  });

  test('the ownership summary of AAPL for 2020Q4 counts holders and lists the top holder', async () => {
    const { status, body } = await get('/api/ownership/summary?symbol=AAPL&reportDate=2020-12-31', 'Free');
    assert.equal(status, 200);
    assert.equal(body.reportDate, '2020-12-31');
    assert.equal(body.cik, 320193);
    const inst = body.institutional as Record<string, number>;
    assert.equal(inst.holders, 1);
    assert.equal(inst.shares, 1733777);
    assert.equal(defined((body.topHolders as { managerName: string }[])[0], '(body.topHolders as { managerName: string }[])[0]').managerName, 'ACTIAM N.V.');
  });
});

describe('ownership responses against their documented schemas and in other formats', () => {
  test('every route answers data its valibot response schema accepts', async () => {
    // a non-empty list each time, so that the schema check is not passed vacuously by []
    const rows = (list: unknown): unknown[] => {
      assert.ok(Array.isArray(list) && list.length > 0, `expected rows, got ${JSON.stringify(list)}`);
      return list;
    };
    v.parse(v.array(InsiderTransaction), rows((await get('/api/insider-transactions?symbol=SNOW&pageSize=500')).body.data));
    v.parse(v.array(InsiderTransaction), rows((await get('/api/insider-transactions/by-insider?symbol=SNOW&ownerCik=1402348')).body.data));
    v.parse(InsiderSummary, (await get('/api/insider-transactions/summary?symbol=SNOW')).body);
    v.parse(v.array(InstitutionalHolder), rows((await get('/api/ownership/institutional-holders?cik=1652044&reportDate=2024-12-31')).body.data));
    v.parse(v.array(BeneficialOwner), rows((await get('/api/ownership/beneficial-owners?cik=1422142')).body));
    v.parse(OwnershipSummary, (await get('/api/ownership/summary?symbol=AAPL&reportDate=2020-12-31')).body);
  });

  test('institutional holders also come as CSV and as Arrow with the same rows', async () => {
    const path = '/api/ownership/institutional-holders?symbol=AAPL&reportDate=2024-12-31';
    const csv = await (await fetch(`${app.base}${path}`, bearer(app.tokens.Free, { Accept: 'text/csv' }))).text();
    const lines = csv.trim().split(/\r?\n/);
    assert.equal(lines[0], ['managerName', 'managerCik', 'value', 'shares', 'shareType', 'investmentDiscretion', 'putCall', 'soleVoting', 'sharedVoting',
      'noneVoting', 'reportDate', 'prevShares', 'prevValue', 'pctOfShares', 'prevPctOfShares', 'accessionNumber', 'cusip', 'symbol'].join(','));
    assert.equal(lines.length, 2);
    const arrow = await fetch(`${app.base}${path}`, bearer(app.tokens.Free, { Accept: 'application/vnd.apache.arrow.stream' }));
    const table = tableFromIPC(new Uint8Array(await arrow.arrayBuffer()));
    assert.equal(table.numRows, 1);
    assert.equal(table.getChild('shares')?.get(0), 18577);
  });
});
