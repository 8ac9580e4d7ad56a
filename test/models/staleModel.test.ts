// A newer annual report makes a stored model stale: after a second 10-K (generated in EDGAR's format by the demo
// generator, ingested through the real pipeline) the next GET still answers the old model, 200 with
// X-Model-Refreshing naming the refresh job, and once that job is done the model built from the new 10-K is served.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it, before, after } from 'node:test';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { openModelJobs, type ModelAnswer, type ModelJobs } from '../../engine/models/index.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { modelCompany } from '../../demo/financialModel.ts';
import { demo10kDocument } from '../../demo/demo10kDocument.ts';
import { secSubmission } from '../../demo/secSubmission.ts';
import { startTestApp } from '../http/testApp.ts';

const company = DEMO_COMPANIES[0];
assert.ok(company);
const years = modelCompany(company, 2021, 2024);

/** The company's 10-K for fiscal year `fy` as a full EDGAR submission; returns its file and accession. */
function tenK(dir: string, fy: number): { file: string; accession: string } {
  const year = years.get(fy);
  assert.ok(year);
  const accession = `${String(company?.cik).padStart(10, '0')}-${String(fy + 1).slice(2)}-000010`;
  const filed = `${String(fy + 1)}-02-20`;
  const file = path.join(dir, `${accession}.txt`);
  fs.writeFileSync(file, secSubmission({
    accession, form: '10-K', period: year.fiscal.end, filed, parties: [{ role: 'FILER', name: company?.name ?? '', cik: company?.cik ?? 0 }],
    documents: [{ type: '10-K', filename: `demo-${String(fy)}x10k.htm`, xml: demo10kDocument({ company: company as NonNullable<typeof company>, fy, year, prior: years.get(fy - 1) }) }],
  }));
  return { file, accession };
}

async function untilSettled(models: ModelJobs, cik: number): Promise<ModelAnswer> {
  let answer = await models.request(cik);
  for (const deadline = Date.now() + 240_000; Date.now() < deadline; answer = await models.request(cik)) {
    if (answer.state === 'failed' || (answer.state === 'ready' && !answer.refreshJobId)) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
  return answer;
}

function accessionOf(answer: ModelAnswer): unknown {
  return answer.state === 'ready' ? (answer.model['filing'] as { accession?: unknown }).accession : answer.state;
}

let wh: { engine: Engine; cleanup(): void };
let models: ModelJobs;

before(async () => {
  wh = await openTempEngine('write');
  models = openModelJobs(wh.engine, { pollMs: 50, leaseMs: 4000, backoffMs: 50 });
});

after(async () => {
  await models.close();
  wh.cleanup();
});

describe('a stale model', () => {
  it('is served while a newer 10-K rebuilds it, then replaced by the model of the newer 10-K', async () => {
    const dir = tempDir('tenk-');
    const first = tenK(dir, 2023);
    const second = tenK(dir, 2024);
    await ingestPaths(wh.engine, [first.file]);
    const built = await untilSettled(models, company.cik);
    assert.equal(accessionOf(built), first.accession, JSON.stringify(built).slice(0, 300));
    assert.ok(built.state === 'ready');
    assert.equal(built.refreshJobId, undefined, 'nothing newer: no refresh');

    await ingestPaths(wh.engine, [second.file]);
    const app = await startTestApp(wh.engine, { models });
    try {
      const res = await fetch(`${app.base}/api/company/economic-model?cik=${String(company.cik)}`, { headers: { Authorization: `Bearer ${app.tokens.Pro}` } });
      const body = (await res.json()) as { filing: { accession: string } };
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(body.filing.accession, first.accession, 'the old model answers meanwhile');
      const refreshing = res.headers.get('x-model-refreshing');
      assert.ok(refreshing, 'the answer says a refresh runs');
      assert.notEqual(refreshing, built.model.jobId);
      assert.equal(res.headers.get('cache-control'), 'no-cache');

      const refreshed = await untilSettled(models, company.cik);
      assert.equal(accessionOf(refreshed), second.accession);
      assert.ok(refreshed.state === 'ready');
      assert.equal(refreshed.model.jobId, refreshing, 'the refresh job stored it');
      assert.notEqual(refreshed.etag, built.etag);
      const after = await fetch(`${app.base}/api/company/economic-model?cik=${String(company.cik)}`, { headers: { Authorization: `Bearer ${app.tokens.Pro}` } });
      assert.equal(after.status, 200);
      assert.equal(after.headers.get('x-model-refreshing'), null);
      assert.equal(((await after.json()) as { filing: { accession: string } }).filing.accession, second.accession);
    } finally {
      await app.close();
    }
  });
});
