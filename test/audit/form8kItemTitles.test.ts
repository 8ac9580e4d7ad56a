// Audit: a Form 8-K's `events` on the filing timeline are the item names its header states. Before the 2004-08-23
// renumbering an 8-K header writes the old item's title ("Financial statements and exhibits", Apple 1996) and no code;
// such a title is served as written, in `items`, `events` and `title`, never turned into "Item Financial statements
// ...". Every 8-K of the fixtures' folder is checked against its own SGML header, read here.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bearer } from '../http/testApp.ts';
import { fixtureApp } from '../helpers/fixtureApp.ts';

const DIR = fixture('edgar', 'filings', '8-K');

interface Header { accession: string; filed: string; ciks: number[]; titles: string[] }

/** The classic `.txt` header of each 8-K submission: accession, filing date, filer CIKs and ITEM INFORMATION lines. */
function headers(): Header[] {
  if (!fs.existsSync(DIR)) return [];
  return fs.readdirSync(DIR).filter((f) => /\.txt(\.gz)?$/.test(f)).flatMap((f) => {
    const bytes = fs.readFileSync(path.join(DIR, f));
    const text = (f.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('latin1');
    const head = text.slice(0, text.indexOf('</SEC-HEADER>'));
    const accession = /ACCESSION NUMBER:\s*(\S+)/.exec(head)?.[1];
    const filed = /FILED AS OF DATE:\s*(\d{8})/.exec(head)?.[1];
    if (!accession || !filed || !/CONFORMED SUBMISSION TYPE:\s*8-K\s*$/m.test(head)) return [];
    const titles = [...head.matchAll(/^ITEM INFORMATION:[ \t]*(.*)$/gm)].map((m) => (m[1] ?? '').trim()).filter((t) => t !== '');
    const ciks = [...head.matchAll(/CENTRAL INDEX KEY:\s*(\d+)/g)].map((m) => Number(m[1]));
    return [{ accession, filed: `${filed.slice(0, 4)}-${filed.slice(4, 6)}-${filed.slice(6)}`, ciks, titles }];
  });
}

const fx = fixtureApp([DIR]);

interface Recent { accessionNumber: string; title?: string; items?: string[]; events?: string[] }

async function recentOf(cik: number): Promise<Recent[]> {
  const res = await fetch(`${fx.app.base}/api/filings/timeline?cik=${String(cik)}`, bearer(fx.app.tokens.Pro));
  assert.equal(res.status, 200, `timeline of cik ${String(cik)}`);
  return ((await res.json()) as { recent: Recent[] }).recent;
}

test('an 8-K filed before the 2004 renumbering serves its header item titles as written', async () => {
  const old = headers().filter((h) => h.filed < '2004-08-23' && h.titles.length > 0);
  assert.ok(old.length > 0, 'the fixtures hold a pre-2004 8-K whose header states an item');
  for (const h of old) {
    const row = (await recentOf(h.ciks[0] ?? 0)).find((r) => r.accessionNumber === h.accession);
    assert.ok(row, `${h.accession} on the timeline`);
    assert.deepEqual(row.items, h.titles, `${h.accession}: items`);
    assert.deepEqual(row.events, h.titles, `${h.accession}: events are the titles as the header writes them`);
    assert.equal(row.title, h.titles[0], `${h.accession}: title`);
  }
});

test('every 8-K of the folder has one event per header item, none named by a made-up "Item ..." label', async () => {
  const all = headers();
  assert.ok(all.length >= 10, 'the 8-K folder is read');
  for (const h of all) {
    for (const cik of h.ciks) {
      const row = (await recentOf(cik)).find((r) => r.accessionNumber === h.accession);
      assert.ok(row, `${h.accession} on the timeline of cik ${String(cik)}`);
      assert.equal(row.events?.length ?? 0, h.titles.length, `${h.accession}: one event per ITEM INFORMATION line`);
      for (const e of row.events ?? []) assert.doesNotMatch(e, /^Item [^0-9]/, `${h.accession}: event ${e}`);
    }
  }
});
