// Parameter parsing never fails with anything but a 400 naming a parameter: property tests over arbitrary queries,
// directly against the validator and through the real app (no input may produce a 500).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as v from 'valibot';
import { validateQuery } from '../../http/params/validateQuery.ts';
import { parseParam, dateParam, integerParam, booleanParam } from '../../http/params/ParamSpec.ts';
import { currencyParam, limitParam, periodParam } from '../../http/params/common.ts';
import { suggest } from '../../http/params/suggest.ts';
import { HttpError } from '../../http/HttpError.ts';
import type { Endpoint } from '../../http/registry.ts';
import { companyEndpoints } from '../../http/endpoints/company.ts';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from './testApp.ts';
import { defined } from '../helpers/defined.ts';

const rich: Endpoint = {
  path: '/test/rich', group: 'Test', summary: 'every parameter kind', tiers: [], entity: true,
  params: {
    period: periodParam(['annual', 'quarter', 'ttm'] as const, 'period'),
    limit: limitParam,
    currency: currencyParam,
    startDate: dateParam('on or after'),
    includeSubtotals: booleanParam('subtotals'),
  },
  macro: 'facts_of', args: ({ entity }) => [defined(entity, 'entity').cik], shape: 'paginated', response: v.object({}),
};

const names = ['symbol', 'cik', 'cusip', 'composite_figi', 'share_class_figi', 'period', 'limit', 'currency', 'startDate', 'includeSubtotals', 'page', 'pageSize'];
const key = fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty'));
const value = fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), fc.constantFrom('', '0', '-1', '1e3', '2024-02-30', '2024-02-29', 'true', 'NaN', 'AAPL', '320193', 'BBG000B9XRY4', '037833100'));
const query = fc.dictionary(key, fc.oneof(value, fc.array(value, { minLength: 2, maxLength: 3 })), { maxKeys: 5 });

describe('parameter parsing', () => {
  test('validateQuery either accepts a query or throws a 400 HttpError whose message names a parameter', () => {
    fc.assert(fc.property(query, (q) => {
      try {
        validateQuery(rich, q);
      } catch (err) {
        assert.ok(err instanceof HttpError, `threw ${String(err)}`);
        assert.equal(err.status, 400);
        assert.match(err.message, /parameter|identifier/i);
      }
    }), { numRuns: 3000 });
  });

  test('dates must be real calendar days written YYYY-MM-DD', () => {
    const spec = dateParam('d');
    for (const ok of ['2024-02-29', '1999-12-31', '2026-01-01']) assert.equal(parseParam(spec, ok).ok, true, ok);
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-01', '20240101', '2024-02-30T00:00', ' 2024-01-01', '']) assert.equal(parseParam(spec, bad).ok, false, bad);
    fc.assert(fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (d) => {
      assert.equal(parseParam(spec, d.toISOString().slice(0, 10)).ok, true);
    }));
  });

  test('integers parse only whole decimal numbers inside their range', () => {
    const spec = integerParam(1, 500, 'n');
    fc.assert(fc.property(fc.integer({ min: -10_000, max: 10_000 }), (n) => {
      assert.equal(parseParam(spec, String(n)).ok, n >= 1 && n <= 500);
    }));
    for (const bad of ['1.0', '0x10', '1e2', ' 5', '5 ', '', '+', '99999999999999999999']) assert.equal(parseParam(spec, bad).ok, false, bad);
  });

  test('limits are never rejected for being above the plan maximum (they are clamped later), only for not being a count', () => {
    assert.equal(parseParam(limitParam, '1000').ok, true);
    assert.equal(parseParam(limitParam, '0').ok, false);
  });

  test('unknown names are matched to the closest known one', () => {
    assert.equal(suggest('pagesize', names), 'pageSize');
    assert.equal(suggest('page_size', names), 'pageSize');
    assert.equal(suggest('sybmol', names), 'symbol');
    assert.equal(suggest('compositeFigi', names), 'composite_figi');
    assert.equal(suggest('xyzzy', names), null);
  });
});

describe('no input produces a 500', () => {
  let wh: TestWarehouse;
  let app: TestApp;
  before(async () => {
    wh = await fixtureWarehouse([fixture('edgar', 'submissions', 'CIK0000320193.json.gz')]);
    app = await startTestApp(wh.engine, { endpoints: [...companyEndpoints, rich] });
  });
  after(async () => {
    await app.close();
    wh.cleanup();
  });

  test('arbitrary query strings on every route answer 200 or 400 with { error }', async () => {
    const raw = fc.array(fc.tuple(key, value), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs).toString());
    const samples = fc.sample(fc.tuple(fc.constantFrom('/api/company/details', '/test/rich'), raw), { numRuns: 300, seed: 42 });
    for (const [route, qs] of samples) {
      const res = await fetch(`${app.base}${route}?${qs}`, bearer(app.tokens.Pro));
      assert.ok(res.status === 200 || res.status === 400, `${route}?${qs} -> ${String(res.status)}`);
      if (res.status === 400) assert.equal(typeof ((await res.json()) as { error: unknown }).error, 'string');
      else await res.arrayBuffer();
    }
  });

  const cases: [string, string][] = [
    ['startDate=2024-13-01', 'Invalid parameter "startDate": expected a calendar date written YYYY-MM-DD, got "2024-13-01"'],
    ['startDate=2023-02-29', 'Invalid parameter "startDate": expected a calendar date written YYYY-MM-DD, got "2023-02-29"'],
    ['startDate=01/02/2024', 'Invalid parameter "startDate": expected a calendar date written YYYY-MM-DD, got "01/02/2024"'],
    ['includeSubtotals=yes', 'Invalid parameter "includeSubtotals": expected true or false, got "yes"'],
    ['period=yearly', 'Invalid parameter "period": expected one of annual, quarter, ttm, got "yearly"'],
    ['limit=0', 'Invalid parameter "limit": expected an integer from 1 to 1000, got "0"'],
    ['currency=usd', 'Invalid parameter "currency": expected original, USD or an ISO 4217 currency code the service prices (listed in /v1/openapi.json), got "usd"'],
    ['start_date=2024-01-01', 'Unknown parameter "start_date"; did you mean "startDate"?'],
  ];
  for (const [qs, message] of cases) {
    test(`${qs} is a 400 naming the parameter and what was expected`, async () => {
      const res = await fetch(`${app.base}/test/rich?cik=320193&${qs}`, bearer(app.tokens.Pro));
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: message });
    });
  }

  test('valid values of every parameter kind are accepted', async () => {
    const res = await fetch(`${app.base}/test/rich?cik=320193&startDate=2024-02-29&includeSubtotals=true&period=ttm&limit=3&currency=EUR&page=1&pageSize=10`, bearer(app.tokens.Pro));
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { pageSize: number }).pageSize, 10);
  });

  test('hostile raw query text (bad percent-encoding, huge values, SQL) is a 400, not a 500', async () => {
    for (const qs of ['cik=%', 'symbol=%E0%A4%A', `symbol=${'A'.repeat(10_000)}`, "symbol=AAPL'%20OR%201=1--", 'cik=320193&&&', '=&=', 'cik[]=1', 'symbol=AAPL%00']) {
      const res = await fetch(`${app.base}/api/company/details?${qs}`, bearer(app.tokens.Pro));
      assert.ok(res.status === 200 || res.status === 400, `${qs} -> ${String(res.status)}`);
    }
  });
});
