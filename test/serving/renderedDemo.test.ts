// The rendered store on the demo warehouse (what `npm start` serves on a fresh clone; the demo build renders it after
// its periods refresh): every demo company answers as-reported, the statements and company details byte for byte as
// the live path does, with and without limits, in USD and in the other currencies the demo filers report in.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { readRenderedState } from '../../engine/serving/RenderedStore.ts';
import { assertGzipDecodesToLive, assertRenderedEqualsLive, assertStoreEqualsMacros, servePair, type Pair } from './renderedVsLive.ts';
import { renderedStoreFor } from '../../engine/serving/renderedStoreFor.ts';

let wh: Awaited<ReturnType<typeof openTempEngine>>;
let pair: Pair | undefined;

before(async () => {
  wh = await openTempEngine('write');
  await buildDemoWarehouse(wh.engine, { render: true });
  pair = await servePair(wh.dir);
});
after(async () => {
  await pair?.close();
  wh.cleanup();
});

test('the demo build publishes a rendered store for the warehouse it committed', () => {
  const state = readRenderedState(wh.dir);
  assert.ok(state);
  assert.ok(state.keys > 0);
});

test('every rendered answer of every demo company is what its macro answers', async () => {
  assert.ok(await assertStoreEqualsMacros(wh.engine) >= DEMO_COMPANIES.length);
});

test('every demo company answers from the store exactly what the live path answers', async () => {
  assert.ok(pair);
  const { companies } = await assertRenderedEqualsLive(pair, ['Starter']);
  assert.ok(companies >= DEMO_COMPANIES.length);
});

test('a client taking gzip gets the demo companies\' answers from the stored gzip, decoding to the live bytes', async () => {
  assert.ok(pair);
  const store = renderedStoreFor(pair.rendered.engine);
  assert.ok(store);
  const ciks = [...store.keys()].filter((k) => k.startsWith('resolve_entity|')).map((k) => Number(k.split('|')[1]));
  assert.ok(ciks.length >= DEMO_COMPANIES.length);
  assert.ok(await assertGzipDecodesToLive(pair, 'Starter', ciks) > 0);
});
