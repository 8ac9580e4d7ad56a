// Forms 3/4/5 from every ownership fixture (bare XML, .txt and .nc submissions): values read from the documents.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { ownershipWarehouse, type OwnershipWarehouse } from './ownershipWarehouse.ts';
import { defined } from '../helpers/defined.ts';

interface FilingRow { accession: string; document_type: string; filed: string | null; issuer_cik: number; owner_names: string[]; rows: number }
interface TxRow {
  accession: string; is_derivative: boolean; is_holding: boolean; seq: number; security_title: string; transaction_date: string | null;
  transaction_code: string | null; shares: number | null; price_per_share: number | null; acquired_disposed: string | null;
  shares_after: number | null; direct_indirect: string | null; exercise_price: number | null; expiration_date: string | null;
  underlying_shares: number | null; footnote_ids: string[];
}

describe('ownership XML ingest', () => {
  let w: OwnershipWarehouse;
  let filings: FilingRow[];
  before(async () => {
    w = await ownershipWarehouse([fixture('edgar', 'ownership')]);
    filings = await w.engine.query<FilingRow>(`
      SELECT accession, document_type, filed, issuer_cik, list_transform(owners, o -> o.name) AS owner_names,
        (SELECT count(*) FROM src_insider_transactions t WHERE t.accession = f.accession)::INTEGER AS rows
      FROM src_insider_filings f ORDER BY accession`);
  });
  after(() => { w.cleanup(); });

  const tx = (where: string, params: Record<string, string | number> = {}) =>
    w.engine.query<TxRow>(`SELECT * FROM src_insider_transactions WHERE ${where} ORDER BY accession, is_derivative, is_holding, seq`, params);
  const filingOf = (issuerCik: number, documentType: string) => filings.filter((f) => f.issuer_cik === issuerCik && f.document_type === documentType);

  test('every XML ownership document of the fixture folder becomes one filing; the year-2000 text Form 4 yields none', () => {
    // 12 XML documents (7 bare, 3 .txt/.nc containers with XML, 2 more .nc); 0001094891-00-000193.txt predates XML
    assert.equal(filings.length, 12);
    assert.ok(!filings.some((f) => f.accession === '0001094891-00-000193'));
    assert.deepEqual(w.report.skipped, []);
  });

  test("an Apple officer's Form 4 inside a .txt submission keeps the container's accession and filing date", async () => {
    const [f] = filings.filter((x) => x.accession === '0000320193-22-000061');
    assert.equal(f?.document_type, '4');
    assert.equal(f.filed, '2022-05-06');
    assert.equal(f.issuer_cik, 320193);
    assert.deepEqual(f.owner_names, ['Adams Katherine L.']);
    const rows = await tx(`accession = '0000320193-22-000061'`);
    assert.equal(rows.length, 7);
    assert.deepEqual(
      [defined(rows[0], 'rows[0]').transaction_date, defined(rows[0], 'rows[0]').transaction_code, defined(rows[0], 'rows[0]').shares, defined(rows[0], 'rows[0]').price_per_share, defined(rows[0], 'rows[0]').shares_after],
      ['2022-05-04', 'S', 9136, 159.94, 468198],
    );
    assert.deepEqual(defined(rows[0], 'rows[0]').footnote_ids, ['F1', 'F2']);
  });

  test('a Form 4 with three reporting owners keeps all three and its four open-market purchases', async () => {
    const [f] = filings.filter((x) => x.accession === '0000921895-25-001190');
    assert.deepEqual(f?.owner_names, ['Fund 1 Investments, LLC', 'PLP Funds Master Fund LP', 'Pleasant Lake Partners LLC']);
    const rows = await tx(`accession = '0000921895-25-001190'`);
    assert.deepEqual(rows.map((r) => [r.transaction_date, r.transaction_code, r.shares, r.price_per_share]), [
      ['2025-04-24', 'P', 16000, 5.3569], ['2025-04-24', 'P', 16847, 5.4231], ['2025-04-25', 'P', 100000, 5.4598], ['2025-04-28', 'P', 35000, 5.4173],
    ]);
    assert.equal(defined(rows[0], 'rows[0]').direct_indirect, 'I');
  });

  test('TCR2: three 10% owners, purchases at 1.95 held indirectly', async () => {
    const [f] = filings.filter((x) => x.accession === '0001209191-23-029527');
    assert.deepEqual(f?.owner_names, ['TANG KEVIN C', 'TANG CAPITAL MANAGEMENT LLC', 'TANG CAPITAL PARTNERS LP']);
    const rows = await tx(`accession = '0001209191-23-029527'`);
    assert.deepEqual(rows.map((r) => [r.transaction_date, r.shares, r.price_per_share, r.shares_after]), [
      ['2023-05-11', 38765, 1.95, 4338617], ['2023-05-12', 6183, 1.95, 4344800],
    ]);
  });

  test('Arrow (.nc): a PSU vesting (A) and the tax withholding (F) at 106.82', async () => {
    const [f] = filings.filter((x) => x.accession === '0001127602-25-004598');
    assert.equal(f?.filed, '2025-02-13');
    const rows = await tx(`accession = '0001127602-25-004598'`);
    assert.deepEqual(rows.map((r) => [r.transaction_code, r.shares, r.price_per_share, r.shares_after]), [['A', 2193, 106.82, 21878], ['F', 1009, 106.82, 20869]]);
  });

  test('2seventy bio (.nc): a stock award and an option award, the derivative row with its own footnote', async () => {
    const rows = await tx(`accession = '0001562180-25-000280'`);
    assert.deepEqual(rows.map((r) => [r.is_derivative, r.transaction_code, r.shares, r.footnote_ids]), [[false, 'A', 106150, ['F1']], [true, 'A', 70750, ['F2']]]);
  });

  test('Vaccinex: one derivative grant and three derivative holdings', async () => {
    const rows = await tx(`accession = '0001062993-23-011116'`);
    assert.deepEqual(rows.map((r) => [r.is_holding, r.transaction_code, r.shares, r.shares_after]), [
      [false, 'A', 143848, 143848], [true, null, null, 25087], [true, null, null, 28586], [true, null, null, 53254],
    ]);
  });

  test("Snowflake CFO Form 4: option exercise, five weighted-average sales, the option row's terms, footnotes per row", async () => {
    const [f] = filingOf(1640147, '4');
    assert.deepEqual(f?.owner_names, ['Scarpelli Michael']);
    const rows = await tx(`accession = $a AND NOT is_holding`, { a: f.accession });
    const sale = defined(rows.find((r) => r.shares === 73170), 'rows.find((r) => r.shares === 73170)');
    assert.deepEqual([sale.transaction_code, sale.price_per_share, sale.shares_after, sale.footnote_ids], ['S', 150.841, 227927, ['F2', 'F3']]);
    const option = defined(rows.find((r) => r.is_derivative), 'rows.find((r) => r.is_derivative)');
    assert.deepEqual([option.transaction_code, option.exercise_price, option.expiration_date, option.underlying_shares], ['M', 8.88, '2029-08-26', 200000]);
    assert.equal(f.rows, 15); // 6 + 1 transactions, 8 holdings
  });

  test('Form 5: a director gift (G) of 61,386 shares on 2021-12-23', async () => {
    const [f] = filingOf(1640147, '5');
    const rows = await tx(`accession = $a AND NOT is_holding`, { a: defined(f, 'f').accession });
    assert.deepEqual(rows.map((r) => [r.transaction_date, r.transaction_code, r.shares, r.acquired_disposed]), [['2021-12-23', 'G', 61386, 'D']]);
  });

  test('Forms 3: joint Berkshire/Buffett holding, derivative-only holdings, and a no-securities-owned report', () => {
    const joint = filingOf(1640147, '3').find((f) => f.owner_names.length === 2);
    assert.deepEqual(joint?.owner_names, ['BERKSHIRE HATHAWAY INC', 'BUFFETT WARREN E']);
    assert.equal(joint.rows, 1);
    const garrett = filingOf(1640147, '3').find((f) => f.owner_names[0] === 'GARRETT MARK');
    assert.equal(garrett?.rows, 6);
    const [none] = filingOf(867773, '3');
    assert.deepEqual([none?.owner_names, none?.rows], [['Hegde Vinayak'], 0]);
  });

  test('374Water: a stock award and an option award', () => {
    const [f] = filingOf(933972, '4');
    assert.deepEqual(f?.owner_names, ['Melkote Rajesh Ramaswamy']);
    assert.equal(f.rows, 2);
  });

  test('a bare document without an accession gets a stable content pseudo-accession and no URL', async () => {
    const [f] = filingOf(933972, '4');
    assert.match(defined(f, 'f').accession, /^content-[0-9a-f]{20}$/);
    const [t] = await w.engine.query<{ accessionNumber: string | null; filingUrl: string | null }>(
      'SELECT "accessionNumber", "filingUrl" FROM insider_transactions(933972) LIMIT 1');
    assert.deepEqual(t, { accessionNumber: null, filingUrl: null });
  });

  test('re-ingesting the same folder adds nothing', async () => {
    const { ingestPaths } = await import('../../engine/ingest/ingest.ts');
    const again = await ingestPaths(w.engine, [fixture('edgar', 'ownership')]);
    assert.equal(again.rows.insider_filings ?? 0, 0);
    assert.equal(again.rows.insider_transactions ?? 0, 0);
  });
});
