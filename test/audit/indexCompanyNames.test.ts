// Audit: a company known only from an EDGAR daily index has the name the index states. The 2022-10-03 company.idx and
// 2020-03-18 form.idx list S-1/F-1 registrations and 424B prospectuses of companies no other fixture names: the IPO
// calendar and recent offerings served them with companyName null (the spec types an IPO deal's companyName as a
// string). Names are read here from the index lines (the Company Name column, placed by the header).
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { submissionText } from '../helpers/submissionParts.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

const INDEXES = [fixture('edgar', 'index', 'company.20221003.idx.gz'), fixture('edgar', 'index', 'form.20200318.idx.gz')];

/** cik -> the company name of its newest line (the Company Name column as the header places it). */
function indexNames(): Map<number, string> {
  const names = new Map<number, { name: string; date: string }>();
  for (const file of INDEXES) {
    const lines = submissionText(file).split('\n');
    const header = lines.find((l) => l.startsWith('Company Name') || l.startsWith('Form Type')) ?? '';
    const from = header.indexOf('Company Name');
    const formFirst = header.startsWith('Form Type');
    const to = formFirst ? header.indexOf('CIK') : header.indexOf('Form Type');
    for (const line of lines) {
      const m = /\s(\d+)\s+(\d{8})\s+edgar\/data\//.exec(line);
      if (!m) continue;
      const name = line.slice(from, to).trim();
      const cik = Number(m[1]);
      const date = m[2] ?? '';
      const known = names.get(cik);
      if (!known || date > known.date) names.set(cik, { name, date });
    }
  }
  return new Map([...names].map(([cik, v]) => [cik, v.name]));
}

let wh: TestWarehouse;
let app: TestApp;

before(async () => {
  wh = await fixtureWarehouse(INDEXES);
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

test('IPO deals and offerings of companies the daily index alone lists carry the name on the index line', async () => {
  const names = indexNames();
  const deals = await fetch(`${app.base}/api/company/ipo-calendar?pageSize=500`, bearer(app.tokens['Stock Pro']));
  assert.equal(deals.status, 200);
  const dealRows = ((await deals.json()) as { data: { cik: number; companyName: string | null }[] }).data;
  const offers = await fetch(`${app.base}/api/filings/recent-offerings?pageSize=500`, bearer(app.tokens.Pro));
  assert.equal(offers.status, 200);
  const offerRows = ((await offers.json()) as { data: { cik: number; companyName: string | null }[] }).data;
  assert.ok(dealRows.length > 0 && offerRows.length > 0, 'the indexes list registrations and prospectuses');
  for (const r of [...dealRows, ...offerRows]) assert.equal(r.companyName, names.get(r.cik), `cik ${String(r.cik)}`);
});
