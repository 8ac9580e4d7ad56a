// The rendered store on real SEC filers ingested one kind at a time (companyfacts, then submissions, then XBRL
// instances and inline XBRL), the periods refresh and the render after each: each ingest makes the store stale at
// once, the render after it computes the period answers of the buckets whose stored periods changed (and of companies
// new to the store), keeping the rest, and every answer then is what the live macro answers; at the end the app
// serves the companyfacts companies what the live app serves, byte for byte.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import { renderedStoreFor } from '../../engine/serving/renderedStoreFor.ts';
import { readRenderedState } from '../../engine/serving/RenderedStore.ts';
import { CIK_BUCKETS } from '../../engine/db/cikBuckets.ts';
import { assertRenderedEqualsLive, assertStoreEqualsMacros, servePair, type Pair } from './renderedVsLive.ts';
import { COMPANYFACTS, COMPANYFACTS_CIKS, REFERENCE, SUBMISSIONS, XBRL } from './fixtureInputs.ts';
import { defined } from '../helpers/defined.ts';

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let pair: Pair | undefined;

before(async () => {
  wh = await openTempEngine('write');
});
after(async () => {
  await pair?.close();
  wh.cleanup();
});

/** The buckets whose facts or filings the newest commit wrote. */
function touchedBuckets(): Set<number> {
  const [manifest] = fs.readdirSync(path.join(wh.dir, '_manifest')).sort().reverse();
  const files = (JSON.parse(fs.readFileSync(path.join(wh.dir, '_manifest', defined(manifest, 'manifest')), 'utf8')) as { files: string[] }).files;
  return new Set(files.map((f) => /^(?:facts|filings)\/bucket=(\d+)\//.exec(f)?.[1]).filter((b) => b !== undefined).map(Number));
}

async function ingestAndRender(inputs: readonly string[]) {
  const before = readRenderedState(wh.dir);
  await ingestPaths(wh.engine, [...inputs]);
  if (before) assert.equal(renderedStoreFor(wh.engine), null, 'stale at once: another warehouse version');
  const outcome = await refreshPeriodsLocked(wh.engine, false, { render: true });
  assert.ok(outcome.ok);
  const rendered = outcome.rendered;
  if (rendered === null || rendered instanceof Error) throw rendered ?? new Error('the refresh did not render');
  return rendered;
}

test('companyfacts alone: every answer rendered, as the macros answer', async () => {
  await ingestAndRender([...COMPANYFACTS, ...REFERENCE]);
  assert.ok(await assertStoreEqualsMacros(wh.engine) >= COMPANYFACTS.length);
});

test('submissions next: the period answers of the touched buckets are rendered again, the rest kept', async () => {
  const rendered = await ingestAndRender(SUBMISSIONS);
  const touched = touchedBuckets();
  const periodCiks = (await wh.engine.query<{ cik: number }>('SELECT DISTINCT cik::INTEGER AS cik FROM (SELECT cik FROM src_facts UNION ALL SELECT cik FROM entity_index) WHERE cik IS NOT NULL')).map((r) => r.cik);
  const kept = periodCiks.filter((c) => !touched.has(c % CIK_BUCKETS));
  // a touched bucket's stored files are rewritten by the refresh; an untouched one's are kept, and so are the answers
  // of its companies (a company new to the store, e.g. one whose submissions list no filing, is rendered wherever it is)
  assert.ok(kept.length > 0, 'the fixtures leave some buckets untouched by the submissions');
  assert.ok(rendered.periodsRendered < periodCiks.length, 'companies outside the touched buckets keep their period answers');
  await assertStoreEqualsMacros(wh.engine);
});

test('XBRL instances last: the store answers as the macros and the app as the live app', async () => {
  await ingestAndRender(XBRL);
  await assertStoreEqualsMacros(wh.engine);
  const state = defined(readRenderedState(wh.dir), 'state');
  assert.equal(fs.readdirSync(path.join(wh.dir, '_rendered')).sort().join(','), [state.generation, 'state.json'].sort().join(','));
  pair = await servePair(wh.dir);
  const { companies } = await assertRenderedEqualsLive(pair, ['Starter'], COMPANYFACTS_CIKS);
  assert.equal(companies, COMPANYFACTS_CIKS.size);
});
