// One suite both footnote groups run: every endpoint of a registry group answers every company in the XBRL fixtures
// (instances, inline XBRL, the FS-and-Notes data set) with 200 and a body its published response schema accepts.
import { after, before, describe, test } from './fixtureTest.ts';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { fixture } from './tempWarehouse.ts';
import { footnoteApp, type FootnoteApp } from '../footnotes/footnoteApp.ts';
import type { Endpoint } from '../../http/registry.ts';

const XBRL_DIRS = [fixture('edgar', 'xbrl', 'instances'), fixture('edgar', 'xbrl', 'ixbrl')];

/**
 * Registers the suite: each call alternates annual and quarterly series, USD and original currency, subtotals on and
 * off, passing each only to the endpoints that take that parameter.
 */
export function everyFixtureCompany(title: string, endpoints: readonly Endpoint[]): void {
  let fa: FootnoteApp;
  let ciks: number[];
  before(async () => {
    const files = [...XBRL_DIRS.flatMap((d) => fs.readdirSync(d).map((f) => path.join(d, f))), fixture('sec-datasets', 'fsn', '2019q1')];
    fa = await footnoteApp(files);
    const rows = await fa.wh.engine.query<{ cik: number }>('SELECT DISTINCT cik FROM src_facts ORDER BY cik');
    ciks = rows.map((r) => r.cik);
  });
  after(async () => fa.close());

  describe(title, () => {
    test('answers 200 with a schema-valid body (annual and quarterly series, USD and original, subtotals on and off, alternating)', async () => {
      assert.ok(ciks.length > 0);
      let i = 0;
      for (const cik of ciks) {
        for (const e of endpoints) {
          const period = i % 2 === 0 ? 'annual' : 'quarter';
          const currency = i % 3 === 0 ? 'original' : 'USD';
          i++;
          const query = new URLSearchParams({ cik: String(cik) });
          if ('period' in e.params) query.set('period', period);
          if ('currency' in e.params) query.set('currency', currency);
          if ('includeSubtotals' in e.params) query.set('includeSubtotals', String(i % 2 === 0));
          const { status, body } = await fa.get(`${e.path}?${query.toString()}`);
          const where = `${e.path} cik ${String(cik)}`;
          assert.equal(status, 200, `${where}: ${JSON.stringify(body).slice(0, 300)}`);
          const parsed = v.safeParse(e.shape === 'object' ? e.response : v.array(e.response), body);
          const issue = parsed.issues?.[0];
          assert.ok(parsed.success, `${where}: ${JSON.stringify(issue?.path?.map((p) => p.key))} ${issue?.message ?? ''}`);
        }
      }
    });
  });
}
