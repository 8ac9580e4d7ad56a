// Every Footnotes II endpoint answers every company in the XBRL fixtures (instances, inline XBRL, the FS-and-Notes data
// set) with 200 and a body its published response schema accepts: no 500, whatever a filer tagged or left out.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { fixture } from '../helpers/tempWarehouse.ts';
import { footnotes2Endpoints } from '../../http/endpoints/footnotes2.ts';
import { footnoteApp, type FootnoteApp } from '../footnotes/footnoteApp.ts';

const XBRL_DIRS = [fixture('edgar', 'xbrl', 'instances'), fixture('edgar', 'xbrl', 'ixbrl')];
const FILES = [...XBRL_DIRS.flatMap((d) => fs.readdirSync(d).map((f) => path.join(d, f))), fixture('sec-datasets', 'fsn', '2019q1')];

let fa: FootnoteApp;
let ciks: number[];
before(async () => {
  fa = await footnoteApp(FILES);
  const rows = await fa.wh.engine.query<{ cik: number }>('SELECT DISTINCT cik FROM src_facts ORDER BY cik');
  ciks = rows.map((r) => r.cik);
});
after(async () => fa.close());

describe('every fixture company on every Footnotes II endpoint', () => {
  test('answers 200 with a schema-valid body (annual and quarterly series, USD and original, subtotals on and off, alternating)', async () => {
    assert.ok(ciks.length > 0);
    let i = 0;
    for (const cik of ciks) {
      for (const e of footnotes2Endpoints) {
        const period = i % 2 === 0 ? 'annual' : 'quarter';
        const currency = i % 3 === 0 ? 'original' : 'USD';
        i++;
        let query = e.params.period ? `&period=${period}` : '';
        if ('currency' in e.params) query += `&currency=${currency}`;
        if ('includeSubtotals' in e.params) query += `&includeSubtotals=${i % 2 === 0}`;
        const { status, body } = await fa.get(`${e.path}?cik=${cik}${query}`);
        assert.equal(status, 200, `${e.path} cik ${cik}: ${JSON.stringify(body).slice(0, 300)}`);
        const parsed = v.safeParse(e.shape === 'object' ? e.response : v.array(e.response), body);
        assert.ok(parsed.success, `${e.path} cik ${cik}: ${JSON.stringify(parsed.issues?.[0]?.path?.map((p) => p.key))} ${parsed.issues?.[0]?.message}`);
      }
    }
  });
});
