// Bad ownership input: each case gets a clear IngestError naming the file, and the batch is rejected whole (the
// foundation's atomic ingest), so the good files ingested alongside leave no trace either. A table that is well-formed
// but shorter than its cover page declares is flagged by form13f_table_checks instead.
import { after, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths, IngestFailed } from '../../engine/ingest/ingest.ts';
import { scratchDir, variantOf, variantWith } from './ownershipWarehouse.ts';
import { defined } from '../helpers/defined.ts';

const scratch = scratchDir();
after(() => { scratch.remove(); });

function truncated(source: string, name: string, fraction: number): string {
  const bytes = fs.readFileSync(source);
  const target = path.join(scratch.dir, name);
  fs.writeFileSync(target, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return target;
}

const GOOD = [fixture('edgar', 'ownership', 'form4.snow.xml'), fixture('edgar', '13f', '0001619124-21-000002.txt'), fixture('edgar', '13dg', 'schedule13g.xml')];

async function expectRejected(bad: string, reason: RegExp): Promise<void> {
  const { engine, cleanup } = await openTempEngine();
  try {
    await assert.rejects(ingestPaths(engine, [...GOOD, bad]), (err: unknown) => {
      assert.ok(err instanceof IngestFailed, String(err));
      assert.equal(err.errors.length, 1);
      assert.equal(defined(err.errors[0], 'err.errors[0]').file, bad);
      assert.match(defined(err.errors[0], 'err.errors[0]').reason, reason);
      return true;
    });
    const [n] = await engine.query<{ n: number }>(`
      SELECT ((SELECT count(*) FROM src_insider_filings) + (SELECT count(*) FROM src_form13f_reports) + (SELECT count(*) FROM src_holdings_13f)
        + (SELECT count(*) FROM src_beneficial_owners) + (SELECT count(*) FROM src_securities))::INTEGER AS n`);
    assert.equal(n?.n, 0, 'the warehouse is unchanged');
  } finally {
    cleanup();
  }
}

describe('malformed ownership input', () => {
  test('a Form 4 cut off mid-document is malformed XML, named with its position', async () => {
    await expectRejected(truncated(fixture('edgar', 'ownership', 'form4.374water.xml'), 'form4-cut.xml', 0.6), /^ownership document: malformed XML at line \d+, column \d+/);
  });

  test('a truncated 13F information table is rejected', async () => {
    await expectRejected(truncated(fixture('edgar', '13f', 'unidentified.13F-HR.infotable.xml'), 'infotable-cut.xml', 0.5), /^13F information table: malformed XML/);
  });

  test('an information table cut at a row boundary (still well-formed) is flagged against its cover page', async () => {
    const bad = variantWith(fixture('edgar', '13f', '0001619124-21-000002.txt'), scratch.dir, '0001619124-21-000002.txt',
      (t) => t.replace(/\s*<ns1:infoTable>(?:(?!<ns1:infoTable>)[\s\S])*?<\/ns1:infoTable>\s*(?=<\/ns1:informationTable>)/, '\n'));
    const { engine, cleanup } = await openTempEngine();
    try {
      await ingestPaths(engine, [bad, fixture('edgar', '13f', '0001894188-23-000007.txt')]);
      const flagged = await engine.query<{ accession: string; table_rows: number; declared_rows: number; problem: string }>(
        'SELECT accession, table_rows, declared_rows, problem FROM form13f_table_checks');
      assert.deepEqual(flagged, [{ accession: '0001619124-21-000002', table_rows: 4, declared_rows: 5, problem: 'fewer rows than the summary page declares' }]);
    } finally {
      cleanup();
    }
  });

  test('an information-table row without a valid CUSIP is rejected with its row number', async () => {
    const bad = variantOf(fixture('edgar', '13f', 'unidentified.13F-HR.infotable.xml'), scratch.dir, 'infotable-bad-cusip.xml', [[/<cusip>[^<]+<\/cusip>/, '<cusip>N/A</cusip>']]);
    await expectRejected(bad, /^13F information table: row 1 has an invalid CUSIP "N\/A"/);
  });

  test('a text 13G cover page without a CUSIP is rejected', async () => {
    const bad = variantWith(fixture('edgar', '13dg', 'SC-13G-A-DOCUMENT-WITH-TEXT.trinity.html'), scratch.dir, 'trinity-no-cusip.html',
      (t) => t.replace('896522109\n', '\n').replace(/CUSIP No\.\s+896522109/g, 'CUSIP No.'));
    await expectRejected(bad, /^Schedule 13D\/G \(text\): the cover page states no CUSIP/);
  });

  test('an XML 13D cover page without a CUSIP is rejected', async () => {
    const bad = variantOf(fixture('edgar', '13dg', 'schedule13d.xml'), scratch.dir, 'schedule13d-no-cusip.xml', [['<issuerCUSIP>00032Q104</issuerCUSIP>', '']]);
    await expectRejected(bad, /^Schedule 13D\/G: the cover page states no valid issuer CUSIP/);
  });

  test('an ownership document whose documentType is not a Form 3, 4 or 5 is rejected', async () => {
    const bad = variantOf(fixture('edgar', 'ownership', 'form5.snow.xml'), scratch.dir, 'form-144.xml', [['<documentType>5</documentType>', '<documentType>144</documentType>']]);
    await expectRejected(bad, /documentType> is "144"/);
  });

  // issue 8 item 11: a number that does not parse fails the batch with the file and the field named, in every parser
  test('a Form 4 share count "5,000x" is refused naming the row and field, never stored as null', async () => {
    const bad = variantOf(fixture('edgar', 'ownership', 'form4.snow.xml'), scratch.dir, 'form4-bad-shares.xml', [[/(<transactionShares>\s*<value>)[^<]+/, '$15,000x']]);
    await expectRejected(bad, /^non-derivative transaction 1 <transactionShares> is not a number: "5,000x"/);
  });

  test('a 13F information-table value that does not parse is refused naming the row and field', async () => {
    const bad = variantOf(fixture('edgar', '13f', 'unidentified.13F-HR.infotable.xml'), scratch.dir, 'infotable-bad-shares.xml', [[/<sshPrnamt>(\d+)<\/sshPrnamt>/, '<sshPrnamt>$1x</sshPrnamt>']]);
    await expectRejected(bad, /^row 1 <sshPrnamt> is not a number: "\d+x"/);
  });

  test('a 13G percent of class that does not parse is refused naming the reporting person', async () => {
    const bad = variantOf(fixture('edgar', '13dg', 'schedule13g.xml'), scratch.dir, 'schedule13g-bad-pct.xml', [['<classPercent>5.1</classPercent>', '<classPercent>5.1 approx</classPercent>']]);
    await expectRejected(bad, /^reporting person 1 percent of class is not a number: "5\.1 approx"/);
  });

  test('an insider data set TRANS_SHARES that does not parse is refused naming the table, line and column', async () => {
    const src = fixture('sec-datasets', 'insider', '2025q2_subset');
    const dir = path.join(scratch.dir, 'insider-bad-number');
    fs.mkdirSync(dir);
    for (const f of fs.readdirSync(src).filter((n) => n.endsWith('.tsv'))) fs.copyFileSync(path.join(src, f), path.join(dir, f));
    const trans = path.join(dir, 'NONDERIV_TRANS.tsv');
    const lines = fs.readFileSync(trans, 'utf8').split('\n');
    const col = defined(lines[0], 'lines[0]').split('\t').indexOf('TRANS_SHARES');
    const fields = defined(lines[1], 'lines[1]').split('\t');
    fields[col] = `${String(fields[col])}x`;
    lines[1] = fields.join('\t');
    fs.writeFileSync(trans, lines.join('\n'));
    const { engine, cleanup } = await openTempEngine();
    try {
      await assert.rejects(ingestPaths(engine, [dir]), (err: unknown) => {
        assert.ok(err instanceof IngestFailed);
        assert.match(err.message, /NONDERIV_TRANS\.tsv: line 2 TRANS_SHARES is not a number: "[\d.]+x"/);
        return true;
      });
    } finally {
      cleanup();
    }
  });

  test('the same good files alone ingest cleanly', async () => {
    const { engine, cleanup } = await openTempEngine();
    try {
      const report = await ingestPaths(engine, GOOD);
      assert.equal(report.rows.insider_filings, 1);
      assert.equal(report.rows.holdings_13f, 5);
      assert.equal(report.rows.beneficial_owners, 2);
    } finally {
      cleanup();
    }
  });
});
