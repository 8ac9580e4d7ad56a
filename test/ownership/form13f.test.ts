// 13F-HR / 13F-HR/A from every 13F fixture: cover pages, information tables, value units, amendments, quarter pairing,
// scope by symbol / CUSIP / CIK, reportDate pinning and pctOfShares against the issuer's own shares outstanding.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fixture } from '../helpers/tempWarehouse.ts';
import { ownershipWarehouse, scratchDir, variantOf, variantWith, type OwnershipWarehouse } from './ownershipWarehouse.ts';
import { defined } from '../helpers/defined.ts';
import { readCompanyFacts } from '../helpers/companyFacts.ts';

interface Holder {
  managerName: string; managerCik: number; value: number; shares: number; shareType: string; investmentDiscretion: string;
  putCall: string | null; soleVoting: number; sharedVoting: number; noneVoting: number; reportDate: string;
  prevShares: number | null; prevValue: number | null; pctOfShares: number | null; prevPctOfShares: number | null;
  accessionNumber: string; cusip: string; symbol: string | null;
}

const ACTIAM = fixture('edgar', '13f', '0001619124-21-000002.txt');
const AAPL = '037833100';
const INFO_ROW = /\s*<ns1:infoTable>[\s\S]*?<\/ns1:infoTable>/g;

interface ActiamEdit {
  accession: string; filed: string; period?: string; amendment?: 'RESTATEMENT' | 'NEW HOLDINGS';
  keep?: (cusip: string) => boolean; shares?: Record<string, [number, number]>;
  /** Rows appended to the table: a copy of the row of `like` with these changes. */
  extra?: { like: string; shares: number; value: number; putCall?: 'PUT' | 'CALL'; type?: 'SH' | 'PRN' }[];
}

/** Actiam's real 13F-HR .txt with its accession, dates, amendment type or rows changed. */
function actiam(dir: string, name: string, e: ActiamEdit): string {
  return variantWith(ACTIAM, dir, name, (text) => {
    let t = text.replaceAll('0001619124-21-000002', e.accession).replaceAll('20210212', e.filed.replaceAll('-', ''));
    if (e.period) {
      const [y, m, d] = e.period.split('-');
      t = t.replaceAll('20201231', `${String(y)}${String(m)}${String(d)}`).replaceAll('12-31-2020', `${String(m)}-${String(d)}-${String(y)}`);
    }
    if (e.amendment) {
      t = t.replaceAll('13F-HR\n', '13F-HR/A\n').replace('<submissionType>13F-HR</submissionType>', '<submissionType>13F-HR/A</submissionType>')
        .replace('<filingManager>', `<isAmendment>true</isAmendment><amendmentNo>1</amendmentNo><amendmentInfo><amendmentType>${e.amendment}</amendmentType></amendmentInfo><filingManager>`);
    }
    let kept = 0;
    t = t.replace(INFO_ROW, (row) => {
      const cusip = defined(defined(/<ns1:cusip>([^<]+)</.exec(row), '/<ns1:cusip>([^<]+)</.exec(row)')[1], '/<ns1:cusip>([^<]+)</.exec(row)![1]');
      if (e.keep && !e.keep(cusip)) return '';
      kept++;
      const s = e.shares?.[cusip];
      return s ? row.replace(/<ns1:value>\d+</, `<ns1:value>${String(s[1])}<`).replace(/<ns1:sshPrnamt>\d+</, `<ns1:sshPrnamt>${String(s[0])}<`) : row;
    });
    for (const x of e.extra ?? []) {
      const base = defined([...text.matchAll(INFO_ROW)].map((m) => m[0]).find((row) => row.includes(`<ns1:cusip>${x.like}<`)), '[...text.matchAll(INFO_ROW)].map((m) => m[0]).find((row) ...');
      let row = base.replace(/<ns1:value>\d+</, `<ns1:value>${String(x.value)}<`).replace(/<ns1:sshPrnamt>\d+</, `<ns1:sshPrnamt>${String(x.shares)}<`);
      if (x.type) row = row.replace('<ns1:sshPrnamtType>SH<', `<ns1:sshPrnamtType>${x.type}<`);
      if (x.putCall) row = row.replace('</ns1:shrsOrPrnAmt>', `</ns1:shrsOrPrnAmt>\n\t\t<ns1:putCall>${x.putCall}</ns1:putCall>`);
      t = t.replace('</ns1:informationTable>', `${row}\n</ns1:informationTable>`);
      kept++;
    }
    // the summary page states the table's row count
    return t.replace('<tableEntryTotal>5</tableEntryTotal>', `<tableEntryTotal>${String(kept)}</tableEntryTotal>`);
  });
}

