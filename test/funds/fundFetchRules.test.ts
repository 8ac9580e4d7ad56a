// The rules the online fund fetch picks filings by, on real SGML headers: a header lists the series a filing covers
// (the AB N-CEN's full submission, the iShares 485APOS dissemination file), one that lists none covers any series; the
// fund ticker file resolves symbols written with a dot or a dash; candidates come latest period first, an amendment
// before its original, and the XBRL families leave out filings without XBRL.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture } from '../helpers/fixtures.ts';
import { FUND_FORM_GROUPS, fundCandidates, headerCoversSeries, type FundFiling } from '../../engine/edgar/fetchFunds.ts';
import { fundTickerTable, splitFundTickers } from '../../engine/edgar/resolveFundTickers.ts';
import { defined } from '../helpers/defined.ts';

function text(file: string): string {
  const bytes = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1');
}

test('a real SGML header covers exactly the series it lists; a header listing none covers any', () => {
  for (const file of [fixture('edgar', 'funds', '0001410368-26-010921.txt'), fixture('edgar', 'n1a', '0001193125-24-100942.nc.gz')]) {
    const body = text(file);
    const listed = [...body.matchAll(/<SERIES-ID>(S\d{9})/g)].map((m) => defined(m[1], 'series'));
    assert.ok(listed.length > 0, file);
    for (const s of listed) assert.ok(headerCoversSeries(body, s), `${file} ${s}`);
    const unlisted = ['S000000001', 'S999999999'].find((s) => !listed.includes(s));
    assert.equal(headerCoversSeries(body, defined(unlisted, 'an unlisted series')), false, file);
    assert.ok(headerCoversSeries(body, null), 'a ticker with no series takes any filing');
  }
  // an operating company's filing (a Form 4 full submission) lists no series: a one-fund registrant's filings look alike
  const company = text(fixture('edgar', 'ownership', '0000320193-22-000061.txt'));
  assert.doesNotMatch(company, /<SERIES-ID>/);
  assert.ok(headerCoversSeries(company, 'S000045542'));
});

test('the fund ticker file resolves symbols with a dot or a dash; rows without a symbol are skipped', () => {
  const table = fundTickerTable({ fields: ['cik', 'seriesId', 'classId', 'symbol'], data: [[81443, 'S000045542', 'C000141234', 'SCAVX'], [81443, 'S000045542', 'C000141235', null], [1100663, 'S000004310', 'C000012083', 'BRK.Q']] }, 'mf');
  assert.equal(table.size, 2);
  const { funds, others } = splitFundTickers(table, ['scavx', 'BRK-Q', 'AAPL']);
  assert.deepEqual(funds, [
    { ticker: 'SCAVX', cik: 81443, seriesId: 'S000045542', classId: 'C000141234' },
    { ticker: 'BRK-Q', cik: 1100663, seriesId: 'S000004310', classId: 'C000012083' },
  ]);
  assert.deepEqual(others, ['AAPL']);
  assert.throws(() => fundTickerTable({ fields: ['cik', 'symbol'], data: [] }, 'mf'), /must name cik, seriesId, classId and symbol/);
});

test('candidates: latest period first, an amendment before its original, XBRL families without XBRL-less filings', () => {
  const f = (accession: string, form: string, filingDate: string, reportDate: string, isXbrl: boolean): FundFiling =>
    ({ accession, form, filingDate, reportDate, primaryDocument: 'x.htm', isXbrl, isInlineXbrl: isXbrl });
  const filings = [
    f('0000000001-24-000001', 'NPORT-P', '2024-05-20', '2024-03-31', false),
    f('0000000001-24-000002', 'NPORT-P', '2024-02-20', '2023-12-31', false),
    f('0000000001-24-000003', 'NPORT-P/A', '2024-06-01', '2023-12-31', false),
    f('0000000001-24-000004', 'NPORT-P/A', '2024-06-02', '2024-03-31', false),
    f('0000000001-24-000005', 'N-CSRS', '2024-08-30', '2024-06-30', true),
    f('0000000001-24-000006', 'N-CSR', '2024-03-01', '2023-12-31', true),
    f('0000000001-24-000007', '497', '2024-09-01', '', false),
    f('0000000001-24-000008', '485BPOS', '2024-04-28', '', true),
  ];
  const [nport, reports, prospectus] = FUND_FORM_GROUPS.map((g) => fundCandidates(filings, g).map((x) => x.accession.slice(-1)));
  assert.deepEqual(nport, ['4', '1', '3', '2']);
  assert.deepEqual(reports, ['5', '6']);
  assert.deepEqual(prospectus, ['8']);
});
