// On a warehouse of real SEC documents (Apple's companyfacts and submissions, its Form 4, real 13F and 13D/G filings),
// every registered endpoint's answers, 200 and errors, match the schemas /v1/openapi.json publishes for them. Fund
// endpoints are asked about a share class of the Delaware prospectus (its first dei:TradingSymbol, read here).
import { test, before, after } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture, fixturesPresent } from '../helpers/fixtures.ts';
import { fixtureWarehouse, FIXTURE_INPUTS, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import {
  assertMatches, BEST, call, type ContractContext, ENDPOINTS, endpointQuery, errorResults, fetchOpenApi, responseValidators,
} from './apiContract.ts';
import { defined } from '../helpers/defined.ts';

const APPLE_FORM4 = fixture('edgar', 'ownership', '0000320193-22-000061.txt');
const OWNERSHIP = [APPLE_FORM4, fixture('edgar', '13f'), fixture('edgar', '13dg')];
const DELAWARE = fixture('edgar', 'n1a', 'Delaware.485BPOS.html.gz');
/** Apple's 2011 earnings 8-K (full submission): /api/filings/item reads its Item 2.02. */
const APPLE_8K = fixture('edgar', 'filings', '8-K', '0001193125-11-009392.txt');
// the N-PORT fund endpoints (flows, profile, reverse lookup) get rows of the Goldman Sachs Bond Fund too
const NPORT = fixture('edgar', 'nport', 'sec-samples', 'NPORT_Sample_7.xml.gz');
let fundSymbol = '';

let wh: TestWarehouse | undefined;
let app: TestApp | undefined;
let ctx: ContractContext;

before(async () => {
  wh = await fixtureWarehouse([...FIXTURE_INPUTS, ...OWNERSHIP, DELAWARE, NPORT, APPLE_8K]);
  if (fixturesPresent) {
    const text = zlib.gunzipSync(fs.readFileSync(DELAWARE)).toString('utf8');
    fundSymbol = defined(/name="dei:TradingSymbol"[^>]*>\s*([A-Z]+)\s*</.exec(text)?.[1], 'a TradingSymbol in the Delaware prospectus');
  }
  app = await startTestApp(wh.engine);
  // the reporting owner named in Apple's Form 4, read from the document
  const ownerCik = fixturesPresent ? defined(defined(/<rptOwnerCik>0*(\d+)<\/rptOwnerCik>/.exec(fs.readFileSync(APPLE_FORM4, 'utf8')), '/<rptOwnerCik>0*(\\d+)<\\/rptOwnerCik>/.exec(fs.readFileSync(APPLE_FORM4, \'utf8\'))')[1], '/<rptOwnerCik>0*(\\d+)<\\/rptOwnerCik>/.exec(fs.readFileSync(APPLE_FORM4, \'utf8\'))![1]') : '1';
  const accessionNumber = fixturesPresent ? defined(/ACCESSION NUMBER:\s*(\S+)/.exec(fs.readFileSync(APPLE_8K, 'latin1'))?.[1], 'accession') : '0000000000-00-000000';
  ctx = {
    base: app.base, tokens: app.tokens, doc: await fetchOpenApi(app.base), entity: { symbol: 'AAPL' },
    values: { ownerCik, accessionNumber, item: '2.02' },
  };
});

after(async () => {
  await app?.close();
  wh?.cleanup();
});

for (const endpoint of ENDPOINTS) {
  // company-model routes queue a background build (minutes for Apple's full history on a loaded box) that would compete
  // with every later test here for the same DuckDB; their 202/200 contract is checked on the demo (demoApi.test.ts)
  // and their builds on real 10-Ks in test/models
  const skip = endpoint.job ? 'company models: contract on the demo, builds on real 10-Ks in test/models' : false;
  test(`${endpoint.path} answers Apple from real filings with its published schema, errors included`, { skip }, async () => {
    const validators = responseValidators(ctx.doc);
    const asked = endpoint.entityKind === 'fund' ? { ...ctx, entity: { symbol: fundSymbol } } : ctx;
    const result = await call(asked, endpoint.path, endpointQuery(endpoint, asked), BEST);
    assert.equal(result.status, 200, JSON.stringify(result.body));
    assertMatches(validators, endpoint.path, result);
    for (const { name, status, result: error } of await errorResults(asked, endpoint)) {
      assert.equal(error.status, status, `${endpoint.path} (${name}): ${JSON.stringify(error.body)}`);
      assertMatches(validators, endpoint.path, error);
    }
  });
}
