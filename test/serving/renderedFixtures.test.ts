// The rendered store on real SEC filers (companyfacts and submissions of every company in the fixtures, the ticker
// list and the ECB rates, for the currency conversion): what it serves is what the live path serves, byte for byte;
// an ingest makes it stale at once (requests run live), and the refresh after it renders only the buckets it touched.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { refreshPeriodsLocked } from '../../engine/financials/refreshPeriods.ts';
import { renderedStoreFor } from '../../engine/serving/renderedStoreFor.ts';
import { readRenderedState } from '../../engine/serving/RenderedStore.ts';
import { macroCall, renderedJsonArray } from '../../engine/query/index.ts';
import { statementEndpoints } from '../../http/endpoints/statements.ts';
import { asReportedEndpoint } from '../../http/endpoints/financials.ts';
import { DEFAULT_TIERS } from '../../http/tiers.ts';
import type { CallInput } from '../../http/registry.ts';
import { assertRenderedEqualsLive, servePair, type Pair } from './renderedVsLive.ts';
import { defined } from '../helpers/defined.ts';

const FACTS = fs.existsSync(fixture('edgar', 'companyfacts')) ? fs.readdirSync(fixture('edgar', 'companyfacts')).map((f) => fixture('edgar', 'companyfacts', f)) : [];
const submissionsOf = (factsFile: string) => fixture('edgar', 'submissions', path.basename(factsFile));
const [firstFacts, ...otherFacts] = FACTS;

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let pair: Pair | undefined;

before(async () => {
  wh = await openTempEngine('write');
  const inputs = [...otherFacts, ...otherFacts.map(submissionsOf).filter((f) => fs.existsSync(f)),
    fixture('edgar', 'reference', 'company_tickers_exchange.json.gz'), fixture('edgar', 'fx', 'ecb', 'eurofxref-hist.zip')];
  await ingestPaths(wh.engine, inputs);
  const outcome = await refreshPeriodsLocked(wh.engine);
  assert.ok(outcome.ok && !(outcome.rendered instanceof Error), JSON.stringify(outcome));
});
after(async () => {
  await pair?.close();
  wh.cleanup();
});

test('every rendered company answers as-reported, the statements and company details exactly as the live path does', async () => {
  pair = await servePair(wh.dir);
  const { companies, compared } = await assertRenderedEqualsLive(pair, ['Free', 'Pro']);
  assert.ok(companies >= otherFacts.length);
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
  await pair.close();
  pair = undefined;
});

test('an ingest makes the store stale at once, and the refresh renders only the touched buckets, keeping the rest', async () => {
  const previous = defined(readRenderedState(wh.dir), 'state');
  const facts = defined(firstFacts, 'a companyfacts fixture');
  await ingestPaths(wh.engine, [facts]);
  assert.equal(renderedStoreFor(wh.engine), null, 'stale: another warehouse version');
  const outcome = await refreshPeriodsLocked(wh.engine);
  assert.ok(outcome.ok);
  const rendered = outcome.rendered;
  if (rendered instanceof Error) throw rendered;
  // the period answers (the costly ones) of exactly the companies in the buckets whose facts or filings changed
  const [manifest] = fs.readdirSync(path.join(wh.dir, '_manifest')).sort().reverse();
  const files = (JSON.parse(fs.readFileSync(path.join(wh.dir, '_manifest', defined(manifest, 'manifest')), 'utf8')) as { files: string[] }).files;
  const touched = new Set(files.map((f) => /^(?:facts|filings)\/bucket=(\d+)\//.exec(f)?.[1]).filter((b) => b !== undefined).map(Number));
  const companies = (await wh.engine.query<{ cik: number }>('SELECT DISTINCT cik::INTEGER AS cik FROM (SELECT cik FROM src_facts UNION ALL SELECT cik FROM entity_index) WHERE cik IS NOT NULL')).map((r) => r.cik);
  assert.equal(rendered.periodsRendered, companies.filter((c) => touched.has(c % 64)).length);
  assert.ok(rendered.periodsRendered < companies.length, 'companies outside the touched buckets keep their period answers');
  assert.notEqual(rendered.generation, previous.generation);
  assert.equal(fs.readdirSync(path.join(wh.dir, '_rendered')).sort().join(','), [rendered.generation, 'state.json'].sort().join(','));
  pair = await servePair(wh.dir);
  await assertRenderedEqualsLive(pair, ['Starter']);
});
