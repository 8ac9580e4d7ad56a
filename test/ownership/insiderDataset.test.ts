// The SEC Insider Transactions data sets (Form 3/4/5 TSVs), both SUBMISSION layouts: grouping, joins, values.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture } from '../helpers/tempWarehouse.ts';
import { ownershipWarehouse, scratchDir, storedZip, type OwnershipWarehouse } from './ownershipWarehouse.ts';
import { ingestPaths, IngestFailed } from '../../engine/ingest/ingest.ts';
import { defined } from '../helpers/defined.ts';

describe('insider data sets', () => {
  let w: OwnershipWarehouse;
  before(async () => {
    w = await ownershipWarehouse([fixture('sec-datasets', 'insider')]);
  });
  after(() => { w.cleanup(); });

  test('each quarter folder is read as one group of tables', () => {
    assert.deepEqual(w.report.parsed.map((p) => [path.basename(p.name), p.kind]), [['2024q3_partial', 'insider-dataset'], ['2025q2_subset', 'insider-dataset']]);
  });

  test('every SUBMISSION row becomes a filing (36,075 in 2024q3, 43 in 2025q2) and every transaction/holding row a row', async () => {
    const counts = await w.engine.query<{ n: number; t: number }>(`
      SELECT (SELECT count(*) FROM src_insider_filings)::INTEGER AS n, (SELECT count(*) FROM src_insider_transactions)::INTEGER AS t`);
    // 2024q3: DERIV_TRANS 19,003 + DERIV_HOLDING 8,136 + NONDERIV_HOLDING 17,897; 2025q2: every table of the 43 filings
    const q2 = ['NONDERIV_TRANS', 'NONDERIV_HOLDING', 'DERIV_TRANS', 'DERIV_HOLDING'].reduce((s, t) =>
      s + fs.readFileSync(fixture('sec-datasets', 'insider', '2025q2_subset', `${t}.tsv`), 'utf8').trim().split('\n').length - 1, 0);
    assert.deepEqual(counts[0], { n: 36075 + 43, t: 19003 + 8136 + 17897 + q2 });
  });

  test("Frank Slootman's Snowflake sales on 2025-06-26 are read with shares, price and shares owned after", async () => {
    const rows = await w.engine.query<{ transaction_code: string; shares: number; price_per_share: number; shares_after: number }>(`
      SELECT transaction_code, shares, price_per_share, shares_after FROM src_insider_transactions
      WHERE accession = '0001640147-25-000142' AND NOT is_derivative AND transaction_date = DATE '2025-06-26' ORDER BY seq`);
    assert.equal(rows.length, 9);
    assert.deepEqual(rows[0], { transaction_code: 'M', shares: 424852, price_per_share: 8.88, shares_after: 590359 });
    assert.deepEqual(rows[1], { transaction_code: 'S', shares: 71178, price_per_share: 216.3, shares_after: 519181 });
    const [filing] = await w.engine.query<{ filed: string; owner: { name: string; is_director: boolean } }>(`
      SELECT filed, owners[1] AS owner FROM src_insider_filings WHERE accession = '0001640147-25-000142'`);
    assert.equal(filing?.filed, '2025-06-30');
    assert.equal(filing.owner.name, 'Slootman Frank');
    assert.equal(filing.owner.is_director, true);
  });

  test('the option exercise is a derivative row with exercise price and expiration', async () => {
    const rows = await w.engine.query<{ exercise_price: number; expiration_date: string; shares: number }>(`
      SELECT exercise_price, expiration_date, shares FROM src_insider_transactions
      WHERE accession = '0001640147-25-000142' AND is_derivative ORDER BY shares`);
    assert.deepEqual(rows, [
      { exercise_price: 8.88, expiration_date: '2029-05-28', shares: 306502 },
      { exercise_price: 8.88, expiration_date: '2029-05-28', shares: 424852 },
    ]);
  });

  test('combined relationships (Director,Officer,TenPercentOwner) set every flag; quoted REMARKS lose their CSV quoting', async () => {
    const [buffett] = await w.engine.query<{ o: { is_director: boolean; is_officer: boolean; is_ten_percent_owner: boolean } }>(`
      SELECT owners[1] AS o FROM src_insider_filings WHERE accession = '0000950170-25-091838'`);
    assert.deepEqual([buffett?.o.is_director, buffett?.o.is_officer, buffett?.o.is_ten_percent_owner], [true, true, true]);
    const [next] = await w.engine.query<{ remarks: string }>(`SELECT remarks FROM src_insider_filings WHERE accession = '0000950170-24-088602'`);
    assert.match(defined(next, 'next').remarks, /^The reporting persons may be deemed members of a "group" \(as such term/);
  });

  test('three separate gifts of the same size on one day are kept as three trades (shares owned after differ)', async () => {
    const [n] = await w.engine.query<{ n: number }>(`
      SELECT count(*)::INTEGER AS n FROM insider_trades(1067983) WHERE transaction_code = 'G' AND shares = 660366`);
    assert.equal(n?.n, 3);
  });
});

describe('a malformed insider data set', () => {
  test('a truncated row rejects the whole batch and names the file and line', async () => {
    const scratch = scratchDir();
    const { engine, cleanup } = await (await import('../helpers/tempWarehouse.ts')).openTempEngine();
    try {
      const src = fixture('sec-datasets', 'insider', '2025q2_subset');
      for (const f of fs.readdirSync(src).filter((n) => n.endsWith('.tsv'))) fs.copyFileSync(path.join(src, f), path.join(scratch.dir, f));
      const trans = path.join(scratch.dir, 'NONDERIV_TRANS.tsv');
      const text = fs.readFileSync(trans, 'utf8');
      fs.writeFileSync(trans, text.slice(0, text.indexOf('\n', 2000) - 30) + '\n');
      await assert.rejects(ingestPaths(engine, [scratch.dir, fixture('edgar', 'ownership', 'form5.snow.xml')]), (err: unknown) => {
        assert.ok(err instanceof IngestFailed);
        assert.match(err.message, /NONDERIV_TRANS\.tsv: insider data set: line \d+ has \d+ fields, the header has 28/);
        return true;
      });
      const [n] = await engine.query<{ n: number }>('SELECT count(*)::INTEGER AS n FROM src_insider_filings');
      assert.equal(n?.n, 0);
    } finally {
      cleanup();
      scratch.remove();
    }
  });
});

describe('an insider data set as the SEC publishes it (one zip per quarter)', () => {
  test('the zip is read as one group and yields the same rows as the folder', async () => {
    const scratch = scratchDir();
    const src = fixture('sec-datasets', 'insider', '2025q2_subset');
    const zip = storedZip(path.join(scratch.dir, '2025q2_form345.zip'), fs.readdirSync(src).filter((n) => n.endsWith('.tsv') || n.endsWith('.json'))
      .map((n) => ({ name: n, bytes: fs.readFileSync(path.join(src, n)) })));
    const w = await ownershipWarehouse([zip]);
    try {
      assert.deepEqual(w.report.parsed.map((p) => p.kind), ['insider-dataset']);
      const [n] = await w.engine.query<{ f: number; t: number }>(`
        SELECT (SELECT count(*) FROM src_insider_filings)::INTEGER AS f, (SELECT count(*) FROM src_insider_transactions)::INTEGER AS t`);
      assert.equal(n?.f, 43);
      assert.ok(n.t > 100);
    } finally {
      w.cleanup();
      scratch.remove();
    }
  });
});
