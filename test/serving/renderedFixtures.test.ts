// The rendered store on real SEC filers, everything ingested together (companyfacts, submissions, XBRL instances and
// inline XBRL of every fixture company, the ticker list, the ECB rates): every rendered answer of every company is what
// the live macro answers, and what the app serves for the companyfacts companies (the long histories; every company
// through HTTP is too slow for the shared box) is what the live app serves, byte for byte; a refresh that rewrites the
// stored periods without a new ingest (after an interrupted one) is never hidden behind answers read from old files.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { refreshPeriods, refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import { dropRenderedStore, renderedStoreFor } from '../../engine/serving/renderedStoreFor.ts';
import { macroCall, renderedJsonArray } from '../../engine/query/index.ts';
import { statementEndpoints } from '../../http/endpoints/statements.ts';
import { asReportedEndpoint } from '../../http/endpoints/financials.ts';
import { DEFAULT_TIERS } from '../../http/tiers.ts';
import type { CallInput } from '../../http/registry.ts';
import { assertGzipDecodesToLive, assertRenderedEqualsLive, assertStoreEqualsMacros, servePair, type Pair } from './renderedVsLive.ts';
import { COMPANYFACTS, COMPANYFACTS_CIKS, REFERENCE, SUBMISSIONS, XBRL } from './fixtureInputs.ts';
import { defined } from '../helpers/defined.ts';

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let pair: Pair | undefined;

before(async () => {
  wh = await openTempEngine('write');
  await ingestPaths(wh.engine, [...COMPANYFACTS, ...SUBMISSIONS, ...XBRL, ...REFERENCE]);
  const outcome = await refreshPeriodsLocked(wh.engine, false, { render: true });
  assert.ok(outcome.ok && !(outcome.rendered instanceof Error), JSON.stringify(outcome));
});
after(async () => {
  await pair?.close();
  wh.cleanup();
});

test('every rendered answer of every fixture company is what its macro answers', async () => {
  assert.ok(await assertStoreEqualsMacros(wh.engine) >= COMPANYFACTS.length);
});

test('the app answers the companyfacts companies exactly as the live app does (defaults, limits, currencies, asOf)', async () => {
  pair = await servePair(wh.dir);
  const { companies, compared } = await assertRenderedEqualsLive(pair, ['Pro'], COMPANYFACTS_CIKS);
  assert.equal(companies, COMPANYFACTS_CIKS.size);
  assert.ok(compared > 0);
  await pair.close();
  pair = undefined;
});

test('the registry routes are answered from the store: the rendered bytes of their default calls are the live answer', async () => {
  pair = await servePair(wh.dir);
  const { engine } = pair.rendered;
  const [cik] = (await engine.query<{ cik: number }>('SELECT DISTINCT cik FROM src_facts ORDER BY cik')).map((r) => r.cik);
  const entity = { cik: defined(cik, 'a fixture company'), name: null, ticker: null, exchange: null, cusip: null, composite_figi: null, share_class_figi: null, kind: null };
  const plan = DEFAULT_TIERS.plans.Pro;
  for (const endpoint of [asReportedEndpoint, ...statementEndpoints]) {
    const input: CallInput = { entity, params: { period: 'quarter', limit: plan.maxLimit }, plan };
    const bytes = renderedJsonArray(engine, macroCall(engine, endpoint, input));
    assert.ok(bytes, `${endpoint.path}: rendered`);
    const res: Response = await fetch(`${pair.live.app.base}${endpoint.path}?cik=${String(cik)}&period=quarter`, { headers: { Authorization: `Bearer ${pair.live.app.tokens.Pro}` } });
    assert.equal(bytes.toString('utf8'), await res.text(), endpoint.path);
  }
  // a client taking gzip gets the store's gzip as-is: decoded, the live identity bytes, the same headers
  assert.ok(await assertGzipDecodesToLive(pair, 'Pro', [...COMPANYFACTS_CIKS]) > 0, 'some answers were sent from the stored gzip');
  await pair.close();
  pair = undefined;
});

test('stored periods rewritten without a new ingest are never served through the previous answers', async () => {
  // an interrupted refresh leaves no periods state: the store names a periods generation that is gone
  fs.rmSync(path.join(wh.dir, 'periods', '_state.json'));
  dropRenderedStore(wh.engine);
  assert.equal(renderedStoreFor(wh.engine), null, 'no stored-periods generation: requests run live');
  // the next refresh recomputes every bucket without a new manifest, and the render must read them again (it copied
  // the previous records, read from the previous files: the difference once seen on Apple)
  const outcome = await refreshPeriods(wh.engine, false, { render: true });
  assert.ok(outcome?.ok);
  const rendered = outcome.rendered;
  if (rendered === null || rendered instanceof Error) throw rendered ?? new Error('the refresh did not render');
  assert.ok(rendered.bucketsRendered > 0);
  dropRenderedStore(wh.engine);
  await assertStoreEqualsMacros(wh.engine);
});
