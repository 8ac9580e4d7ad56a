// Audit: EDGAR's submissions JSON states a filer's categories joined by an HTML line break ("Non-accelerated
// filer<br>Smaller reporting company"; "<br>Emerging growth company" when the first one is blank: Unicycive, Learn CW,
// Vincerx). /api/company/details serves the categories the file states, without markup: each company of the fixtures
// whose file has a category, the categories read here from the file.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

const DIR = fixture('edgar', 'submissions');

/** Each main submissions file (dated snapshots and paged files left out) with its cik and raw category. */
function files(): { file: string; cik: number; category: string }[] {
  if (!fs.existsSync(DIR)) return [];
  return fs.readdirSync(DIR).filter((f) => /^CIK\d{10}\.json\.gz$/.test(f)).map((f) => {
    const json = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(DIR, f))).toString('utf8')) as { cik: string | number; category?: string };
    return { file: path.join(DIR, f), cik: Number(json.cik), category: json.category ?? '' };
  });
}

let wh: TestWarehouse;
let app: TestApp;
const all = files();

before(async () => {
  wh = await fixtureWarehouse(all.map((f) => f.file));
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

test('company details serve the filer categories the submissions file states, without its HTML line breaks', async () => {
  assert.ok(all.some((f) => f.category.includes('<br>')), 'the fixtures hold a category joined by <br>');
  for (const f of all) {
    const stated = f.category.split('<br>').map((s) => s.trim()).filter((s) => s !== '');
    const res = await fetch(`${app.base}/api/company/details?cik=${String(f.cik)}`, bearer(app.tokens.Free));
    assert.equal(res.status, 200, path.basename(f.file));
    const body = (await res.json()) as { category: string | null };
    assert.equal(body.category, stated.length === 0 ? null : stated.join(', '), path.basename(f.file));
  }
});
