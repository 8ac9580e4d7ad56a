// Audit of fund fees from a registration that is not yet effective. The fixtures' 485APOS (iShares Trust,
// 0001193125-24-100942) is a Rule 485(a) post-effective amendment: effective only 60-75 days after filing, its fee
// tables are proposals. It carries no XBRL at all (no ix: fact in any of its documents), so nothing of it reaches the
// fee endpoint. A 485APOS with risk/return inline XBRL must not either: the real Delaware 485BPOS risk/return document
// filed as a 485APOS (its dei:DocumentType the only change) answers no fee rows, while the 485BPOS itself answers its
// management fees as tagged.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fixture, openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';

const APOS = fixture('edgar', 'n1a', '0001193125-24-100942.nc.gz');
const BPOS = fixture('edgar', 'n1a', 'Delaware.485BPOS.html.gz');
const DELAWARE = 27574;
const ISHARES = 1100663;

const html = () => zlib.gunzipSync(fs.readFileSync(BPOS)).toString('utf8');
/** The document's tagged management fees (fractions of 1), read from its ix:nonFraction elements. */
function taggedManagementFees(text: string): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/<ix:nonFraction([^>]*)>([^<]*)</g)) {
    const attrs = m[1] ?? '';
    if (!/name="[^"]*:ManagementFeesOverAssets"/.test(attrs)) continue;
    const scale = Number(/scale="(-?\d+)"/.exec(attrs)?.[1] ?? '0');
    out.push(Number((m[2] ?? '').replace(/,/g, '')) * 10 ** scale);
  }
  return out;
}

let wh: Awaited<ReturnType<typeof openTempEngine>>;
before(async () => {
  wh = await openTempEngine();
});
after(() => {
  wh.cleanup();
});

test('the fixtures\' 485APOS carries no XBRL, so no fee rows come from it', async () => {
  const text = zlib.gunzipSync(fs.readFileSync(APOS)).toString('utf8');
  assert.match(text, /<TYPE>485APOS/);
  assert.doesNotMatch(text, /<ix:nonFraction/);
  await ingestPaths(wh.engine, [APOS]);
  assert.deepEqual(await wh.engine.query(`SELECT * FROM fund_fees($c, NULL, NULL, NULL, NULL)`, { c: ISHARES }), []);
});

test('a 485BPOS risk/return summary answers its fees; the same document as a 485APOS answers none', async () => {
  const text = html();
  const fees = taggedManagementFees(text);
  assert.ok(fees.length > 0, 'the document tags management fees');
  assert.match(text, /name="dei:DocumentType"[^>]*>485BPOS</);
  const apos = path.join(tempDir('apos-'), 'Delaware.485APOS.html');
  fs.writeFileSync(apos, text.replace(/(name="dei:DocumentType"[^>]*>)485BPOS</, '$1485APOS<'));

  const own = await openTempEngine();
  try {
    await ingestPaths(own.engine, [apos]);
    const forms = await own.engine.query<{ form: string }>(`SELECT DISTINCT form FROM src_facts WHERE cik = $c`, { c: DELAWARE });
    assert.deepEqual(forms.map((f) => f.form), ['485APOS']);
    assert.deepEqual(await own.engine.query(`SELECT * FROM fund_fees($c, NULL, NULL, NULL, NULL)`, { c: DELAWARE }), []);
  } finally {
    own.cleanup();
  }

  await ingestPaths(wh.engine, [BPOS]);
  const rows = await wh.engine.query<{ managementFee: number | null }>(`SELECT managementFee FROM fund_fees($c, NULL, NULL, NULL, NULL)`, { c: DELAWARE });
  assert.ok(rows.length > 0);
  const served = new Set(rows.map((r) => r.managementFee));
  for (const f of fees) assert.ok(served.has(Math.round(f * 100 * 1e10) / 1e10), `management fee ${String(f)} served in percent`);
});
