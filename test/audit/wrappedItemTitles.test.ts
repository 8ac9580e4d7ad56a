// Audit: an item heading of a plain-text filing that wraps onto a second line keeps its whole title. Apple's 1996 8-K
// writes "Item 7.<tab>Financial Statements, Pro Forma Financial Information and" / "Exhibits."; its 2000 10-Q
// "ITEM 2. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS" / "OF OPERATIONS". The titles
// /api/filings/item lists (availableItems) are held against the headings read here from every plain-text 10-Q and
// 8-K of the fixtures: a heading line, plus the one line right below it when that line closes a two-line heading
// paragraph (a blank line after it), without the trailing period.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer } from '../http/testApp.ts';
import { fixtureApp } from '../helpers/fixtureApp.ts';

const DIRS = [fixture('edgar', 'filings', '10-K-10-Q'), fixture('edgar', 'filings', '8-K')];

interface Doc { accession: string; headings: Map<string, { title: string; wraps: boolean }> }

/** Plain-text (no HTML) 10-Q / 8-K submissions and their "Item N." headings: item code -> title as written. */
function plainTextDocs(): Doc[] {
  return DIRS.filter((d) => fs.existsSync(d)).flatMap((dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.txt')).flatMap((f) => {
    const text = fs.readFileSync(path.join(dir, f), 'latin1');
    const accession = /ACCESSION NUMBER:\s*(\S+)/.exec(text)?.[1];
    const form = /CONFORMED SUBMISSION TYPE:\s*(\S+)/.exec(text)?.[1];
    const start = text.indexOf('<TEXT>');
    const body = text.slice(start, text.indexOf('</TEXT>', start));
    if (!accession || (form !== '10-Q' && form !== '8-K') || start < 0 || /<(html|body|p|div|table)[\s>]/i.test(body)) return [];
    const lines = body.split(/\r?\n/);
    const headings = new Map<string, { title: string; wraps: boolean }>();
    lines.forEach((line, i) => {
      const m = /^\s*item\s+(\d{1,2}(?:\.\d{2})?)\.?\s+(\S.*?)\s*$/i.exec(line);
      if (!m?.[1] || !m[2] || /^[a-z]/.test(m[2])) return;
      const next = (lines[i + 1] ?? '').trim();
      const after = (lines[i + 2] ?? '').trim();
      const wraps = next !== '' && after === '' && next.length <= 60 && /[A-Za-z]/.test(next) && !/^item\s/i.test(next) && !/[.:]$/.test(m[2]);
      const title = (wraps ? `${m[2]} ${next}` : m[2]).replace(/\s+/g, ' ').replace(/[.:\s]+$/, '');
      if (!headings.has(m[1])) headings.set(m[1], { title, wraps });
    });
    return headings.size > 0 ? [{ accession, headings }] : [];
  }));
}

const fx = fixtureApp(DIRS);

test('a plain-text item heading wrapped onto a second line keeps its whole title', async () => {
  const docs = plainTextDocs();
  let wrapped = 0;
  for (const doc of docs) {
    const first = [...doc.headings.keys()][0] ?? '';
    const res = await fetch(`${fx.app.base}/api/filings/item?accessionNumber=${doc.accession}&item=${first}`, bearer(fx.app.tokens.Free));
    assert.equal(res.status, 200, `${doc.accession} item ${first}`);
    const { availableItems } = (await res.json()) as { availableItems: { item: string; title: string }[] };
    for (const [code, { title, wraps }] of doc.headings) {
      // a 10-Q's item codes carry their Part (I-2, II-1): the one with the same number and this title
      const served = availableItems.filter((a) => a.item === code || a.item.endsWith(`-${code}`)).map((a) => a.title);
      assert.ok(served.length > 0, `${doc.accession}: item ${code} listed`);
      assert.ok(served.includes(title), `${doc.accession} item ${code}: "${title}" among ${JSON.stringify(served)}`);
      if (wraps) wrapped += 1;
    }
  }
  assert.ok(docs.length >= 3, 'plain-text filings are read');
  assert.ok(wrapped > 0, 'some heading wraps');
});
