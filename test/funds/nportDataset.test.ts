// The SEC's Form N-PORT data set tables: a quarter's SUBMISSION/REGISTRANT tables alone name no fund and add nothing;
// with FUND_REPORTED_INFO, MONTHLY_TOTAL_RETURN, FUND_REPORTED_HOLDING and IDENTIFIERS (written here in the SEC's
// layout for real filings of the fixture's SUBMISSION and REGISTRANT tables) the fund endpoints serve what they state.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { bearer, startTestApp, type TestApp } from '../http/testApp.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

const QUARTER = fixture('sec-datasets', 'nport', '2026q1');
const tsv = (rows: string[][]) => `${rows.map((r) => r.join('\t')).join('\n')}\n`;

let engine: Engine;
let cleanup: () => void;
let app: TestApp;
let dir: string;
let accession: string;
let cik: number;
let reportDate: string;

before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  // the real first filing of the quarter's tables, and its registrant
  const subLines = fs.readFileSync(path.join(QUARTER, 'SUBMISSION.tsv'), 'utf8').split('\n');
  const regLines = fs.readFileSync(path.join(QUARTER, 'REGISTRANT.tsv'), 'utf8').split('\n');
  const sub = defined(subLines[1], 'SUBMISSION row').split('\t');
  accession = defined(sub[0], 'accession');
  const reg = defined(regLines.find((l) => l.startsWith(`${accession}\t`)), 'REGISTRANT row').split('\t');
  cik = Number(reg[1]);
  const [d, m, y] = defined(sub[5], 'REPORT_DATE').split('-');
  reportDate = `${String(y)}-${String(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].indexOf(String(m)) + 1).padStart(2, '0')}-${String(d)}`;
  dir = tempDir('nport-ds-');
  fs.writeFileSync(path.join(dir, 'SUBMISSION.tsv'), `${defined(subLines[0], 'header')}\n${defined(subLines[1], 'row')}\n`);
  fs.writeFileSync(path.join(dir, 'REGISTRANT.tsv'), `${defined(regLines[0], 'header')}\n${reg.join('\t')}\n`);
  fs.writeFileSync(path.join(dir, 'FUND_REPORTED_INFO.tsv'), tsv([
    ['ACCESSION_NUMBER', 'SERIES_NAME', 'SERIES_ID', 'SERIES_LEI', 'TOTAL_ASSETS', 'TOTAL_LIABILITIES', 'NET_ASSETS', 'SALES_FLOW_MON1', 'REINVESTMENT_FLOW_MON1',
      'REDEMPTION_FLOW_MON1', 'SALES_FLOW_MON2', 'REINVESTMENT_FLOW_MON2', 'REDEMPTION_FLOW_MON2', 'SALES_FLOW_MON3', 'REINVESTMENT_FLOW_MON3', 'REDEMPTION_FLOW_MON3'],
    [accession, 'Data Set Test Series', 'S000099999', '', '1200.5', '200.25', '1000.25', '100', '10', '40', '110', '11', '41', '120', '12', '42'],
  ]));
  fs.writeFileSync(path.join(dir, 'MONTHLY_TOTAL_RETURN.tsv'), tsv([
    ['ACCESSION_NUMBER', 'MONTHLY_TOTAL_RETURN_ID', 'CLASS_ID', 'MONTHLY_TOTAL_RETURN1', 'MONTHLY_TOTAL_RETURN2', 'MONTHLY_TOTAL_RETURN3'],
    [accession, '1', 'C000099999', '1.5', '-0.25', '2'],
  ]));
  fs.writeFileSync(path.join(dir, 'FUND_REPORTED_HOLDING.tsv'), tsv([
    ['ACCESSION_NUMBER', 'HOLDING_ID', 'ISSUER_NAME', 'ISSUER_LEI', 'ISSUER_TITLE', 'ISSUER_CUSIP', 'BALANCE', 'UNIT', 'CURRENCY_CODE', 'CURRENCY_VALUE',
      'PERCENTAGE', 'PAYOFF_PROFILE', 'ASSET_CAT', 'ISSUER_TYPE', 'INVESTMENT_COUNTRY', 'IS_RESTRICTED_SECURITY', 'FAIR_VALUE_LEVEL', 'DERIVATIVE_CAT'],
    [accession, '777', 'Apple Inc', '', 'Apple Inc', '037833100', '3', 'NS', 'USD', '600.5', '60.03', 'Long', 'EC', 'CORP', 'US', 'N', '1', ''],
    [accession, '778', 'ISIN Only Corp', '', 'ISIN Only Corp', 'N/A', '5', 'NS', 'USD', '300', '29.99', 'Long', 'EC', 'CORP', 'US', 'N', '1', ''],
  ]));
  fs.writeFileSync(path.join(dir, 'IDENTIFIERS.tsv'), tsv([
    ['HOLDING_ID', 'IDENTIFIERS_ID', 'IDENTIFIER_ISIN', 'IDENTIFIER_TICKER', 'OTHER_IDENTIFIER', 'OTHER_IDENTIFIER_DESC'],
    ['777', '1', 'US0378331005', 'AAPL', '', ''],
    ['778', '2', 'US0000000AB1', '', '', ''],
  ]));
  await ingestPaths(engine, [dir]);
  app = await startTestApp(engine);
});
after(async () => {
  await app.close();
  cleanup();
});

async function get(url: string) {
  const res = await fetch(`${app.base}${url}`, bearer(app.tokens.Pro));
  return { status: res.status, body: (await res.json()) as unknown };
}
type Row = Record<string, unknown>;

describe('N-PORT data sets', () => {
  test('the fixture quarter (SUBMISSION and REGISTRANT only) ingests and names no fund', async () => {
    const wh = await openTempEngine();
    try {
      await ingestPaths(wh.engine, [QUARTER]);
      const [row] = await wh.engine.query<{ n: number }>('SELECT (SELECT count(*) FROM src_nport_reports) + (SELECT count(*) FROM src_fund_series) AS n');
      assert.equal(Number(row?.n), 0);
    } finally {
      wh.cleanup();
    }
  });

  test('FUND_REPORTED_INFO, returns and holdings serve the profile, flows and reverse lookup as the tables state', async () => {
    const profile = await get('/api/fund/profile?symbol=S000099999');
    assert.equal(profile.status, 200, JSON.stringify(profile.body));
    const p = defined((profile.body as Row[])[0], 'profile');
    assert.equal(p.reportDate, reportDate);
    assert.deepEqual([p.totalAssets, p.totalLiabilities, p.netAssets, p.totalSales, p.totalRedemptions, p.holdingCount], [1200.5, 200.25, 1000.25, 330, 123, 2]);
    const flows = defined(((await get('/api/fund/flows?symbol=S000099999')).body as Row[])[0], 'flows');
    assert.deepEqual([flows.returnMon1, flows.returnMon2, flows.returnMon3, flows.flowReinvestMon2], [1.5, -0.25, 2, 11]);
    const [series] = await engine.query<{ cik: number }>('SELECT cik FROM fund_series_index WHERE series_id = $1', ['S000099999']);
    assert.equal(series?.cik, cik);
    const lookup = (await get('/api/fund/reverse-lookup?cusip=037833100')).body as { data: Row[] };
    assert.deepEqual(lookup.data.map((d) => [d.seriesId, d.value, d.pctOfNetAssets, d.isin, d.accessionNumber]), [['S000099999', 600.5, 60.03, 'US0378331005', accession]]);
  });
});
