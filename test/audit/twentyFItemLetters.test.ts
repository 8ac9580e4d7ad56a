// Audit: a 20-F's Items 16A-16H are items of their own, however the letter is written. Loncor Resources' 2015 20-F
// (0001062993-16-008650) heads them "Item 16.A. | Audit Committee Financial Expert" ... "Item 16.H. | H. Mine Safety":
// /api/filings/item served one item "16" titled "A. Audit Committee Financial Expert" holding all eight, and no 16A
// to 16H. The document is wrapped in an SEC submission (SGML header, as EDGAR serves it) and ingested; the headings
// and their titles are read here from the document's HTML.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bareDocumentApp } from '../helpers/fixtureApp.ts';
import { bearer } from '../http/testApp.ts';

const FILE = fixture('edgar', 'filings', '20-F', '0001062993-16-008650.html.gz');
const ACCESSION = '0001062993-16-008650';

/** The body's "Item 16.X." headings: letter and title (the title cell, a repeated letter or item number left out). */
function lettered(html: string): { code: string; title: string }[] {
  const text = html.replace(/<\/t[dh]>/gi, ' | ').replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;/gi, ' ').replace(/&amp;/g, '&')
    .replace(/&#8217;|&#146;|’/g, "'").replace(/[ \t]+/g, ' ');
  const found = new Map<string, string>();
  for (const m of text.matchAll(/Item 16\.([A-H])\.\s*\|\s*(?:Item 16\.[A-H]\.\s*|[A-H]\.\s+)?([A-Z][^|]*?)\.?\s*\|/g)) {
    // the contents list comes first; the body's heading (in mixed case) is the last one
    found.set(`16${m[1] ?? ''}`, (m[2] ?? '').replace(/\s+/g, ' ').trim());
  }
  return [...found].map(([code, title]) => ({ code, title }));
}

const fx = bareDocumentApp({ file: FILE, accession: ACCESSION, form: '20-F', period: '2015-12-31', filed: '2016-04-29', filer: { name: 'LONCOR RESOURCES INC.', cik: 1472619 } });

test('each "Item 16.X." heading of the 20-F is its own item, titled as the document titles it', async () => {
  const expected = lettered(fx.raw());
  assert.equal(expected.length, 8, 'the document heads Items 16.A to 16.H');
  for (const { code, title } of expected) {
    const res = await fetch(`${fx.app.base}/api/filings/item?${new URLSearchParams({ accessionNumber: ACCESSION, item: code }).toString()}`, bearer(fx.app.tokens.Pro));
    const body = (await res.json()) as { item?: string; title?: string; error?: string };
    assert.equal(res.status, 200, `${code}: ${String(body.error)}`);
    assert.equal(body.item, code);
    assert.equal(body.title?.toLowerCase(), title.toLowerCase(), code);
  }
});
