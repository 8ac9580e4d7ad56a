// The contracts of the ownership views over every ownership fixture at once: keys unique and not null, and the
// arithmetic that ties a 13F table to its cover page (row count and value total, in dollars).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { ownershipWarehouse, type OwnershipWarehouse } from './ownershipWarehouse.ts';
import { defined } from '../helpers/defined.ts';

describe('ownership view contracts', () => {
  let w: OwnershipWarehouse;
  before(async () => {
    w = await ownershipWarehouse([
      fixture('edgar', 'ownership'), fixture('edgar', '13f'), fixture('edgar', '13dg'), fixture('sec-datasets', 'insider', '2025q2_subset'),
      fixture('edgar', 'reference', 'cusip_ticker.csv.gz'), fixture('edgar', 'reference', 'company_tickers.json.gz'),
    ]);
  });
  after(() => { w.cleanup(); });
  const one = async <T>(sql: string, params: Record<string, number> = {}) => defined((await w.engine.query<T>(sql, params))[0], '(await w.engine.query<T>(sql, params))[0]');

  test('insider_trades: one row per transaction row, no two kept rows the same physical trade, never a price of 100000 or more', async () => {
    const issuers = await w.engine.query<{ c: number }>('SELECT DISTINCT issuer_cik AS c FROM src_insider_filings ORDER BY 1');
    let total = 0;
    for (const { c } of issuers) {
      // the same physical trade: equal figures AND (filings sharing a reporting owner, or one filing, same ownership nature)
      const r = await one<{ rows: number; keys: number; priced: number; related: number }>(`
        WITH t AS (SELECT *, concat_ws('|', accession, is_derivative, seq) AS row_key FROM insider_trades($c))
        SELECT count(*)::INTEGER AS rows, count(DISTINCT row_key)::INTEGER AS keys,
          count(*) FILTER (WHERE price_per_share >= 100000)::INTEGER AS priced,
          (SELECT count(*) FROM t a JOIN t b ON a.trade_key = b.trade_key AND a.row_key < b.row_key
           WHERE (a.accession <> b.accession AND list_has_any(a.owner_keys, b.owner_keys))
              OR (a.accession = b.accession AND a.direct_indirect IS NOT DISTINCT FROM b.direct_indirect
                  AND lower(coalesce(a.nature_of_ownership, '')) = lower(coalesce(b.nature_of_ownership, ''))))::INTEGER AS related
        FROM t`, { c });
      assert.deepEqual([r.keys, r.priced, r.related], [r.rows, 0, 0], `issuer ${String(c)}`);
      total += r.rows;
    }
    assert.ok(total > 50);
  });

  test('form13f_contributing: one row per accession, one base per manager and quarter', async () => {
    const r = await one<{ rows: number; accessions: number; bases: number; quarters: number }>(`
      SELECT count(*)::INTEGER AS rows, count(DISTINCT accession)::INTEGER AS accessions,
        count(*) FILTER (WHERE amendment_kind IS DISTINCT FROM 'NEW HOLDINGS')::INTEGER AS bases,
        count(DISTINCT (manager_cik, report_date))::INTEGER AS quarters
      FROM form13f_contributing`);
    assert.equal(r.accessions, r.rows);
    assert.equal(r.bases, r.quarters);
  });

  test("each real 13F table sums to its cover page's value total and row count, in dollars", async () => {
    const rows = await w.engine.query<{ accession: string; n: number; declared: number; dollars: number; total: number }>(`
      SELECT c.accession, count(*)::INTEGER AS n, any_value(r.table_entry_total)::INTEGER AS declared,
        sum(h.value * c.value_multiplier)::DOUBLE AS dollars, any_value(r.table_value_total * c.value_multiplier)::DOUBLE AS total
      FROM form13f_contributing c JOIN src_holdings_13f h USING (accession) JOIN src_form13f_reports r USING (accession)
      WHERE c.accession NOT LIKE 'content-%' AND r.filed IS NOT NULL
      GROUP BY c.accession ORDER BY c.accession`);
    assert.deepEqual(rows.map((r) => r.accession), ['0001140361-23-013281', '0001619124-21-000002', '0001894188-23-000007', '0001951757-25-000093']);
    for (const r of rows) {
      assert.equal(r.n, r.declared, r.accession);
      assert.equal(r.dollars, r.total, r.accession);
    }
  });

  test('form13f_table_checks flags no real filing of the fixtures (only the synthetic SEC samples disagree with themselves)', async () => {
    const flagged = await w.engine.query<{ accession: string }>('SELECT accession FROM form13f_table_checks ORDER BY accession');
    assert.ok(flagged.every((f) => f.accession.startsWith('content-')));
  });

  test('institutional_holders: one row per manager, CUSIP and position type in every quarter', async () => {
    const r = await one<{ rows: number; keys: number }>(`
      WITH q AS (SELECT DISTINCT report_date FROM form13f_contributing),
      h AS (SELECT h.* FROM q, LATERAL (SELECT * FROM institutional_holders(NULL, NULL, '037833100', NULL, NULL, q.report_date)) h)
      SELECT count(*)::INTEGER AS rows, count(DISTINCT ("managerCik", cusip, "shareType", "putCall", "reportDate"))::INTEGER AS keys FROM h`);
    assert.ok(r.rows >= 2);
    assert.equal(r.keys, r.rows);
  });

  test('beneficial_owners: one row per reporting person and class for each issuer', async () => {
    const r = await one<{ rows: number; keys: number }>(`
      WITH i AS (SELECT DISTINCT cusip FROM src_beneficial_owners),
      b AS (SELECT i.cusip, b.* FROM i, LATERAL (SELECT * FROM beneficial_owners(NULL, NULL, i.cusip, NULL, NULL)) b)
      SELECT count(*)::INTEGER AS rows, count(DISTINCT (cusip, coalesce("reportingPersonCik"::VARCHAR, owner_name_key("reportingPersonName"))))::INTEGER AS keys FROM b`);
    assert.equal(r.rows, 11);
    assert.equal(r.keys, r.rows);
  });
});
