// Audit: predictions look forward from what a company has filed. (1) The next earnings date reports a period nobody has
// reported yet. Alzamend Neuro (FYE April 30)
// furnished its results on 8-K Item 2.02 until 2025-07-23 (fiscal 2025) and then filed its 10-Qs for 2025-07-31,
// 2025-10-31 and 2026-01-31 without one; predicting its "next" release for the quarter of 2025-07-31 (2025-09-11, before
// the 10-Q that reported that quarter) is a date already past. For every company of the fixtures' submissions files
// with an earnings 8-K, read here from its JSON, nextEarningsDate (timeline and earnings calendar alike) is later than
// the end of the newest period its filed 10-Q / 10-K reports, and for Alzamend later than that report's filing date.
// (2) A periodic form the company stopped filing is not "next expected": Warren Buffett (cik 315090) filed 13F-HR under
// his own CIK until 2007 and keeps filing Forms 4 and 13F-NT to 2026; a 13F-HR "expected" in 2007 is no prediction.
// For every submissions file, each nextExpected entry falls less than a year before the company's newest filing (no
// periodic form's cadence is longer than a year), and Buffett's lapsed 13F-HR is not among them.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer } from '../http/testApp.ts';
import { fixtureApp } from '../helpers/fixtureApp.ts';

const DIR = fixture('edgar', 'submissions');
const ALZAMEND = 1677077;

interface Recent { form: string[]; filingDate: string[]; reportDate: string[]; items: string[] }
interface Company { cik: number; lastPeriod: string; lastPeriodFiled: string; lastRelease: string }
const BUFFETT = 315090;

/** Every main submissions file: the company's newest filing date and the newest filing date of each form. */
function newestFilings(): { cik: number; newest: string; byForm: Map<string, string> }[] {
  if (!fs.existsSync(DIR)) return [];
  return fs.readdirSync(DIR).filter((f) => /^CIK\d{10}\.json\.gz$/.test(f)).map((f) => {
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(DIR, f))).toString('utf8')) as { cik: string; filings: { recent: Recent } };
    const byForm = new Map<string, string>();
    let newest = '';
    json.filings.recent.form.forEach((form, i) => {
      const filed = json.filings.recent.filingDate[i] ?? '';
      if (filed > (byForm.get(form) ?? '')) byForm.set(form, filed);
      if (filed > newest) newest = filed;
    });
    return { cik: Number(json.cik), newest, byForm };
  });
}

const yearBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 366 * 86400000).toISOString().slice(0, 10);

/** Companies whose submissions JSON lists an 8-K with Item 2.02 and a 10-Q/10-K: the newest of each. */
function companies(): Company[] {
  if (!fs.existsSync(DIR)) return [];
  return fs.readdirSync(DIR).filter((f) => /^CIK\d{10}\.json\.gz$/.test(f)).flatMap((f) => {
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(DIR, f))).toString('utf8')) as { cik: string; filings: { recent: Recent } };
    const r = json.filings.recent;
    let lastPeriod = '';
    let lastPeriodFiled = '';
    let lastRelease = '';
    r.form.forEach((form, i) => {
      const filed = r.filingDate[i] ?? '';
      if ((form === '10-Q' || form === '10-K') && (r.reportDate[i] ?? '') > lastPeriod) {
        lastPeriod = r.reportDate[i] ?? '';
        lastPeriodFiled = filed;
      }
      if (form === '8-K' && (r.items[i] ?? '').split(',').includes('2.02') && filed > lastRelease) lastRelease = filed;
    });
    return lastPeriod && lastRelease ? [{ cik: Number(json.cik), lastPeriod, lastPeriodFiled, lastRelease }] : [];
  });
}

const fx = fixtureApp(() => fs.existsSync(DIR) ? fs.readdirSync(DIR).filter((f) => /^CIK\d{10}\.json\.gz$/.test(f)).map((f) => path.join(DIR, f)) : []);

test('the next earnings date is for a period after the newest one a filed 10-Q / 10-K reports', async () => {
  const all = companies();
  const alzamend = all.find((c) => c.cik === ALZAMEND);
  assert.ok(alzamend, 'Alzamend submissions read');
  assert.ok(alzamend.lastPeriodFiled > alzamend.lastRelease, 'its newest 10-Q came after its last earnings 8-K');
  for (const c of all) {
    const res = await fetch(`${fx.app.base}/api/filings/timeline?cik=${String(c.cik)}`, bearer(fx.app.tokens.Pro));
    assert.equal(res.status, 200, `timeline of cik ${String(c.cik)}`);
    const next = ((await res.json()) as { nextEarningsDate: string | null }).nextEarningsDate;
    assert.ok(next, `cik ${String(c.cik)}: an earnings 8-K exists, so a prediction`);
    assert.ok(next > c.lastPeriod, `cik ${String(c.cik)}: next ${next} after the newest reported period ${c.lastPeriod}`);
    if (c.cik === ALZAMEND) assert.ok(next > c.lastPeriodFiled, `Alzamend: next ${next} after its newest 10-Q, filed ${c.lastPeriodFiled}`);
    const cal = await fetch(`${fx.app.base}/api/earnings/calendar?cik=${String(c.cik)}&from=1990-01-01&to=2100-12-31`, bearer(fx.app.tokens.Pro));
    assert.equal(cal.status, 200, `calendar of cik ${String(c.cik)}`);
  }
});

test('a periodic form the company stopped filing is not expected next', async () => {
  const all = newestFilings().filter((c) => c.newest !== '');
  const buffett = all.find((c) => c.cik === BUFFETT);
  assert.ok(buffett, 'Buffett submissions read');
  const last13f = buffett.byForm.get('13F-HR') ?? '';
  assert.ok(last13f !== '' && last13f < yearBefore(buffett.newest), 'his 13F-HR filings stopped more than a year before his newest filing');
  for (const c of all) {
    const res = await fetch(`${fx.app.base}/api/filings/timeline?cik=${String(c.cik)}`, bearer(fx.app.tokens.Pro));
    if (res.status === 400) continue; // no filings on file (the SEC test filer)
    assert.equal(res.status, 200, `timeline of cik ${String(c.cik)}`);
    const { predicted } = (await res.json()) as { predicted: { nextExpected: { type: string; expectedDate: string }[] } };
    for (const e of predicted.nextExpected) {
      assert.ok(e.expectedDate >= yearBefore(c.newest), `cik ${String(c.cik)}: ${e.type} expected ${e.expectedDate}, newest filing ${c.newest}`);
    }
    if (c.cik === BUFFETT) assert.ok(!predicted.nextExpected.some((e) => e.type === '13F-HR'), 'Buffett: no 13F-HR expected');
  }
});
