// Every registry endpoint with a materialized twin answers the same from the stored results as from the period engine,
// on the fixture companies' companyfacts and on the demo filers; and macroCall only reads the stored results while they
// reflect every ingest and the request is for "now".
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { materializePeriods } from '../../engine/financials/materializePeriods.ts';
import { jsonRows, macroCall, resolveEntity, type MacroCall } from '../../engine/query/index.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { ENDPOINTS } from '../../http/endpoints/index.ts';
import * as v from 'valibot';
import { DEFAULT_TIERS } from '../../http/tiers.ts';
import type { CallInput, Endpoint } from '../../http/registry.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let cleanup: () => void;
const companyFacts = fixture('edgar', 'companyfacts');
// the demo cast is a handful of filers in USD and EUR with every fiscal-year end; two are enough to cover both
const DEMO_SAMPLE = DEMO_COMPANIES.filter((c, i) => i === 0 || c.currency !== DEMO_COMPANIES[0]?.currency).slice(0, 2);

before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  await buildDemoWarehouse(engine);
  await ingestPaths(engine, fs.readdirSync(companyFacts).map((f) => path.join(companyFacts, f)));
  await materializePeriods(engine);
  // the serving state re-reads the stored results' state at most once a second
  for (let i = 0; i < 40 && !engine.warehouse().periodsCurrent; i++) await new Promise((r) => setTimeout(r, 100));
});
after(() => {
  cleanup();
});

const stored = ENDPOINTS.filter((e): e is Endpoint & { stored: NonNullable<Endpoint['stored']> } => e.stored !== undefined && e.path.startsWith('/api/financials/') && e.path !== '/api/financials/as-reported');
const plan = DEFAULT_TIERS.plans['ETF Pro'];

function ciks(): number[] {
  const fromFixtures = fs.readdirSync(companyFacts).map((f) => Number(/CIK(\d+)/.exec(f)?.[1]));
  return [...fromFixtures, ...DEMO_SAMPLE.map((c) => c.cik)];
}

function smallestFiler(): number {
  const [smallest] = fs.readdirSync(companyFacts).sort((a, b) => fs.statSync(path.join(companyFacts, a)).size - fs.statSync(path.join(companyFacts, b)).size);
  return Number(/CIK(\d+)/.exec(defined(smallest, 'a companyfacts fixture'))?.[1]);
}

/** Every series the endpoint's `period` parameter accepts. */
function paramSets(e: Endpoint): Record<string, unknown>[] {
  const periodSpec = defined(e.params['period'], `${e.path} period`);
  return ['annual', 'quarter', 'ttm'].filter((p) => v.safeParse(periodSpec.schema, p).success)
    .map((period) => ({ period, limit: 1000, currency: 'USD' }));
}

async function rows(call: MacroCall): Promise<unknown[]> {
  return (await jsonRows(engine, call)).map((j) => JSON.parse(j) as unknown);
}

test('the stored standardized lines equal the computed ones, every series and line, for every sampled company', async () => {
  // every statement endpoint is one macro over these rows (statement_rows), so equal rows mean equal statements
  const sql = (from: string) => `SELECT to_json(s)::VARCHAR AS j FROM (${from}) s ORDER BY ALL`;
  for (const cik of ciks()) {
    const live = await engine.query<{ j: string }>(sql('SELECT * FROM standard_values(cik_bucket($1::INTEGER), $1::INTEGER, NULL)'), [cik]);
    const fromStore = await engine.query<{ j: string }>(sql('SELECT * FROM standard_values_stored($1::INTEGER)'), [cik]);
    assert.ok(live.length > 0, `${String(cik)} has standardized lines`);
    assert.deepEqual(fromStore.map((r) => r.j), live.map((r) => r.j), String(cik));
  }
});

test('every endpoint with a stored twin answers the same from it, for a filer and a demo company, every series', async () => {
  assert.ok(stored.some((e) => e.path === '/api/financials/income-statement'), 'the statements have stored twins');
  // the smallest fixture filer (the box is shared: the per-company comparison above covers the rest) and the demo's
  // first non-USD filer: conversion runs on both paths
  for (const cik of [smallestFiler(), defined(DEMO_SAMPLE.at(-1), 'a demo company').cik]) {
    const entity = defined(await resolveEntity(engine, { name: 'cik', value: cik }), `entity ${String(cik)}`);
    for (const e of stored) {
      for (const params of paramSets(e)) {
        const input: CallInput = { entity, params, plan };
        const picked = macroCall(engine, e, input);
        assert.equal(picked.macro, e.stored.macro, `${e.path}: the stored twin is read while current`);
        const live: MacroCall = { macro: e.macro, args: e.args(input), omitWhenNull: e.omitWhenNull ?? [] };
        const fromStore = await rows(picked);
        if (params['period'] === 'annual') assert.ok(fromStore.length > 0, `${e.path} ${String(cik)} answers`);
        assert.deepEqual(fromStore, await rows(live), `${e.path} ${String(cik)} ${JSON.stringify(params)}`);
      }
    }
  }
});

test('a point-in-time request is never answered from the stored results', async () => {
  const cik = defined(ciks()[0], 'a company');
  const entity = defined(await resolveEntity(engine, { name: 'cik', value: cik }), 'entity');
  for (const e of stored) {
    const picked = macroCall(engine, e, { entity, params: { period: 'annual', limit: 10, asOf: '2020-01-01' }, plan });
    assert.equal(picked.macro, e.macro, e.path);
  }
});
