// The currency parameter (spec list + USD + original, 400 naming the allowed form, default USD) and the
// normalization macro the footnote endpoints reuse.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { parseParam } from '../../http/params/ParamSpec.ts';
import { currencyArg, currencyParam, CURRENCIES, SPEC_ISO_CODES } from '../../http/params/currency.ts';
import { openTempEngine } from '../helpers/tempWarehouse.ts';

test('currency accepts original, USD and exactly the spec\'s ISO codes; anything else names the allowed form', () => {
  const spec = fs.readFileSync(new URL('../../../shared/spec/service-interface.md', import.meta.url), 'utf8');
  const listed = /any of these ISO 4217 codes: ([A-Z ]+)\./.exec(spec)?.[1]?.split(' ');
  assert.deepEqual([...SPEC_ISO_CODES], listed);
  for (const ok of CURRENCIES) assert.deepEqual(parseParam(currencyParam, ok), { ok: true, value: ok });
  for (const bad of ['eur', 'EURO', 'BTC', 'SSP ', '', 'ORIGINAL']) {
    const r = parseParam(currencyParam, bad);
    assert.equal(r.ok, false, bad);
    assert.match(r.expected, /original, USD or an ISO 4217 currency code/);
  }
  assert.equal(currencyArg({}), 'USD');
  assert.equal(currencyArg({ currency: 'JPY' }), 'JPY');
});

test('normalized_fraction re-scales a whole percent and flags it; fractions are served as filed', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    const rows = await engine.query<{ v: { value: number; normalized: boolean } }>(
      'SELECT normalized_fraction(x) AS v FROM (SELECT unnest([35.0, 0.35, -12.5, 1.0, 250.0]) AS x)');
    assert.deepEqual(rows.map((r) => [r.v.value, r.v.normalized]), [[0.35, true], [0.35, false], [-0.125, true], [1, false], [250, false]]);
  } finally {
    cleanup();
  }
});
