// /api/filings/item over real filings ingested through the pipeline: a 10-K (a fixture inline XBRL document wrapped
// in EDGAR's full-submission format by the demo's generator), Apple's 2011 earnings 8-K and a 2000 plain-text 10-Q.
// Expected headings and accessions are read from the documents themselves.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, it } from '../helpers/fixtureTest.ts';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { secSubmission } from '../../demo/secSubmission.ts';
import { startTestApp, bearer, type TestApp } from '../http/testApp.ts';
import { defined } from '../helpers/defined.ts';

const TEN_K = fixture('edgar', 'xbrl', 'ixbrl', 'ko-10-k-2025-02-20.html.gz');
const EIGHT_K = fixture('edgar', 'filings', '8-K', '0001193125-11-009392.txt');
const TEN_Q = fixture('edgar', 'filings', '10-K-10-Q', '0000912057-00-023442.txt');
/** A made-up accession for the wrapped 10-K (agent prefix 0000000000 is never assigned). */
const TEN_K_ACCESSION = '0000000000-25-000001';

interface ItemBody {
  accessionNumber: string;
  item: string;
  title: string;
  text: string;
  format: string;
  characters: number;
  availableItems: { item: string; title: string }[];
  url: string;
}

let wh: Awaited<ReturnType<typeof openTempEngine>> | undefined;
let app: TestApp | undefined;
let tenKHtml = '';

async function get(query: Record<string, string>): Promise<{ status: number; body: unknown }> {
  const a = defined(app, 'app');
  const res = await fetch(`${a.base}/api/filings/item?${new URLSearchParams(query).toString()}`, bearer(a.tokens.Free));
  return { status: res.status, body: await res.json() };
}

/** The accession the submission header states. */
function headerAccession(file: string): string {
  return defined(/ACCESSION NUMBER:\s*(\S+)/.exec(fs.readFileSync(file, 'latin1'))?.[1], 'accession');
}

describe('/api/filings/item on real filings', () => {
  before(async () => {
    tenKHtml = gunzipSync(fs.readFileSync(TEN_K)).toString('utf8');
    const dir = tempDir('item-');
    const wrapped = path.join(dir, `${TEN_K_ACCESSION}.txt`);
    fs.writeFileSync(wrapped, secSubmission({
      accession: TEN_K_ACCESSION, form: '10-K', period: '2024-12-31', filed: '2025-02-20',
      parties: [{ role: 'FILER', name: 'COCA COLA CO', cik: 21344 }],
      documents: [{ type: '10-K', filename: 'ko-20241231.htm', xml: tenKHtml }],
    }));
    wh = await openTempEngine('write');
    await ingestPaths(wh.engine, [wrapped, EIGHT_K, TEN_Q, fixture('edgar', 'submissions', 'CIK0000320193.json.gz')]);
    app = await startTestApp(wh.engine);
  });
  after(async () => {
    await app?.close();
    wh?.cleanup();
  });

  it('serves a 10-K Item 7 from its body heading up to Item 7A', async () => {
    const r = await get({ accessionNumber: TEN_K_ACCESSION, item: '7' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const body = r.body as ItemBody;
    assert.equal(body.item, '7');
    // the document writes the heading in capitals inside its own element
    assert.match(tenKHtml, /ITEM 7\.(&#160;|\s|<[^>]*>)*MANAGEMENT/);
    assert.match(body.text, /^ITEM 7\. MANAGEMENT.S DISCUSSION AND ANALYSIS/);
    assert.doesNotMatch(body.text, /^ITEM 7A/m);
    assert.ok(body.characters > 10_000);
    const next = await get({ accessionNumber: TEN_K_ACCESSION, item: 'Item 7A' });
    assert.match((next.body as ItemBody).text, /^ITEM 7A\. QUANTITATIVE AND QUALITATIVE DISCLOSURES ABOUT MARKET RISK/);
    const codes = body.availableItems.map((i) => i.item);
    assert.ok(codes.indexOf('7') + 1 === codes.indexOf('7A'));
  });

  it('renders Markdown on request', async () => {
    const r = await get({ accessionNumber: TEN_K_ACCESSION, item: '1A', format: 'markdown' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const body = r.body as ItemBody;
    assert.equal(body.format, 'markdown');
    assert.match(body.text, /^## ITEM 1A\. RISK FACTORS/);
  });

  it('answers 400 naming the available items when the item is absent, and when the filing is unknown', async () => {
    const r = await get({ accessionNumber: TEN_K_ACCESSION, item: '99' });
    assert.equal(r.status, 400);
    const error = (r.body as { error: string }).error;
    assert.match(error, /Item "99" is not in filing/);
    assert.match(error, /available items: 1, 1A, 1B, 1C, 2, .*7, 7A, 8/);
    const unknown = await get({ accessionNumber: '0000000000-99-999999', item: '7' });
    assert.equal(unknown.status, 400);
    assert.match((unknown.body as { error: string }).error, /Unknown filing/);
  });

  it("finds a company's latest 8-K by symbol and serves Item 2.02", async () => {
    const r = await get({ symbol: 'AAPL', form: '8-K', item: '2.02' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const body = r.body as ItemBody;
    assert.equal(body.accessionNumber, headerAccession(EIGHT_K));
    assert.match(body.text, /^Item 2\.02/);
    assert.match(body.text, /press release/);
    assert.match(body.url, /^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/320193\/000119312511009392\/d8k\.htm$/);
  });

  it('serves a 2000 plain-text 10-Q item; "2" alone is Part I Item 2', async () => {
    const r = await get({ accessionNumber: headerAccession(TEN_Q), item: '2' });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const body = r.body as ItemBody;
    assert.equal(body.item, 'I-2');
    assert.match(body.text, /^ITEM 2\. MANAGEMENT'S DISCUSSION/);
    const legal = await get({ accessionNumber: headerAccession(TEN_Q), item: 'II-1' });
    assert.match((legal.body as ItemBody).text, /^ITEM 1\. LEGAL PROCEEDINGS/);
  });
});
