// /api/filings/timeline and /api/earnings/calendar over every submissions JSON of the fixtures, through the real app:
// the recent filings as the document lists them, the Pro-only 403, the calendar agreeing with the timeline, no 500.
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture } from '../helpers/tempWarehouse.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';
import type { Plan } from '../../engine/accounts/plans.ts';

interface Recent { form: string[]; accessionNumber: string[]; filingDate: string[]; acceptanceDateTime: string[]; items: string[]; primaryDocument: string[]; reportDate: string[] }
const SUBMISSIONS = fixture('edgar', 'submissions');
const APPLE = fixture('edgar', 'submissions', 'CIK0000320193.json.gz');

function readRecent(file: string): { cik: number; recent: Recent } {
  const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { cik: string; filings: { recent: Recent } };
  return { cik: Number(json.cik), recent: json.filings.recent };
}

describe('filing timeline and earnings calendar on the fixtures', () => {
  let wh: TestWarehouse;
  let app: TestApp;
  const get = async (path: string, plan: Plan = 'Pro') => {
    const res = await fetch(`${app.base}${path}`, { headers: { Authorization: `Bearer ${app.tokens[plan]}` } });
    return { status: res.status, body: JSON.parse(await res.text()) as Record<string, unknown> };
  };
  before(async () => {
    const files = fs.readdirSync(SUBMISSIONS).filter((f) => f.endsWith('.json.gz')).map((f) => `${SUBMISSIONS}/${f}`);
    wh = await fixtureWarehouse([...files, fixture('edgar', 'reference', 'company_tickers_exchange.json.gz')]);
    app = await startTestApp(wh.engine);
  });
  after(async () => {
    await app.close();
    wh.cleanup();
  });

  test('a plan other than Pro gets 403 naming the Professional plan', async () => {
    for (const plan of ['Free', 'Starter', 'Stock Pro', 'ETF Pro'] as const) {
      const { status, body } = await get('/api/filings/timeline?symbol=AAPL', plan);
      assert.equal(status, 403, plan);
      assert.match(String(body['error']), /Professional plan/);
    }
  });

  test("Apple's recent filings are the 10 newest of its submissions JSON, with 8-K items and events", async () => {
    const { recent: r } = readRecent(APPLE);
    const rows = r.accessionNumber.map((accession, i) => ({ accession, form: r.form[i] ?? '', filed: r.filingDate[i] ?? '', accepted: r.acceptanceDateTime[i] ?? '',
      items: r.items[i] ?? '', doc: r.primaryDocument[i] ?? '', period: r.reportDate[i] ?? '' }));
    rows.sort((a, b) => b.filed.localeCompare(a.filed) || b.accepted.localeCompare(a.accepted) || b.accession.localeCompare(a.accession));
    const { status, body } = await get('/api/filings/timeline?symbol=AAPL');
    assert.equal(status, 200);
    const recent = body['recent'] as Record<string, unknown>[];
    assert.equal(recent.length, 10);
    assert.deepEqual(recent.map((f) => f['accessionNumber']), rows.slice(0, 10).map((f) => f.accession));
    for (const [i, f] of recent.entries()) {
      const doc = rows[i];
      assert.ok(doc);
      assert.equal(f['type'], doc.form);
      assert.equal(f['dateFiled'], doc.filed);
      assert.equal(f['url'], `https://www.sec.gov/Archives/edgar/data/320193/${doc.accession.replaceAll('-', '')}/${doc.doc}`);
      if (doc.period) assert.equal(f['periodEndDate'], doc.period);
      else assert.ok(!('periodEndDate' in f));
      if (doc.form === '8-K') {
        assert.deepEqual(f['items'], doc.items.split(','));
        assert.equal((f['events'] as string[]).length, doc.items.split(',').length);
      } else assert.ok(!('events' in f), `${doc.accession} is no 8-K`);
    }
  });

  test("an 8-K with Item 2.02 is named as an earnings event; the timeline's next earnings date is the calendar's", async () => {
    const { body } = await get('/api/filings/timeline?symbol=AAPL');
    const next = body['nextEarningsDate'];
    assert.match(String(next), /^\d{4}-\d{2}-\d{2}$/);
    const predicted = body['predicted'] as { nextExpected: { type: string; expectedDate: string; basedOn: string }[]; historicalPattern: Record<string, unknown> };
    const periodic = predicted.nextExpected.find((e) => e.type === '10-Q' || e.type === '10-K');
    assert.equal(periodic?.basedOn, `earnings prediction (${String(next)})`);
    const dates = predicted.nextExpected.map((e) => e.expectedDate);
    assert.deepEqual(dates, [...dates].sort());
    for (const d of dates) assert.ok(![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()), `${d} is a weekday`);
    assert.ok('10-Q' in predicted.historicalPattern && '10-K' in predicted.historicalPattern);
    const calendar = await get('/api/earnings/calendar?symbol=AAPL&pageSize=500');
    assert.equal(calendar.status, 200);
    const data = calendar.body['data'] as { date: string; status: string; accessionNumber?: string }[];
    assert.equal(data.find((d) => d.status === 'predicted')?.date, next);
    // every confirmed date is an Apple 8-K listing Item 2.02 in the document
    const { recent: r } = readRecent(APPLE);
    const releases = new Set(r.accessionNumber.filter((_, i) => r.form[i] === '8-K' && (r.items[i] ?? '').split(',').includes('2.02')));
    const confirmed = data.filter((d) => d.status === 'confirmed');
    assert.ok(confirmed.length >= 8);
    for (const d of confirmed) assert.ok(releases.has(String(d.accessionNumber)), String(d.accessionNumber));
  });

  test('the market-wide calendar lists the dates of the window, soonest first', async () => {
    const { status, body } = await get('/api/earnings/calendar?from=2026-04-01&to=2026-05-31&pageSize=500');
    assert.equal(status, 200);
    const data = body['data'] as { date: string; cik: number }[];
    assert.ok(data.length > 0);
    for (const d of data) assert.ok(d.date >= '2026-04-01' && d.date <= '2026-05-31', d.date);
    assert.deepEqual(data.map((d) => d.date), data.map((d) => d.date).sort());
  });

  test('no company of the fixtures gets a 500 from either endpoint', async () => {
    const ciks = fs.readdirSync(SUBMISSIONS).filter((f) => /^CIK\d+\.json\.gz$/.test(f)).map((f) => Number(f.slice(3, 13)));
    for (const cik of ciks) {
      for (const path of [`/api/filings/timeline?cik=${String(cik)}`, `/api/earnings/calendar?cik=${String(cik)}`]) {
        const { status, body } = await get(path);
        assert.ok(status === 200 || status === 400, `${path}: ${String(status)} ${JSON.stringify(body)}`);
      }
    }
  });
});
