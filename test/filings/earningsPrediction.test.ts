// The earnings-date predictor (sql/80_filings) on Apple's real submissions JSON, holding out its latest release, and
// on a generated 52/53-week filer whose release cadence is known by construction (every release predicted exactly).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { DEMO_COMPANIES } from '../../demo/demoCompanies.ts';
import { modelCompany } from '../../demo/financialModel.ts';
import { filingSchedule } from '../../demo/filingSchedule.ts';
import { submissionsJson } from '../../demo/submissionsJson.ts';
import { defined } from '../helpers/defined.ts';

interface Prediction { expected: string; periodEnd: string; confidence: string; annual: boolean }

async function predict(engine: Engine, cik: number, asOf: string): Promise<Prediction | undefined> {
  const [row] = await engine.query<Prediction>(`
    SELECT strftime(expected_date, '%Y-%m-%d') AS expected, strftime(period_end, '%Y-%m-%d') AS periodEnd, confidence, annual
    FROM earnings_prediction($1::INTEGER, $2::DATE)`, [cik, asOf]);
  return row;
}

const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);

describe("Apple's real submissions: the latest earnings release predicted from the filings before it", () => {
  const file = fixture('edgar', 'submissions', 'CIK0000320193.json.gz');
  let engine: Engine;
  let cleanup: () => void;
  let releases: string[];
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    await ingestPaths(engine, [file]);
    // the releases as the document lists them: 8-Ks whose items include 2.02
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { filings: { recent: { form: string[]; items: string[]; filingDate: string[] } } };
    const r = json.filings.recent;
    releases = r.form.map((form, i) => ({ form, items: defined(r.items[i], 'items'), date: defined(r.filingDate[i], 'date') }))
      .filter((x) => x.form === '8-K' && x.items.split(',').includes('2.02')).map((x) => x.date).sort();
  });
  after(() => { cleanup(); });

  test('the held-out release falls within the confidence band the prediction states (high: +-3 days)', async () => {
    const last = defined(releases.at(-1), 'last release');
    const p = defined(await predict(engine, 320193, last), 'prediction');
    const bands: Record<string, number> = { high: 3, medium: 7, low: 21 };
    const err = Math.abs(days(last, p.expected));
    assert.ok(err <= defined(bands[p.confidence], 'band'), `predicted ${p.expected} (${p.confidence}) for the release of ${last}: ${String(err)} days off`);
    assert.equal(p.confidence, 'high', 'Apple reports 33 days after its quarter end every quarter');
  });

  test('every release of the last three years is predicted within 7 days from the filings before it', async () => {
    const recent = releases.filter((d) => d >= days2(releases.at(-1), -3 * 365));
    assert.ok(recent.length >= 8);
    for (const release of recent) {
      const p = defined(await predict(engine, 320193, release), `prediction before ${release}`);
      assert.ok(Math.abs(days(release, p.expected)) <= 7, `${release}: predicted ${p.expected}`);
    }
  });
});

function days2(date: string | undefined, delta: number): string {
  return new Date(Date.parse(defined(date, 'date')) + delta * 86_400_000).toISOString().slice(0, 10);
}

describe('a generated 52/53-week filer (fiscal year ending the last Saturday of September)', () => {
  const company = defined(DEMO_COMPANIES.find((c) => c.fiscalYearEnd.kind === 'last-weekday'), '52/53-week demo company');
  const filings = filingSchedule(company, modelCompany(company, 2014, 2025), 2016, 2024);
  let engine: Engine;
  let cleanup: () => void;
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    const dir = tempDir('cadence-');
    const target = path.join(dir, `CIK${String(company.cik).padStart(10, '0')}.json`);
    fs.writeFileSync(target, JSON.stringify(submissionsJson(company, filings)));
    await ingestPaths(engine, [target]);
  });
  after(() => { cleanup(); });

  test('each release from the third year on is predicted to the day, with high confidence, across 53-week years', async () => {
    const releases = filings.filter((f) => f.form === '8-K' && f.items.split(',').includes('2.02')).map((f) => f.filed);
    const periods = filings.filter((f) => f.form === '10-Q' || f.form === '10-K');
    let checked = 0;
    for (const release of releases.filter((d) => d >= '2019-01-01')) {
      const p = defined(await predict(engine, company.cik, release), `prediction before ${release}`);
      // the period the release reports: the generator's latest period end before it
      const period = defined(periods.filter((f) => f.reportDate < release).at(-1), 'period').reportDate;
      assert.equal(p.periodEnd, period, `period of the release of ${release}`);
      assert.equal(p.expected, release, `release of the period ending ${period}`);
      assert.equal(p.confidence, 'high');
      checked++;
    }
    assert.ok(checked >= 20);
  });
});
