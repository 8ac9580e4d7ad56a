// Audit of quarter selection on companies whose warehouse holds interim filings only (one quarter of the SEC Financial
// Statement Data Sets: a Q1 10-Q next to a Q2 10-Q/A of the year before, no 10-K): every three-month net income the
// data set files for a company (num.txt, read here) is a quarter of its income statement with that end date and one of
// the filed values. The fiscal calendar of such a company came from its H1/9M spans only and had no year after the
// last of them, so a later Q1 was dropped.
import { after, before, test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fixture, openTempEngine } from '../helpers/tempWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { fsDataSetRows } from '../helpers/fsDataSet.ts';

/** The full 2010q2 data set: its Q1 10-Qs of companies whose only other filing in it is an earlier quarter's 10-Q/A. */
const ZIP = fixture('sec-datasets', 'fs', 'zips', '2010q2.zip');
const member = (name: string) => execFileSync('unzip', ['-p', ZIP, name], { maxBuffer: 256 * 1024 * 1024 }).toString('utf8');

/** cik -> period end (YYYY-MM-DD) -> the three-month NetIncomeLoss values filed for it (undimensioned, no co-registrant). */
function filedQuarters(): Map<number, Map<string, number[]>> {
  const ciks = new Map(fsDataSetRows(member('sub.txt')).map((s) => [s.adsh ?? '', Number(s.cik)]));
  const nums = fsDataSetRows(member('num.txt'));
  // only companies that file a half-year or nine-month span: the calendar of a company with three-month spans alone
  // comes from its stated year end instead (test/audit/loneQuarterCalendar.test.ts)
  const withInterimSpans = new Set<number>();
  for (const n of nums) {
    const cik = ciks.get(n.adsh ?? '');
    if (cik !== undefined && (n.qtrs === '2' || n.qtrs === '3')) withInterimSpans.add(cik);
  }
  const out = new Map<number, Map<string, number[]>>();
  for (const n of nums) {
    if (n.tag !== 'NetIncomeLoss' || n.qtrs !== '1' || n.uom !== 'USD') continue;
    if ((n.segments ?? '') !== '' || (n.coreg ?? '') !== '' || (n.value ?? '') === '') continue;
    const cik = ciks.get(n.adsh ?? '');
    if (cik === undefined || !withInterimSpans.has(cik)) continue;
    const d = n.ddate ?? '';
    const end = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`;
    const byEnd = out.get(cik) ?? new Map<string, number[]>();
    byEnd.set(end, [...(byEnd.get(end) ?? []), Number(n.value)]);
    out.set(cik, byEnd);
  }
  return out;
}

let wh: Awaited<ReturnType<typeof openTempEngine>>;

before(async () => {
  wh = await openTempEngine();
  await ingestPaths(wh.engine, [ZIP]);
});
after(() => {
  wh.cleanup();
});

test('every three-month net income a company files is a quarter of its income statement, with a filed value', async () => {
  const filed = filedQuarters();
  assert.ok(filed.size > 0, 'the data set files quarterly net income');
  const missing: string[] = [];
  for (const [cik, byEnd] of filed) {
    const rows = await wh.engine.query<{ period_end: string; value: number }>(
      `SELECT strftime(period_end, '%Y-%m-%d') AS period_end, value FROM standard_values(cik_bucket($cik), $cik, NULL)
       WHERE series = 'quarter' AND line = 'netIncome'`, { cik });
    for (const [end, values] of byEnd) {
      const row = rows.find((r) => r.period_end === end);
      if (!row) missing.push(`${String(cik)} ${end}`);
      else assert.ok(values.includes(row.value), `${String(cik)} ${end}: ${String(row.value)} is one of the filed ${values.join(', ')}`);
    }
  }
  assert.deepEqual(missing, [], 'quarters the data set files but the income statement lacks');
});
