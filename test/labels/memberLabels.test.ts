// Member display names come from the filer's label linkbase when it was ingested: Apple's 10-Q for the quarter ended
// 2025-03-29 (inline XBRL instance) with its DTS's label linkbase; every extension product member the revenue
// segmentation footnote lists is named by the terse label read in this test from the linkbase, and without the
// linkbase the name falls back to the readable QName form.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { jsonRows } from '../../engine/query/index.ts';
import type { Engine } from '../../engine/db/Engine.ts';

const APPLE = 320193;
const INSTANCE = fixture('edgar', 'xbrl', 'instances', 'aapl-20250329_htm.xml.gz');
const LABELS = fixture('edgar', 'xbrl', 'dts', 'aapl-20250329', 'aapl-20250329_lab.xml.gz');

/** element QName -> its terse label, read straight from the linkbase text (locator href fragment + label resource). */
function terseLabels(): Map<string, string> {
  const xml = zlib.gunzipSync(fs.readFileSync(LABELS)).toString('utf8');
  const out = new Map<string, string>();
  const resource = /<link:label [^>]*xlink:label="lab_([A-Za-z0-9-]+)_(\w+)"[^>]*xlink:role="http:\/\/www\.xbrl\.org\/2003\/role\/terseLabel"[^>]*>([^<]*)<\/link:label>/g;
  for (const m of xml.matchAll(resource)) out.set(`${String(m[1])}:${String(m[2])}`, String(m[3]).trim());
  return out;
}

interface Member { member: string; name: string; value: number }

let engine: Engine;
let cleanup: () => void;
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
  await ingestPaths(engine, [INSTANCE]);
});
after(() => {
  cleanup();
});

async function productMembers(): Promise<Member[]> {
  const rows = await jsonRows(engine, { macro: 'footnote_revenue_segmentation', args: [APPLE, 'quarter', null, null], omitWhenNull: [] });
  return rows.flatMap((j) => (JSON.parse(j) as { product: Member[] | null }).product ?? []);
}

test('without the label linkbase, an extension member is named by its readable QName', async () => {
  const iphone = (await productMembers()).find((m) => m.member === 'aapl:IPhoneMember');
  assert.ok(iphone, 'Apple tags iPhone revenue');
  assert.equal(iphone.name, 'I Phone');
});

test('with the label linkbase ingested, every extension product member carries the filer\'s terse label', async () => {
  await ingestPaths(engine, [LABELS]);
  const labels = terseLabels();
  const members = (await productMembers()).filter((m) => m.member.startsWith('aapl:'));
  assert.ok(members.length > 0);
  for (const m of members) {
    const label = labels.get(m.member);
    assert.ok(label !== undefined, `${m.member} has a terse label in the linkbase`);
    assert.equal(m.name, label, m.member);
  }
  assert.ok(members.some((m) => m.member === 'aapl:IPhoneMember' && m.name === labels.get('aapl:IPhoneMember')));
});
