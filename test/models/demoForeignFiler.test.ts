// The demo's foreign private issuer files 20-F text (generated in EDGAR's format, ingested through the real pipeline),
// so its company model builds from that annual report like the domestic filers' models from their 10-Ks.
import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { openModelJobs, type ModelAnswer } from '../../engine/models/index.ts';
import { DEMO_COMPANIES, DEMO_YEARS } from '../../demo/demoCompanies.ts';
import { writeDemoDocuments } from '../../demo/writeDemoDocuments.ts';
import type { Citation } from '../../engine/models/modelTypes.ts';

const foreign = DEMO_COMPANIES.filter((c) => c.regime !== 'us-gaap');
let wh: { engine: Engine; cleanup(): void };

before(async () => {
  wh = await openTempEngine('write');
  await ingestPaths(wh.engine, writeDemoDocuments(tempDir('demo-docs-'), foreign, DEMO_YEARS));
});

after(() => {
  wh.cleanup();
});

describe('demo foreign filer', () => {
  it('every foreign demo company gets a model built from its latest 20-F, with verified citations', async () => {
    assert.ok(foreign.length > 0);
    const models = openModelJobs(wh.engine, { pollMs: 50, leaseMs: 4000, backoffMs: 50 });
    try {
      for (const company of foreign) {
        let answer: ModelAnswer = await models.request(company.cik);
        for (const deadline = Date.now() + 240_000; answer.state === 'generating' && Date.now() < deadline;) {
          await new Promise((r) => setTimeout(r, 100));
          answer = await models.request(company.cik);
        }
        assert.ok(answer.state === 'ready', `${company.ticker}: ${JSON.stringify(answer)}`);
        const filing = answer.model['filing'] as { form: string; fiscalYear: number | null };
        assert.equal(filing.form, '20-F');
        const economic = answer.model['economicModel'] as Record<string, { sources: Citation[] }>;
        const cited = Object.values(economic).flatMap((s) => s.sources);
        assert.ok(cited.length > 0, `${company.ticker}: citations`);
        for (const c of cited) {
          assert.equal(c.source, '20-F');
          assert.equal(c.validated, undefined);
        }
        assert.ok(cited.some((c) => c.section === 'Item 4'), 'the business (Item 4) is cited');
      }
    } finally {
      await models.close();
    }
  });
});
