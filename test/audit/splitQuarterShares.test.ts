// Audit of the derived fourth quarter's weighted-average share counts across a stock split (Apple: 7-for-1 in 2014,
// 4-for-1 in 2020). Q4 = FY - 9M needs both counts on one basis, but a fiscal year's count is last stated by a later
// 10-K after the split (restated), while its nine-month count was last stated before it (the year's Q3 10-Q and the
// next year's, as a comparative). The stale nine-month count is carried to the year's basis by the split factor the
// FY count was itself restated by; the quarter is then on the basis of the FY the annual series serves. Every expected
// value is computed here from the companyfacts document: the counts as last filed, their spans, and the split ratios
// the document tags (StockholdersEquityNoteStockSplitConversionRatio1).
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { asReported } from '../../engine/financials/asReported.ts';
import { readCompanyFacts, unitFacts, type CompanyFact } from '../helpers/companyFacts.ts';
import { defined } from '../helpers/defined.ts';

const FILE = fixture('edgar', 'companyfacts', 'CIK0000320193.json.gz');
const CIK = 320193;
const doc = readCompanyFacts(FILE);

const DAY = 86_400_000;
const spanDays = (f: CompanyFact) => Math.round((Date.parse(f.end) - Date.parse(defined(f.start, 'a duration'))) / DAY) + 1;

/** The splits the document tags: effective date and factor. */
const splits = unitFacts(doc, 'us-gaap', 'StockholdersEquityNoteStockSplitConversionRatio1', 'pure')
  .map((f) => ({ date: f.end, factor: f.val }))
  .filter((s, i, all) => all.findIndex((t) => t.date === s.date) === i);

/** The product of the factors of the splits effective after `after` and on or before `until` (ISO dates). */
const factorBetween = (after: string, until: string) =>
  splits.filter((s) => s.date > after && s.date <= until).reduce((k, s) => k * s.factor, 1);

/** Each span's value as last filed (the newest filing that states it), with that filing's date and the first filing's value. */
function lastFiled(concept: string): Map<string, { fact: CompanyFact; first: CompanyFact }> {
  const out = new Map<string, { fact: CompanyFact; first: CompanyFact }>();
  const facts = unitFacts(doc, 'us-gaap', concept, 'shares').filter((f) => f.start !== undefined)
    .sort((a, b) => a.filed.localeCompare(b.filed));
  for (const f of facts) {
    const key = `${defined(f.start, 'start')}..${f.end}`;
    out.set(key, { fact: f, first: out.get(key)?.first ?? f });
  }
  return out;
}

let wh: Awaited<ReturnType<typeof openTempEngine>>;
before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [FILE]);
});
after(() => {
  wh.cleanup();
});

const COUNTS = [
  { concept: 'WeightedAverageNumberOfSharesOutstandingBasic', served: 'sharesOutstanding' },
  { concept: 'WeightedAverageNumberOfDilutedSharesOutstanding', served: 'sharesOutstandingDiluted' },
] as const;
// the fiscal years (by year end) whose FY count was last stated after a split and whose nine-month count before it
const YEARS = ['2012-09-29', '2018-09-29', '2019-09-28'];

interface Case { fyEnd: string; expected: number; fyFiled: string; firstFiled: string }

/** From the document: the year's FY and 9M spans as last filed, the split between, and the day-weighted Q4. */
function q4Case(concept: string, fyEnd: string): Case {
  const spans = [...lastFiled(concept).values()];
  const fy = defined(spans.find((s) => s.fact.end === fyEnd && spanDays(s.fact) >= 357 && spanDays(s.fact) <= 371), `FY ${fyEnd}`);
  const start = defined(fy.fact.start, 'FY start');
  const nine = defined(spans.find((s) => s.fact.start === start && spanDays(s.fact) >= 266 && spanDays(s.fact) <= 280), `9M of ${fyEnd}`);
  const k = factorBetween(nine.fact.filed, fy.fact.filed);
  assert.ok(k !== 1, `${concept} ${fyEnd}: a split between the 9M count's last filing (${nine.fact.filed}) and the FY's (${fy.fact.filed})`);
  const q4Days = spanDays(fy.fact) - spanDays(nine.fact);
  const expected = Math.round((fy.fact.val * spanDays(fy.fact) - k * nine.fact.val * spanDays(nine.fact)) / q4Days);
  return { fyEnd, expected, fyFiled: fy.fact.filed, firstFiled: fy.first.filed };
}

test('the documents tag the splits this audit needs', () => {
  assert.deepEqual(splits.map((s) => s.factor).sort(), [4, 7]);
});

for (const { concept, served } of COUNTS) {
  test(`${concept}: Q4 of a year restated by a split is FY - 9M on the FY's basis (the 9M count times the split)`, async () => {
    const quarters = await asReported(wh.engine, { cik: CIK, period: 'quarter' });
    const wrong: string[] = [];
    for (const end of YEARS) {
      const c = q4Case(concept, end);
      const q4 = defined(quarters.find((p) => p.period === end && p.fiscalPeriod === 'Q4'), `Q4 ${end}`);
      const got = q4.facts[`us-gaap:${concept}`];
      if (got !== c.expected) wrong.push(`${end}: ${String(got)}, documents ${String(c.expected)}`);
      assert.ok(q4.sources['Q4-Recon-FY-9M'], `${end}: attributed to Q4-Recon-FY-9M`);
    }
    assert.deepEqual(wrong, []);
  });

  test(`${concept}: eps-history puts those quarters on today's basis once (split-adjusted) or on the first filing's (as filed)`, async () => {
    const adjusted = await wh.engine.query<Record<string, number | string | null>>(
      `SELECT * FROM eps_history($c, 'quarter', NULL, true, 'original', NULL)`, { c: CIK });
    const asFiled = await wh.engine.query<Record<string, number | string | null>>(
      `SELECT * FROM eps_history($c, 'quarter', NULL, false, 'original', NULL)`, { c: CIK });
    const today = '9999-12-31';
    for (const end of YEARS) {
      const c = q4Case(concept, end);
      const a = defined(adjusted.find((r) => r.period === end), `adjusted ${end}`)[served];
      assert.equal(a, Math.round(c.expected * factorBetween(c.fyFiled, today)), `${end} split-adjusted`);
      // as filed: on the basis of the first filing that stated the year (the splits after it undone)
      const original = c.expected * factorBetween(c.fyFiled, today) / factorBetween(c.firstFiled, today);
      const o = Number(defined(asFiled.find((r) => r.period === end), `as filed ${end}`)[served]);
      assert.ok(factorBetween(c.firstFiled, c.fyFiled) !== 1, `${end}: first stated before the split`);
      assert.ok(Math.abs(o - original) <= 1, `${end} as filed: ${String(o)}, documents ${String(original)}`);
    }
  });
}
