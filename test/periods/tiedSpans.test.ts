// Regression: a filing that reports one concept for two spans ending on the same date, with the same label in the
// company's calendar (a 52-week year next to a calendar year, one day apart at the start), and different values. One
// of them must stand for that label everywhere: the annual value, the quarters reconstructed from it and the trailing
// sums built on those. Before, the annual series took the lower value while the Q4 reconstruction (FY - 9M) took the
// higher one, so the four quarters no longer added up to the year. The rule: of two spans supplied by the same
// filing and ending on the same date, the one starting later (the shorter span) stands. Synthetic filers from the
// oracle generator, ingested through the real pipeline as companyfacts JSON.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported } from '../../engine/financials/asReported.ts';
import { addDays, companyFactsJson, conceptsOf, filingsOf } from '../helpers/oracleFiler.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { EXAMPLES } from './oracleSchedules.ts';
import { defined } from '../helpers/defined.ts';

let engine: Engine;
let cleanup: () => void;
const inputs = tempDir('tied-in-');
before(async () => {
  ({ engine, cleanup } = await openTempEngine());
});
after(() => {
  cleanup();
  fs.rmSync(inputs, { recursive: true, force: true });
});

for (const [i, delta] of [1_000, -1_000].entries()) {
  test(`a 10-K's second annual span starting a day later (${delta > 0 ? 'higher' : 'lower'} value) stands for the year, its Q4 and its TTM`, async () => {
    const s = { ...defined(EXAMPLES[0], 'EXAMPLES[0]').schedule, cik: 970001 + i };
    const revenue = conceptsOf(s).revenue;
    const filings = filingsOf(s);
    // the last 10-K: no later filing reports its year again
    const k = filings.map((f) => f.form).lastIndexOf('10-K');
    const tenK = defined(filings[k], 'filings[k]');
    const own = tenK.facts.reduce((a, x) => (x.end > a ? x.end : a), '');
    const fy = defined(tenK.facts.find((x) => x.concept === revenue && x.end === own && x.start !== null), 'the FY revenue span');
    const tied = { ...fy, start: addDays(defined(fy.start, 'fy.start'), 1), val: fy.val + delta };
    const changed = filings.map((f, j) => (j === k ? { ...f, facts: [...f.facts, tied] } : f));
    const file = path.join(inputs, `CIK${String(s.cik).padStart(10, '0')}.json`);
    fs.writeFileSync(file, companyFactsJson(s, changed));
    await ingestPaths(engine, [file]);

    const annual = await asReported(engine, { cik: s.cik, period: 'annual' });
    const year = defined(annual.find((p) => p.period === own), `the annual period ending ${own}`);
    assert.equal(year.facts[revenue], tied.val, 'the later-starting span is the year');
    const quarters = (await asReported(engine, { cik: s.cik, period: 'quarter' }))
      .filter((p) => p.fiscalYear === year.fiscalYear);
    assert.deepEqual(quarters.map((p) => p.fiscalPeriod).sort(), ['Q1', 'Q2', 'Q3', 'Q4']);
    const sum = quarters.reduce((a, p) => a + Number(p.facts[revenue]), 0);
    assert.equal(sum, tied.val, 'the four quarters add up to the year');
    const ttm = defined((await asReported(engine, { cik: s.cik, period: 'ttm' })).find((p) => p.period === own), `the TTM ending ${own}`);
    assert.equal(ttm.facts[revenue], tied.val, 'the trailing year ending on the year end is the year');
    // the filing that supplied it is a source of the year, listing the fact
    assert.ok(tenK.accn in year.sources, 'the 10-K is a source of the year');
  });
}
