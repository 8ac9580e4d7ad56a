// Audit: an S-1 of a company whose securities already trade is not an IPO. Acurx Pharmaceuticals' 2023 S-1
// (0001104659-23-076317) registers a selling stockholder's resale; its cover says the common stock "is listed on The
// Nasdaq Capital Market". Without Acurx's 10-K/10-Q on file it was served as a filed IPO deal. The IPO registrations
// of the fixtures (Unicycive's S-1/A: "No public market currently exists"; Learn CW's SPAC S-1: "there is no public
// market") stay deals. Each cover's sentence is read here from the submission.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { submissionText } from '../helpers/submissionParts.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

const S1 = (f: string) => fixture('edgar', 'filings', 'S-1', f);
const ACURX = S1('0001104659-23-076317.txt');
const UNICYCIVE = S1('0001213900-21-035033.txt.gz');
const LEARN_CW = S1('0001140361-21-010426.txt.gz');

/** The submission's CIK and whether its text (tags dropped) says the securities already trade, or that none do. */
function cover(file: string): { cik: number; listed: boolean; noMarket: boolean } {
  const raw = submissionText(file);
  const cik = Number(/CENTRAL INDEX KEY:\s*(\d+)/.exec(raw)?.[1]);
  const words = raw.slice(0, 400_000).replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;|\s+/g, ' ');
  return { cik, listed: /common stock is listed on The Nasdaq/i.test(words), noMarket: /no public market/i.test(words) };
}

interface Deal { cik: number; status: string }

let wh: TestWarehouse;
let app: TestApp;

before(async () => {
  wh = await fixtureWarehouse([ACURX, UNICYCIVE, LEARN_CW]);
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

test('a registration whose cover says the stock is listed on an exchange is no IPO deal; IPO covers stay deals', async () => {
  const res = await fetch(`${app.base}/api/company/ipo-calendar?pageSize=100`, bearer(app.tokens['Stock Pro']));
  assert.equal(res.status, 200);
  const deals = ((await res.json()) as { data: Deal[] }).data;
  const acurx = cover(ACURX);
  assert.ok(acurx.listed && !acurx.noMarket, 'the Acurx cover says its common stock is listed');
  assert.equal(deals.find((d) => d.cik === acurx.cik), undefined, 'Acurx is not an IPO deal');
  for (const file of [UNICYCIVE, LEARN_CW]) {
    const ipo = cover(file);
    assert.ok(ipo.noMarket, `${file}: the cover says there is no public market`);
    assert.ok(deals.some((d) => d.cik === ipo.cik), `${file}: an IPO deal`);
  }
});
