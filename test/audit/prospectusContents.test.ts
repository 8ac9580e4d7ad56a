// Audit: a prospectus section ends where the next section its own table of contents lists begins, named or not. The
// Vincerx S-3 (0001193125-25-012209) lists "Use of Proceeds | 5", "Description of Debt Securities | 6", "Description
// of Capital Stock | 13", "Description of Depositary Shares | 17" ...: /api/filings/item served Use of Proceeds with
// the whole description of the debt securities in it, and took the "Dividends" subheading inside the description of
// the capital stock for a dividend-policy section, cutting that description short. Each prospectus of the fixtures
// with one table of contents (S-1, S-1/A, S-3, F-3, F-3/A) is checked: its contents titles are read here from the
// submission's HTML table rows (a title cell, a page-number cell), and no item served holds a line that is another
// listed title; a section's own subheadings stay in it.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture } from '../helpers/tempWarehouse.ts';
import { submissionText } from '../helpers/submissionParts.ts';
import { bearer, fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

const FOLDERS = ['S-1', 'S-3', 'F-3'].map((f) => fixture('edgar', 'filings', f));
const FILES = FOLDERS.flatMap((d) => (fs.existsSync(d) ? fs.readdirSync(d).map((f) => path.join(d, f)) : []));
const S3 = fixture('edgar', 'filings', 'S-3', '0001193125-25-012209.txt.gz');

const decode = (s: string) => s.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ').replace(/&amp;/g, '&')
  .replace(/&#8217;|&#146;|&rsquo;|’/g, "'").replace(/&#822[01];|&#14[78];|&[lr]dquo;|[“”]/g, '"').replace(/\s+/g, ' ').trim();
const key = (s: string) => decode(s).toLowerCase().replace(/[.\s]+$/, '');

/** The submission's accession and primary document's table-of-contents titles (rows: a title, then a page number). */
function contents(file: string): { accession: string; titles: string[] } {
  const raw = submissionText(file);
  const accession = /ACCESSION NUMBER:\s*(\S+)/.exec(raw)?.[1] ?? '';
  const primary = raw.slice(raw.indexOf('<DOCUMENT>'), raw.indexOf('</DOCUMENT>'));
  const rows = primary.split(/(?=<tr[\s>])/i).slice(1).map((tr) => tr.split(/(?=<t[dh][\s>])/i).slice(1).map(decode).filter((c) => c !== ''));
  const runs: string[][] = [];
  let run: string[] = [];
  for (const cells of rows) {
    const page = cells.length >= 2 && /^(\d{1,3}|[ivx]{1,5})$/i.test(cells.at(-1) ?? '') && /[a-z]{3}/i.test(cells[0] ?? '');
    if (page) run.push(key(cells[0] ?? ''));
    else if (run.length > 0 && cells.length > 0) { runs.push(run); run = []; }
  }
  if (run.length > 0) runs.push(run);
  // the contents list: the longest run of such rows
  return { accession, titles: runs.sort((a, b) => b.length - a.length)[0] ?? [] };
}

interface Item { item: string; title: string; text: string; availableItems: { item: string; title: string }[]; error?: string }

let wh: TestWarehouse;
let app: TestApp;

before(async () => {
  wh = await fixtureWarehouse(FILES);
  app = await startTestApp(wh.engine);
});
after(async () => {
  await app.close();
  wh.cleanup();
});

const item = async (accessionNumber: string, code: string): Promise<Item> => {
  const res = await fetch(`${app.base}/api/filings/item?${new URLSearchParams({ accessionNumber, item: code }).toString()}`, bearer(app.tokens.Pro));
  const body = (await res.json()) as Item;
  assert.equal(res.status, 200, `${accessionNumber} ${code}: ${String(body.error)}`);
  return body;
};

test('no prospectus item runs into another section its table of contents lists', async () => {
  const checked = FILES.map(contents).filter((c) => c.titles.length >= 5);
  assert.ok(checked.length >= 4, 'the fixtures hold prospectuses with a table of contents');
  for (const c of checked) {
    const first = await item(c.accession, 'risk-factors').catch(() => null);
    const codes = (first?.availableItems ?? (await item(c.accession, 'use-of-proceeds')).availableItems).map((a) => a.item);
    for (const code of codes) {
      const served = await item(c.accession, code);
      const own = key(served.title);
      const lines = served.text.split('\n').slice(1).map(key);
      for (const title of c.titles) {
        if (title === own) continue;
        assert.ok(!lines.includes(title), `${c.accession} ${code}: holds the listed section "${title}"`);
      }
    }
  }
});

test('the Vincerx S-3: the description of capital stock keeps its Dividends subsection; no dividend-policy item', async () => {
  const c = contents(S3);
  assert.ok(c.titles.includes('description of capital stock') && !c.titles.some((t) => t.includes('dividend')), 'the contents list no dividend section');
  const capital = await item(c.accession, 'description-of-securities');
  assert.equal(key(capital.title), 'description of capital stock');
  assert.ok(capital.text.split('\n').map(key).includes('dividends'), 'the Dividends subheading is inside the description of capital stock');
  assert.ok(!capital.availableItems.some((a) => a.item === 'dividend-policy'));
});
