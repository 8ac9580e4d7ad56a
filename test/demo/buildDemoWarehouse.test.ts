// The demo warehouse is deterministic and idempotent, and serve can fill an empty warehouse with it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir, openTempEngine } from '../helpers/tempWarehouse.ts';
import { loadConfig } from '../../engine/config.ts';
import { Engine } from '../../engine/db/Engine.ts';
import { buildDemoWarehouse, ensureDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { writeDemoSources } from '../../demo/writeDemoSources.ts';
import { DEMO_COMPANIES, DEMO_YEARS } from '../../demo/demoCompanies.ts';
import { DEMO_FUNDS } from '../../demo/demoFunds.ts';
import { DEMO_IPOS } from '../../demo/demoIpos.ts';
import { DEMO_MANAGERS, insidersOf } from '../../demo/ownershipCast.ts';
import { defined } from '../helpers/defined.ts';
import { parseCompanyFacts, unitFacts } from '../helpers/companyFacts.ts';

interface Snapshot {
  facts: number;
  filings: number;
  entities: number;
  digest: string;
  restated: number;
}

async function snapshot(engine: Engine): Promise<Snapshot> {
  const [row] = await engine.query<Snapshot>(`
    SELECT (SELECT count(*)::INTEGER FROM src_facts) AS facts,
           (SELECT count(*)::INTEGER FROM src_filings) AS filings,
           (SELECT count(DISTINCT cik)::INTEGER FROM src_entities) AS entities,
           (SELECT md5(string_agg(concat_ws('|', cik, accession, concept, unit, dim_key, value, period_start, period_end, fy, fp, frame), ','
                   ORDER BY cik, accession, concept, unit, dim_key, period_start, period_end)) FROM src_facts) AS digest,
           (SELECT value FROM facts_of(9990003) WHERE form = '10-K/A' AND concept = 'us-gaap:Revenues'
                   AND period_start = DATE '2021-01-01' AND period_end = DATE '2021-12-31') AS restated`);
  return defined(row, 'row');
}

test('two demo builds into two empty warehouses hold the same rows, and the restated revenue is the one in the source JSON', async () => {
  const config = loadConfig({ FILINGS_WAREHOUSE: tempDir('demo-a-') });
  const b = await openTempEngine('write');
  const sources = tempDir('demo-src-');
  try {
    const first = await ensureDemoWarehouse(config);
    assert.equal(first.built, true);
    assert.ok((first.report?.rows.facts ?? 0) > 10_000);
    await buildDemoWarehouse(b.engine);
    const a = await Engine.open({ warehouseDir: config.warehouseDir, mode: 'read', threads: 1 });
    const sa = await snapshot(a);
    a.close();
    const sb = await snapshot(b.engine);
    assert.deepEqual(sa, sb);
    // the filers, plus the insiders, managers and fund registrants their filings name (SGML headers describe each party)
    const parties = new Set([...DEMO_COMPANIES.map((c) => c.cik), ...DEMO_COMPANIES.flatMap((c, i) => insidersOf(c, i).map((p) => p.cik)), ...DEMO_MANAGERS.map((m) => m.cik),
      ...DEMO_FUNDS.map((f) => f.cik), ...DEMO_IPOS.map((d) => d.cik)]);
    assert.equal(sa.entities, parties.size);

    const written = writeDemoSources(sources, DEMO_COMPANIES, DEMO_YEARS);
    const doc = parseCompanyFacts(fs.readFileSync(defined(written.companyfacts.find((f) => f.endsWith('CIK0009990003.json')), 'written.companyfacts.find((f) => f.endsWith(\'CIK0009990003.json\'))'), 'utf8'));
    const amended = defined(unitFacts(doc, 'us-gaap', 'Revenues', 'USD').find((f) => f.form === '10-K/A' && f.end === '2021-12-31'), 'the 10-K/A revenue for 2021-12-31');
    assert.equal(sa.restated, amended.val);

    const again = await ensureDemoWarehouse(config);
    assert.deepEqual(again, { built: false, report: null });
  } finally {
    b.cleanup();
    fs.rmSync(config.warehouseDir, { recursive: true, force: true });
    fs.rmSync(sources, { recursive: true, force: true });
  }
});

test('re-running the demo on the same warehouse adds zero rows and writes no files', async () => {
  const { engine, dir, cleanup } = await openTempEngine('write');
  try {
    await buildDemoWarehouse(engine);
    const before = await snapshot(engine);
    const files = fs.readdirSync(dir, { recursive: true }).length;
    const report = await buildDemoWarehouse(engine);
    assert.ok(Object.values(report.rows).every((n) => n === 0), JSON.stringify(report.rows));
    assert.deepEqual(await snapshot(engine), before);
    assert.equal(fs.readdirSync(dir, { recursive: true }).length, files);
    assert.equal(fs.readdirSync(path.join(dir, '_staging')).filter((f) => f !== '.lock').length, 0);
  } finally {
    cleanup();
  }
});
