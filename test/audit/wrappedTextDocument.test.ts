// Audit: a plain-text filing wrapped into HTML is read as the text it is. AEGON's 2000 20-F (0000928385-01-500187)
// is EDGAR text (its tables in <TABLE>/<S>/<C> tags) inside one <html><body><div>: read as HTML its lines ran together
// and /api/filings/item found one item, "7", titled with a whole paragraph. The document is wrapped in an SEC
// submission (SGML header) and ingested; its "Item N." lines and their titles are read here from the file.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bareDocumentApp } from '../helpers/fixtureApp.ts';
import { bearer } from '../http/testApp.ts';

const FILE = fixture('edgar', 'filings', '20-F', '0000928385-01-500187.html.gz');
const ACCESSION = '0000928385-01-500187';

const fx = bareDocumentApp({ file: FILE, accession: ACCESSION, form: '20-F', period: '2000-12-31', filed: '2001-04-02', filer: { name: 'AEGON NV', cik: 769218 } });

test('each "Item N." line of the text 20-F is an item, titled by the rest of its line', async () => {
  assert.ok(/<C>/.test(fx.raw()) && !/<p\b|<br\b|<td\b/i.test(fx.raw()), 'EDGAR text inside an HTML wrapper');
  const lines = [...fx.raw().matchAll(/^Item (\d{1,2})\.\s+(\S[^\n]*?)\s*$/gm)].map((m) => ({ code: m[1] ?? '', title: (m[2] ?? '').replace(/\s+/g, ' ') }));
  assert.ok(lines.length >= 15);
  // one call names every item of the filing with its title (the long Item 19 itself is not fetched)
  const res = await fetch(`${fx.app.base}/api/filings/item?${new URLSearchParams({ accessionNumber: ACCESSION, item: '1' }).toString()}`, bearer(fx.app.tokens.Pro));
  const body = (await res.json()) as { availableItems?: { item: string; title: string }[]; error?: string };
  assert.equal(res.status, 200, String(body.error));
  const served = new Map((body.availableItems ?? []).map((a) => [a.item, a.title]));
  for (const { code, title } of lines) assert.ok(served.get(code)?.startsWith(title), `Item ${code}: "${String(served.get(code))}" is "${title}"`);
});
