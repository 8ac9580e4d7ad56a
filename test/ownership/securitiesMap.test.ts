// The CUSIP mappings ownership requests resolve through: a user-supplied mapping file (CSV with cusip, ticker and FIGI
// columns, e.g. an OpenFIGI export) next to the mappings the filings state, and identification by symbol, CUSIP,
// composite FIGI and share-class FIGI all selecting the same holders.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture } from '../helpers/tempWarehouse.ts';
import { ownershipWarehouse, scratchDir, type OwnershipWarehouse } from './ownershipWarehouse.ts';

describe('CUSIP mappings', () => {
  const scratch = scratchDir();
  let w: OwnershipWarehouse;
  before(async () => {
    // Apple's common stock: CUSIP 037833100, composite FIGI BBG000B9XRY4, share-class FIGI BBG001S5N8V8 (OpenFIGI)
    const map = path.join(scratch.dir, 'openfigi-map.csv');
    fs.writeFileSync(map, 'CUSIP,Ticker,Composite FIGI,Share Class FIGI,Name\n037833100,AAPL,BBG000B9XRY4,BBG001S5N8V8,"APPLE INC"\nNOT-A-CUSIP,XX,,,\n');
    w = await ownershipWarehouse([map, fixture('edgar', '13f', '0001619124-21-000002.txt'), fixture('edgar', 'reference', 'company_tickers.json.gz')]);
  });
  after(() => {
    w.cleanup();
    scratch.remove();
  });

  test('a mapping file is recognised by its header; rows without a valid CUSIP are skipped', async () => {
    assert.equal(w.report.parsed.find((p) => p.name.endsWith('openfigi-map.csv'))?.kind, 'cusip-map');
    const rows = await w.engine.query<{ cusip: string; ticker: string; composite_figi: string; share_class_figi: string; name: string }>(
      `SELECT cusip, ticker, composite_figi, share_class_figi, name FROM src_securities WHERE source = 'cusip-map'`);
    assert.deepEqual(rows, [{ cusip: '037833100', ticker: 'AAPL', composite_figi: 'BBG000B9XRY4', share_class_figi: 'BBG001S5N8V8', name: 'APPLE INC' }]);
  });

  test('symbol, CUSIP, composite FIGI and share-class FIGI select the same holder; the issuer CIK comes from the ticker', async () => {
    const ask = (args: string) => w.engine.query<{ managerName: string; cusip: string; symbol: string }>(
      `SELECT "managerName", cusip, symbol FROM institutional_holders(${args}, DATE '2020-12-31')`);
    const expected = [{ managerName: 'ACTIAM N.V.', cusip: '037833100', symbol: 'AAPL' }];
    assert.deepEqual(await ask(`NULL, 'AAPL', NULL, NULL, NULL`), expected);
    assert.deepEqual(await ask(`NULL, NULL, '037833100', NULL, NULL`), expected);
    assert.deepEqual(await ask(`NULL, NULL, NULL, 'BBG000B9XRY4', NULL`), expected);
    assert.deepEqual(await ask(`NULL, NULL, NULL, NULL, 'BBG001S5N8V8'`), expected);
    const [issuer] = await w.engine.query<{ cik: number }>(`SELECT cik FROM cusip_issuers(['037833100'])`);
    assert.equal(issuer?.cik, 320193);
  });

  test('the information tables name their issuers: a CUSIP no mapping lists still carries the 13F issuer name', async () => {
    const [row] = await w.engine.query<{ name: string; ticker: string | null }>(`SELECT name, ticker FROM cusip_issuers(['02079K305'])`);
    assert.deepEqual(row, { name: 'ALPHABET INC', ticker: null });
  });
});
