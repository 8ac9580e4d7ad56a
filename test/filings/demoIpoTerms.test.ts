// The demo IPO deals with their prospectuses (demo/demoIpoDocuments.ts) ingested through the real pipeline and served
// by the real app: /api/company/ipo-calendar and /api/filings/recent-offerings answer with the terms the covers state
// and the fees of the fee exhibits. What is expected is read here from the written documents' text.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import { DEMO_IPOS, ipoAccession } from '../../demo/demoIpos.ts';
import { writeDemoIpos } from '../../demo/demoIpos.ts';
import { writeDemoIpoDocuments } from '../../demo/demoIpoDocuments.ts';
import { defined } from '../helpers/defined.ts';

type Row = Record<string, unknown>;
const num = (s: string | undefined) => Number(defined(s, 'figure').replace(/,/g, ''));
const text = (raw: string) => raw.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');

describe('demo IPO prospectuses on the API', () => {
  let wh: TestWarehouse;
  let app: TestApp;
  const docs = new Map<string, string>();
  const get = async (path: string) => {
    const res = await fetch(`${app.base}${path}`, { headers: { Authorization: `Bearer ${app.tokens['Stock Pro']}` } });
    assert.equal(res.status, 200, path);
    return JSON.parse(await res.text()) as { data: Row[] };
  };
  before(async () => {
    const dir = tempDir('demo-ipo-docs-');
    const files = writeDemoIpoDocuments(dir);
    for (const f of files) docs.set(defined(/([0-9]{10}-[0-9]{2}-[0-9]{6})\.txt$/.exec(f)?.[1], 'accession'), fs.readFileSync(f, 'utf8'));
    wh = await fixtureWarehouse([...writeDemoIpos(dir), ...files]);
    app = await startTestApp(wh.engine);
  });
  after(async () => {
    await app.close();
    wh.cleanup();
  });

  test('the IPO calendar shows each deal with the terms its newest prospectus states', async () => {
    const { data } = await get('/api/company/ipo-calendar?pageSize=50');
    for (const ipo of DEMO_IPOS) {
      const deal = defined(data.find((d) => d['cik'] === ipo.cik), ipo.name);
      const prospectuses = ipo.filings.filter((f) => docs.has(ipoAccession(ipo, f)));
      assert.ok(prospectuses.length > 0, ipo.name);
      const final = prospectuses.find((f) => f.form === '424B4');
      const newest = text(defined(docs.get(ipoAccession(ipo, defined(prospectuses.at(-1), 'newest'))), 'document'));
      assert.equal(deal['proposedTicker'], /symbol “([A-Z]+)”/.exec(newest)?.[1], ipo.name);
      if (final) {
        assert.equal(deal['status'], 'priced');
        assert.equal(deal['price'], num(/initial public offering price is \$([0-9.]+) per share/.exec(newest)?.[1]));
        assert.equal(deal['sharesOffered'], num(/We are offering ([0-9,]+)/.exec(newest)?.[1]));
        assert.equal(deal['dollarValue'], num(/Initial public offering price \$ ?[0-9.]+ \$ ?([0-9,]+)/.exec(newest)?.[1]));
        assert.ok(!('priceRangeLow' in deal));
      } else {
        const range = /between \$([0-9.]+) and \$([0-9.]+) per share/.exec(newest);
        assert.equal(deal['priceRangeLow'], num(range?.[1]), ipo.name);
        assert.equal(deal['priceRangeHigh'], num(range?.[2]), ipo.name);
        assert.equal(deal['sharesOffered'], num(/We are offering ([0-9,]+)/.exec(newest)?.[1]));
        assert.ok(!('price' in deal));
      }
    }
    const statuses = new Set(data.filter((d) => DEMO_IPOS.some((i) => i.cik === d['cik'])).map((d) => d['status']));
    for (const s of ['priced', 'withdrawn', 'upcoming', 'filed']) assert.ok(statuses.has(s), s);
  });

  test('recent offerings carry the cover terms and the fee exhibit of every demo prospectus', async () => {
    const { data } = await get('/api/filings/recent-offerings?pageSize=100');
    for (const [accession, raw] of docs) {
      const row = defined(data.find((o) => o['accessionNumber'] === accession), accession);
      const terms = row['terms'] as Row | null;
      const cover = text(raw.split('<TYPE>EX-FILING FEES')[0] ?? '');
      assert.ok(terms, accession);
      assert.equal(terms['overAllotmentShares'], num(/purchase up to ([0-9,]+) additional/.exec(cover)?.[1]), accession);
      assert.equal(terms['ticker'], /symbol “([A-Z]+)”/.exec(cover)?.[1]);
      const fees = row['fees'] as Row | null;
      assert.ok(fees, `${accession}: no fees`);
      // a registration's own exhibit, or (the 424B4) the one of the registration it completes
      const exhibit = text(raw.includes('<TYPE>EX-FILING FEES') ? raw.split('<TYPE>EX-FILING FEES')[1] ?? ''
        : [...docs.values()].filter((d) => d.includes('<TYPE>EX-FILING FEES') && d.includes(`Registration No. 333-${/Registration No\. 333-([0-9]+)/.exec(raw)?.[1] ?? ''}`)).at(-1)?.split('<TYPE>EX-FILING FEES')[1] ?? '');
      const total = /Total Offering Amounts \$([0-9,]+) \$([0-9,.]+)/.exec(exhibit);
      assert.equal(fees['maxAggregateOfferingPrice'], num(total?.[1]), accession);
      assert.equal(fees['registrationFee'], num(total?.[2]), accession);
      // the registered amount covers the shares and the option at the top of the range
      const rate = num(/\$[0-9,]+ (0\.000[0-9]+) \$/.exec(exhibit)?.[1]);
      const diff = num(total?.[2]) - num(total?.[1]) * rate;
      assert.ok(diff > -0.005 && diff < 0.01, `${accession}: ${String(num(total?.[1]))} x ${String(rate)} != ${String(num(total?.[2]))}`);
    }
  });
});
