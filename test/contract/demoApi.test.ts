// On the demo warehouse (what `npm start` serves on a fresh clone) every registered endpoint answers with data, and
// every answer, 200 or error, matches the schema /v1/openapi.json publishes for it; the document itself is valid
// OpenAPI 3.1. Endpoints are taken from the registry, so one added later is checked without touching this file.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { buildDemoWarehouse } from '../../demo/buildDemoWarehouse.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { DEMO_FUNDS } from '../../demo/demoFunds.ts';
import { insidersOf } from '../../demo/ownershipCast.ts';
import { startTestApp, type TestApp } from '../http/testApp.ts';
import {
  assertMatches, BEST, call, type ContractContext, ENDPOINTS, endpointQuery, errorResults, fetchOpenApi, openApiErrors, responseValidators, rowsOf,
} from './apiContract.ts';
import { defined } from '../helpers/defined.ts';

let wh: Awaited<ReturnType<typeof openTempEngine>> | undefined;
let app: TestApp | undefined;
let ctx: ContractContext;

const company = defined(DEMO_COMPANIES[0], 'DEMO_COMPANIES[0]');

before(async () => {
  wh = await openTempEngine('write');
  await buildDemoWarehouse(wh.engine);
  app = await startTestApp(wh.engine);
  ctx = {
    base: app.base, tokens: app.tokens, doc: await fetchOpenApi(app.base),
    entity: { symbol: company.ticker },
    // the CEO trades every quarter in the demo; the first company's latest 10-K is in the document store
    values: {
      ownerCik: String(defined(insidersOf(company, 0)[0], 'insidersOf(company, 0)[0]').cik),
      accessionNumber: await latestTenK(wh.engine, company.cik),
      item: '7',
    },
  };
});

async function latestTenK(engine: Awaited<ReturnType<typeof openTempEngine>>['engine'], cik: number): Promise<string> {
  const [row] = await engine.query<{ accession: string }>(
    `SELECT accession FROM filing_texts WHERE cik = $cik AND form = '10-K' AND is_primary ORDER BY accession DESC LIMIT 1`, { cik });
  return defined(row, 'a demo 10-K document').accession;
}

after(async () => {
  await app?.close();
  wh?.cleanup();
});

test('the published document is valid OpenAPI 3.1, and the validator rejects a description on a media type object', async () => {
  assert.deepEqual(await openApiErrors(ctx.doc), []);
  // the fault this guards against: Arrow and CSV media types once carried a description, which OpenAPI does not allow
  const broken = structuredClone(ctx.doc) as { paths: Record<string, { get: { responses: { 200: { content: Record<string, Record<string, unknown>> } } } }> };
  const first = defined(Object.values(broken.paths)[0], 'Object.values(broken.paths)[0]').get.responses[200].content;
  first['text/csv'] = { ...first['text/csv'], description: 'not allowed here' };
  assert.notDeepEqual(await openApiErrors(broken), []);
});

test('every registered endpoint is in the published document', () => {
  const paths = Object.keys(ctx.doc['paths'] as object);
  for (const endpoint of ENDPOINTS) assert.ok(paths.includes(endpoint.path), endpoint.path);
});

for (const endpoint of ENDPOINTS) {
  test(`${endpoint.path} answers with data on the demo warehouse, matching its published schema`, async () => {
    const validators = responseValidators(ctx.doc);
    // the first demo company answers every endpoint but the ones only some kinds of filer report (legal-entity
    // subsidiaries: the holding company); each 200 must match the schema, and some demo company must have rows
    // fund endpoints take the demo funds' tickers instead
    const tickers = endpoint.entityKind === 'fund'
      ? DEMO_FUNDS.flatMap((f) => f.classes.map((c) => c.ticker))
      : [company, ...DEMO_COMPANIES.filter((d) => d !== company)].map((d) => d.ticker);
    let withRows: string | null = null;
    // an endpoint whose entity is optional may answer market-wide only (the demo's IPO issuers are no demo company)
    if (endpoint.entity === 'optional') {
      const result = await call(ctx, endpoint.path, endpointQuery({ ...endpoint, entity: false }, ctx), BEST);
      assert.equal(result.status, 200, `market-wide: ${JSON.stringify(result.body)}`);
      assertMatches(validators, endpoint.path, result);
      if (rowsOf(endpoint, result.body).length > 0) withRows = '(market-wide)';
    }
    for (const ticker of withRows ? [] : tickers) {
      if (endpoint.entity && ticker !== tickers[0] && endpoint.params.ownerCik !== undefined) break;
      let result = await call(ctx, endpoint.path, endpointQuery(endpoint, { ...ctx, entity: { symbol: ticker } }), BEST);
      // company-model routes answer 202 while the model's job runs: poll (checking each 202 body) until it is ready
      for (const deadline = Date.now() + 300_000; result.status === 202 && Date.now() < deadline;) {
        assertMatches(validators, endpoint.path, result);
        await new Promise((resolve) => setTimeout(resolve, 250));
        result = await call(ctx, endpoint.path, endpointQuery(endpoint, { ...ctx, entity: { symbol: ticker } }), BEST);
      }
      assert.equal(result.status, 200, `${ticker}: ${JSON.stringify(result.body)}`);
      assertMatches(validators, endpoint.path, result);
      if (rowsOf(endpoint, result.body).length > 0) {
        withRows = ticker;
        break;
      }
      if (!endpoint.entity) break;
    }
    assert.ok(withRows !== null, `${endpoint.path}: no rows for any demo company or fund`);
  });

  test(`${endpoint.path} error answers carry the documented status and { error } body`, async () => {
    const validators = responseValidators(ctx.doc);
    for (const { name, status, result } of await errorResults(ctx, endpoint)) {
      assert.equal(result.status, status, `${endpoint.path} (${name}): ${JSON.stringify(result.body)}`);
      assertMatches(validators, endpoint.path, result);
      assert.match((result.body as { error: string }).error, /\S/, `${endpoint.path} (${name})`);
    }
  });
}
