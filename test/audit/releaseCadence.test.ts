// Audit: the next earnings date of a company whose warehouse holds its earnings 8-Ks (Item 2.02, Results of Operations
// and Financial Condition) but no 10-Q / 10-K period end. The spec makes nextEarningsDate null only when no earnings
// 8-K exists; without period ends the date follows the releases' own cadence (sql/80_filings/33_earnings_prediction.sql).
// (1) The fixtures' 8-K folder ingested alone: each filer named in an 8-K header whose ITEM INFORMATION states Results
// of Operations and Financial Condition (read here) has that filing date as its confirmed earnings date and, with one
// release on file, a low-confidence next date 13 weeks (91 days, the same weekday) on, on the timeline and the earnings
// calendar alike; a filer without one has null and no calendar row.
// (2) Apple's real submissions JSON cut down to its 8-K rows (written to a temp dir in SEC's own format, so no 10-Q /
// 10-K on file): every release of the last three years is predicted from the 8-Ks before it within the band its stated
// confidence allows (high +-3 days, medium +-7, low +-21).
import { after, before, describe, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { bearer } from '../http/testApp.ts';
import { fixtureApp } from '../helpers/fixtureApp.ts';
import { defined } from '../helpers/defined.ts';

const DIR = fixture('edgar', 'filings', '8-K');
const RESULTS = 'results of operations and financial condition';

interface Header { accession: string; filed: string; ciks: number[]; earnings: boolean }

/** The classic `.txt` header of each 8-K submission: accession, filing date, filer CIKs, whether an item is 2.02. */
function headers(): Header[] {
  if (!fs.existsSync(DIR)) return [];
  return fs.readdirSync(DIR).filter((f) => /\.txt(\.gz)?$/.test(f)).flatMap((f) => {
    const bytes = fs.readFileSync(path.join(DIR, f));
    const text = (f.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1');
    const head = text.slice(0, text.indexOf('</SEC-HEADER>'));
    const accession = /ACCESSION NUMBER:\s*(\S+)/.exec(head)?.[1];
    const filed = /FILED AS OF DATE:\s*(\d{8})/.exec(head)?.[1];
    if (!accession || !filed || !/CONFORMED SUBMISSION TYPE:\s*8-K\s*$/m.test(head)) return [];
    const earnings = [...head.matchAll(/^ITEM INFORMATION:[ \t]*(.*)$/gm)].some((m) => (m[1] ?? '').trim().toLowerCase() === RESULTS);
    const ciks = [...head.matchAll(/CENTRAL INDEX KEY:\s*(\d+)/g)].map((m) => Number(m[1]));
    return [{ accession, filed: `${filed.slice(0, 4)}-${filed.slice(4, 6)}-${filed.slice(6)}`, ciks, earnings }];
  });
}

const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const days = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);

interface CalendarRow { date: string; status: string; confidence?: string; accessionNumber?: string; fiscalPeriodEnd: string | null }

describe("the fixtures' 8-K folder ingested alone (no 10-Q / 10-K on file)", () => {
  const fx = fixtureApp([DIR]);

  test('a filer with an earnings 8-K has it as confirmed and the next date 13 weeks on (low); one without has null', async () => {
    const all = headers();
    const releases = new Map<number, Header[]>();
    for (const h of all) for (const cik of h.ciks) if (h.earnings) releases.set(cik, [...(releases.get(cik) ?? []), h]);
    assert.ok(releases.size >= 3, 'the 8-K folder holds earnings 8-Ks of several filers');
    const ciks = [...new Set(all.flatMap((h) => h.ciks))];
    for (const cik of ciks) {
      const res = await fetch(`${fx.app.base}/api/filings/timeline?cik=${String(cik)}`, bearer(fx.app.tokens.Pro));
      assert.equal(res.status, 200, `timeline of cik ${String(cik)}`);
      const next = ((await res.json()) as { nextEarningsDate: string | null }).nextEarningsDate;
      const cal = await fetch(`${fx.app.base}/api/earnings/calendar?cik=${String(cik)}&from=1990-01-01&to=2100-12-31`, bearer(fx.app.tokens.Pro));
      assert.equal(cal.status, 200, `calendar of cik ${String(cik)}`);
      const rows = ((await cal.json()) as { data: CalendarRow[] }).data;
      const own = releases.get(cik);
      if (!own) {
        assert.equal(next, null, `cik ${String(cik)}: no earnings 8-K, no next earnings date`);
        assert.deepEqual(rows, [], `cik ${String(cik)}: no earnings dates`);
        continue;
      }
      assert.equal(own.length, 1, 'one earnings 8-K per filer in the folder');
      const release = defined(own[0], 'release');
      const expected = addDays(release.filed, 91);
      assert.equal(next, expected, `cik ${String(cik)}: 13 weeks after its release of ${release.filed}`);
      const confirmed = rows.filter((r) => r.status === 'confirmed');
      assert.deepEqual(confirmed.map((r) => [r.date, r.accessionNumber, r.fiscalPeriodEnd]), [[release.filed, release.accession, null]],
        `cik ${String(cik)}: its release is the confirmed date`);
      const predicted = rows.filter((r) => r.status === 'predicted');
      assert.deepEqual(predicted.map((r) => [r.date, r.confidence]), [[expected, 'low']], `cik ${String(cik)}: the calendar's prediction`);
    }
  });
});

describe("Apple's real submissions cut down to its 8-Ks: each release of the last three years from the 8-Ks before it", () => {
  const file = fixture('edgar', 'submissions', 'CIK0000320193.json.gz');
  let engine: Engine;
  let cleanup: () => void;
  let releases: string[];
  before(async () => {
    ({ engine, cleanup } = await openTempEngine());
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { filings: { recent: Record<string, unknown[]>; files?: unknown[] } };
    const recent = json.filings.recent;
    const keep = (recent.form ?? []).map((form, i) => (form === '8-K' ? i : -1)).filter((i) => i >= 0);
    json.filings.recent = Object.fromEntries(Object.entries(recent).map(([k, col]) => [k, keep.map((i) => col[i])]));
    json.filings.files = [];
    const target = path.join(tempDir('eightk-only-'), 'CIK0000320193.json');
    fs.writeFileSync(target, JSON.stringify(json));
    await ingestPaths(engine, [target]);
    // the releases as the document lists them: 8-Ks whose items include 2.02
    const r = json.filings.recent as { items: string[]; filingDate: string[] };
    releases = r.filingDate.filter((_, i) => (r.items[i] ?? '').split(',').includes('2.02')).sort();
  });
  after(() => { cleanup(); });

  test('within the band of its stated confidence (high +-3 days, medium +-7, low +-21), with no fiscal period', async () => {
    const last = defined(releases.at(-1), 'last release');
    const recent = releases.filter((d) => d >= addDays(last, -3 * 365));
    assert.ok(recent.length >= 8, 'three years of quarterly releases');
    const bands: Record<string, number> = { high: 3, medium: 7, low: 21 };
    const confidences: string[] = [];
    for (const release of recent) {
      const [p] = await engine.query<{ expected: string; confidence: string; periodEnd: string | null }>(`
        SELECT strftime(expected_date, '%Y-%m-%d') AS expected, confidence, strftime(period_end, '%Y-%m-%d') AS periodEnd
        FROM earnings_prediction(320193, $1::DATE)`, [release]);
      assert.ok(p, `a prediction before ${release}`);
      assert.equal(p.periodEnd, null, 'no 10-Q / 10-K on file: no fiscal period');
      const err = Math.abs(days(release, p.expected));
      assert.ok(err <= defined(bands[p.confidence], 'band'), `${release}: predicted ${p.expected} (${p.confidence}), ${String(err)} days off`);
      confidences.push(p.confidence);
    }
    // Apple releases 52 weeks after the same quarter's release a year before, save its 53-week year (2023-02-02, 53 weeks
    // after 2022-01-27): medium, never high; low for the year that jump sits among the last 4 year-over-year pairs
    assert.ok(!confidences.includes('high'), `confidences ${confidences.join(', ')}`);
    assert.equal(confidences.at(-1), 'medium', 'the latest release, a steady year on');
  });
});