describe('13F ingest and institutional holders', () => {
  const scratch = scratchDir();
  let w: OwnershipWarehouse;
  before(async () => {
    const d = scratch.dir;
    // Q3 2020: an original without Amazon and Alphabet C, then a NEW HOLDINGS amendment adding Amazon
    const q3 = actiam(d, 'actiam-2020q3.txt', { accession: '0001619124-20-000090', filed: '2020-11-10', period: '2020-09-30',
      keep: (c) => c !== '023135106' && c !== '02079K107', shares: { [AAPL]: [1500000, 173000] } });
    const q3new = actiam(d, 'actiam-2020q3-new-holdings.txt', { accession: '0001619124-20-000095', filed: '2020-11-20', period: '2020-09-30',
      amendment: 'NEW HOLDINGS', keep: (c) => c === '023135106', shares: { '023135106': [40000, 120000] } });
    // a Q2 2020 report that a later RESTATEMENT replaces whole
    const q2 = actiam(d, 'actiam-2020q2.txt', { accession: '0001619124-20-000050', filed: '2020-08-10', period: '2020-06-30' });
    const q2restated = actiam(d, 'actiam-2020q2-restated.txt', { accession: '0001619124-20-000060', filed: '2020-08-20', period: '2020-06-30',
      amendment: 'RESTATEMENT', keep: (c) => c === AAPL, shares: { [AAPL]: [1000000, 91000] } });
    // Q4 2020: a NEW HOLDINGS amendment reporting call options on Apple and a principal-amount (PRN) position in Amazon
    const q4options = actiam(d, 'actiam-2020q4-options.txt', { accession: '0001619124-21-000009', filed: '2021-02-20',
      amendment: 'NEW HOLDINGS', keep: () => false,
      extra: [{ like: AAPL, shares: 50000, value: 6600, putCall: 'CALL' }, { like: '023135106', shares: 2000000, value: 2100, type: 'PRN' }] });
    w = await ownershipWarehouse([
      fixture('edgar', '13f'), q3, q3new, q2, q2restated, q4options,
      fixture('edgar', 'reference', 'cusip_ticker.csv.gz'), fixture('edgar', 'reference', 'company_tickers.json.gz'),
      fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz'),
    ]);
  });
  after(() => {
    w.cleanup();
    scratch.remove();
  });
  const holders = (args: string, params: Record<string, string | number | null> = {}) =>
    w.engine.query<Holder>(`SELECT * FROM institutional_holders(${args})`, params);
  const byCusip = (cusip: string, date: string | null) =>
    holders('NULL, NULL, $c, NULL, NULL, $d::DATE', { c: cusip, d: date });

  test('every 13F fixture file is recognised', () => {
    const kinds = new Map(w.report.parsed.map((p) => [p.name.split('/').slice(-1)[0], p.kind]));
    assert.equal(kinds.get('unidentified.13F-HR.infotable.xml'), '13f-information-table');
    assert.equal(kinds.get('abacus.13F-HR.primary_doc.xml'), '13f-cover');
    assert.equal(kinds.get('0001951757-25-000093.nc'), 'sgml+13f-cover+13f-information-table');
    assert.equal(kinds.get('Sample_13F-HRA.xml'), '13f-cover+13f-information-table');
    assert.deepEqual(w.report.skipped, []);
  });

  test('a cover page alone (Abacus) and a table alone (no cover) are both kept, the table with 255 rows incl. 3 PRN', async () => {
    const [abacus] = await w.engine.query<{ table_entry_total: string; period_of_report: string }>(
      `SELECT table_entry_total::VARCHAR AS table_entry_total, period_of_report FROM src_form13f_reports WHERE manager_cik = 1978011`);
    assert.deepEqual(abacus, { table_entry_total: '92', period_of_report: '2020-12-31' });
    const [t] = await w.engine.query<{ n: number; prn: number }>(`
      SELECT count(*)::INTEGER AS n, count(*) FILTER (WHERE share_type = 'PRN')::INTEGER AS prn FROM src_holdings_13f h
      WHERE accession NOT IN (SELECT accession FROM src_form13f_reports) AND accession LIKE 'content-%'
        AND (SELECT count(*) FROM src_holdings_13f x WHERE x.accession = h.accession) = 255`);
    assert.deepEqual(t, { n: 255, prn: 3 });
  });

  test('values filed before 2023 are thousands of dollars: Actiam holds 1,733,777 Apple shares worth $230,054,000', async () => {
    const rows = await byCusip(AAPL, '2020-12-31');
    const actiamRow = defined(rows.find((r) => r.managerCik === 1619124), 'rows.find((r) => r.managerCik === 1619124)');
    assert.deepEqual([actiamRow.managerName, actiamRow.shares, actiamRow.value, actiamRow.shareType, actiamRow.investmentDiscretion, actiamRow.soleVoting],
      ['ACTIAM N.V.', 1733777, 230054000, 'SH', 'SOLE', 1733777]);
    assert.equal(actiamRow.reportDate, '2020-12-31');
    assert.equal(actiamRow.accessionNumber, '0001619124-21-000002');
    assert.equal(actiamRow.symbol, 'AAPL');
  });

  test('a 2021 report filed in 2023 (MetLife) is already in dollars, and DFND reads as DEFINED', async () => {
    const [row] = await byCusip('464286640', '2021-12-31');
    assert.deepEqual([row?.managerName, row?.shares, row?.value, row?.investmentDiscretion], ['METLIFE INC', 98000, 2049983, 'DEFINED']);
  });

  test('values filed since 2023 are dollars: Acorn Creek (.nc) and LTS One', async () => {
    const [acorn] = await byCusip(AAPL, '2024-12-31');
    assert.deepEqual([acorn?.managerName, acorn?.shares, acorn?.value, acorn?.noneVoting], ['ACORN CREEK CAPITAL LLC', 18577, 4652092, 18577]);
    const [lts] = await byCusip('023135106', '2023-09-30');
    assert.deepEqual([lts?.managerName, lts?.shares], ['LTS One Management LP', 137500]);
  });

  test('each row is paired with the prior quarter; a position new this quarter has null prevShares and prevValue', async () => {
    const rows = await holders('NULL, NULL, NULL, NULL, NULL, $d::DATE', { d: '2020-12-31' });
    assert.equal(rows.length, 0, 'no identifier and no cik scopes to nothing');
    const aapl = defined((await byCusip(AAPL, '2020-12-31')).find((r) => r.managerCik === 1619124), '(await byCusip(AAPL, \'2020-12-31\')).find((r) => r.manag...');
    assert.deepEqual([aapl.prevShares, aapl.prevValue], [1500000, 173000000]);
    const googC = defined((await byCusip('02079K107', '2020-12-31')).find((r) => r.managerCik === 1619124), '(await byCusip(\'02079K107\', \'2020-12-31\')).find((r) =...');
    assert.deepEqual([googC.prevShares, googC.prevValue, googC.prevPctOfShares], [null, null, null]);
  });

  test('a NEW HOLDINGS amendment adds its rows to the quarter it amends', async () => {
    const [amzn] = await byCusip('023135106', '2020-09-30');
    assert.deepEqual([amzn?.shares, amzn?.value, amzn?.accessionNumber], [40000, 120000000, '0001619124-20-000095']);
    const amznQ4 = defined((await byCusip('023135106', '2020-12-31')).find((r) => r.managerCik === 1619124), '(await byCusip(\'023135106\', \'2020-12-31\')).find((r) =...');
    assert.equal(amznQ4.prevShares, 40000);
  });

  test('put/call and PRN positions are rows of their own, counted per manager, CUSIP and position type, without pctOfShares', async () => {
    const aapl = (await byCusip(AAPL, '2020-12-31')).filter((r) => r.managerCik === 1619124);
    assert.deepEqual(aapl.map((r) => [r.shareType, r.putCall, r.shares, r.value]), [['SH', null, 1733777, 230054000], ['SH', 'CALL', 50000, 6600000]]);
    assert.equal(typeof defined(aapl[0], 'aapl[0]').pctOfShares, 'number');
    assert.equal(defined(aapl[1], 'aapl[1]').pctOfShares, null);
    const amzn = (await byCusip('023135106', '2020-12-31')).filter((r) => r.managerCik === 1619124);
    assert.deepEqual(amzn.map((r) => [r.shareType, r.shares, r.value]), [['SH', 46688, 152059000], ['PRN', 2000000, 2100000]]);
  });

  test('a RESTATEMENT replaces the whole report it amends', async () => {
    const rows = (await holders('320193, NULL, NULL, NULL, NULL, $d::DATE', { d: '2020-06-30' })).filter((r) => r.managerCik === 1619124);
    assert.deepEqual(rows.map((r) => [r.cusip, r.shares, r.accessionNumber]), [[AAPL, 1000000, '0001619124-20-000060']]);
    const msft = await byCusip('594918104', '2020-06-30');
    assert.deepEqual(msft, []);
  });

  test('the SEC sample 13F-HR/A restatement supersedes the sample 13F-HR of the same manager and quarter', async () => {
    const [c] = await w.engine.query<{ form: string; n: number }>(`
      SELECT any_value(form) AS form, count(*)::INTEGER AS n FROM form13f_contributing WHERE manager_cik = 123456789`);
    assert.deepEqual(c, { form: '13F-HR/A', n: 1 });
  });

  test('reportDate pins to the latest quarter end on or before it; without it the latest quarter with filings is used', async () => {
    const mid = await byCusip(AAPL, '2021-02-15');
    assert.ok(mid.every((r) => r.reportDate === '2020-12-31') && mid.length > 0);
    const before = await byCusip(AAPL, '2020-12-30');
    assert.ok(before.every((r) => r.reportDate === '2020-09-30') && before.length > 0);
    const latest = await byCusip(AAPL, null);
    assert.deepEqual(latest.map((r) => [r.reportDate, r.managerName]), [['2024-12-31', 'ACORN CREEK CAPITAL LLC']]);
  });

  test('symbol scope covers that security; cik scope covers every CUSIP of the issuer (Alphabet A and C by cik 1652044)', async () => {
    const bySymbol = await holders(`NULL, 'AAPL', NULL, NULL, NULL, DATE '2020-12-31'`);
    assert.ok(bySymbol.length > 0 && bySymbol.every((r) => r.cusip === AAPL));
    const alphabet = await holders(`1652044, NULL, NULL, NULL, NULL, DATE '2020-12-31'`);
    assert.deepEqual(alphabet.map((r) => r.cusip).sort(), ['02079K107', '02079K305']);
    assert.deepEqual(alphabet.map((r) => r.value), [...alphabet.map((r) => r.value)].sort((a, b) => b - a));
  });

  test("pctOfShares is shares over Apple's own shares outstanding nearest before the quarter end (companyfacts dei)", async () => {
    const dei = defined(readCompanyFacts(fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz')).facts.dei, 'dei facts');
    const so = defined(defined(defined(dei.EntityCommonStockSharesOutstanding, 'dei:EntityCommonStockSharesOutstanding').units.shares, 'shares unit')
      .filter((f) => f.end <= '2020-12-31')
      .sort((a, b) => a.end.localeCompare(b.end) || a.filed.localeCompare(b.filed)).pop(), '(facts.facts.dei.EntityCommonStockSharesOutstanding.units...');
    const row = defined((await byCusip(AAPL, '2020-12-31')).find((r) => r.managerCik === 1619124), '(await byCusip(AAPL, \'2020-12-31\')).find((r) => r.manag...');
    assert.ok(Math.abs(defined(row.pctOfShares, 'row.pctOfShares') - (100 * 1733777) / so.val) < 1e-9);
    const fund = defined((await byCusip('464286640', '2021-12-31'))[0], '(await byCusip(\'464286640\', \'2021-12-31\'))[0]');
    assert.equal(fund.pctOfShares, null);
  });
});

// issue 8 item 10: a 13F-HR whose information table is inside the same XML, and a 13F combination report, show their
// holdings under the filing's own accession. Values are read from the documents.
describe('13F holdings inside the cover XML, and a combination report', () => {
  const scratch = scratchDir();
  after(() => { scratch.remove(); });
  const metlife = fixture('edgar', '13f', '0001140361-23-013281.txt');
  const tableOf = (text: string) => defined(/<informationTable[\s\S]*?<\/informationTable>/.exec(text), '/<informationTable[\\s\\S]*?<\\/informationTable>/.exec(t...')[0];
  const rowsOf = (table: string) => [...table.matchAll(/<infoTable>([\s\S]*?)<\/infoTable>/g)].map((m) => ({
    cusip: defined(defined(/<cusip>([^<]+)</.exec(defined(m[1], 'm[1]')), '/<cusip>([^<]+)</.exec(m[1]!)')[1], '/<cusip>([^<]+)</.exec(m[1]!)![1]'), value: Number(defined(/<value>([^<]+)</.exec(defined(m[1], 'm[1]')), '/<value>([^<]+)</.exec(m[1]!)')[1]), shares: Number(defined(/<sshPrnamt>([^<]+)</.exec(defined(m[1], 'm[1]')), '/<sshPrnamt>([^<]+)</.exec(m[1]!)')[1]),
  }));

  for (const layout of ['combination report (.txt)', 'information table inside the cover XML'] as const) {
    test(`${layout}: every row under the filing's own accession`, async () => {
      const text = fs.readFileSync(metlife, 'utf8');
      const table = tableOf(text);
      const doc = layout === 'combination report (.txt)' ? metlife
        : variantOf(fixture('edgar', '13f', '0001140361-23-013281.primary_doc.xml'), scratch.dir, '0001140361-23-013281.primary_doc.xml',
          [['</formData>', `${table.replace(/<informationTable[^>]*>/, '<informationTable>')}\n  </formData>`]]);
      const accession = defined(defined(/ACCESSION NUMBER:\s*(\S+)/.exec(text), '/ACCESSION NUMBER:\\s*(\\S+)/.exec(text)')[1], '/ACCESSION NUMBER:\\s*(\\S+)/.exec(text)![1]');
      assert.match(text, /<reportType>13F COMBINATION REPORT<\/reportType>/);
      const w = await ownershipWarehouse([doc]);
      try {
        const got = await w.engine.query<{ accession: string; cusip: string; value: number; shares: number }>(
          'SELECT accession, cusip, value, shares FROM src_holdings_13f ORDER BY seq');
        assert.deepEqual(got, rowsOf(table).map((r) => ({ accession, ...r })));
        const [c] = await w.engine.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM form13f_contributing WHERE accession = $a', { a: accession });
        assert.equal(defined(c, 'c').n, 1);
      } finally {
        w.cleanup();
      }
    });
  }
});

// issue 8 item 8: the unit of a 13F table is decided per filing from the data (peer prices for the same CUSIP and
// quarter), the filing date only when nothing can be compared. The manager who kept filing thousands after the 2023
// cutover is Acorn Creek's real Q4 2024 filing rewritten as another manager's, every <value> divided by 1000.
describe('13F value unit from the data itself', () => {
  const scratch = scratchDir();
  after(() => { scratch.remove(); });
  const acorn = fixture('edgar', '13f', '0001951757-25-000093.nc');
  const thousands = () => variantWith(acorn, scratch.dir, '0001951757-25-000094.nc', (t) => t
    .replaceAll('0001951757-25-000093', '0001951757-25-000094').replaceAll('0001994827', '0009994827')
    .replaceAll('ACORN CREEK CAPITAL LLC', 'THOUSANDS AFTER CUTOVER LLC')
    .replace(/<ns1:value>(\d+)<\/ns1:value>/g, (_m, v: string) => `<ns1:value>${String(Math.round(Number(v) / 1000))}</ns1:value>`));
  const apple = (t: string) => Number(defined(/<ns1:cusip>037833100<\/ns1:cusip>\s*<ns1:value>(\d+)</.exec(t), '/<ns1:cusip>037833100<\\/ns1:cusip>\\s*<ns1:value>(\\d+)<...')[1]);

  test('a post-2023 filing in thousands is read as thousands against other managers\' prices; value is USD', async () => {
    const variant = thousands();
    const w = await ownershipWarehouse([acorn, variant]);
    try {
      const units = await w.engine.query<{ accession: string; value_multiplier: number; value_unit_rule: string }>(
        'SELECT accession, value_multiplier, value_unit_rule FROM form13f_contributing ORDER BY accession');
      assert.deepEqual(units, [
        { accession: '0001951757-25-000093', value_multiplier: 1, value_unit_rule: 'peer prices' },
        { accession: '0001951757-25-000094', value_multiplier: 1000, value_unit_rule: 'peer prices' },
      ]);
      const holders = await w.engine.query<{ managerCik: number; value: number }>(
        `SELECT "managerCik", value FROM institutional_holders(NULL, NULL, '037833100', NULL, NULL, NULL) ORDER BY "managerCik"`);
      assert.deepEqual(holders, [
        { managerCik: 1994827, value: apple(fs.readFileSync(acorn, 'utf8')) },
        { managerCik: 9994827, value: apple(fs.readFileSync(variant, 'utf8')) * 1000 },
      ]);
    } finally {
      w.cleanup();
    }
  });

  test('with no other manager to compare with, the cover total decides, and the filing date only when that is silent', async () => {
    const variant = thousands();
    const text = fs.readFileSync(variant, 'utf8');
    const declared = Number(defined(/<tableValueTotal>(\d+)</.exec(text), '/<tableValueTotal>(\\d+)</.exec(text)')[1]);
    const tableSum = [...text.matchAll(/<ns1:value>(\d+)</g)].reduce((s, m) => s + Number(m[1]), 0);
    assert.ok(Math.abs(declared / tableSum / 1000 - 1) < 0.01, 'the cover states dollars, the table thousands');
    for (const [doc, expected] of [
      [variant, { value_multiplier: 1000, value_unit_rule: 'cover total' }],
      // the real filing: table and cover agree; filed 2025-01-22 (FILING-DATE), after the cutover: dollars
      [acorn, { value_multiplier: 1, value_unit_rule: 'filing date' }],
    ] as const) {
      const w = await ownershipWarehouse([doc]);
      try {
        const [u] = await w.engine.query<{ value_multiplier: number; value_unit_rule: string }>('SELECT value_multiplier, value_unit_rule FROM form13f_contributing');
        assert.deepEqual(u, expected);
      } finally {
        w.cleanup();
      }
    }
  });
});
