// FactColumns keeps as columns only the facts the JavaScript writer types exactly as DuckDB's casts would; every other
// row (a date DuckDB must parse or reject, -0, a value that is not a finite number, a malformed dimension) stays an
// object and its company goes through new_facts(). Rows read back from the columns are the rows pushed (dates
// unchanged, dimensions in final_facts()' sorted order), and a misspelt field fails the batch as appendRows does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareUtf8, FactColumns, isoDays } from '../../engine/warehouse/FactColumns.ts';
import { sortedDistinctRows } from '../../engine/warehouse/writeFactsParquet.ts';
import type { FactRow } from '../../engine/ingest/rows.ts';

function fact(over: Partial<FactRow> = {}): FactRow {
  return {
    cik: 320193, accession: '0000320193-24-000123', form: '10-K', filed: '2024-11-01', concept: 'us-gaap:Revenues',
    unit: 'USD', value: 391035000000, decimals: -6, periodStart: '2023-10-01', periodEnd: '2024-09-28', dims: [], fy: 2024,
    fp: 'FY', frame: null, source: 'companyfacts', ...over,
  };
}

test('regular facts become columns and read back unchanged; dimensions come back sorted as final_facts() sorts them', () => {
  const cols = new FactColumns();
  const dims = [{ axis: 'us-gaap:StatementGeographicalAxis', member: 'country:US', typed: false }, { axis: 'srt:ProductOrServiceAxis', member: 'aapl:IPhoneMember', typed: false }];
  const rows = [fact(), fact({ periodStart: null, filed: null, decimals: null, fy: null, fp: null, form: null, frame: 'CY2024Q3I' }), fact({ dims })];
  cols.push(rows);
  assert.equal(cols.length, 3);
  assert.equal(cols.irregular.length, 0);
  assert.deepEqual(cols.rowAt(0), rows[0]);
  assert.deepEqual(cols.rowAt(1), rows[1]);
  assert.deepEqual(cols.rowAt(2).dims, [...dims].reverse());
});

test('rows DuckDB must type stay objects, and their company is marked for the DuckDB path', () => {
  const cols = new FactColumns();
  const odd = [
    fact({ cik: 1, value: -0 }), fact({ cik: 2, periodEnd: '2024-02-30' }), fact({ cik: 3, filed: '2024-1-5' }),
    fact({ cik: 4, value: Number.NaN }), fact({ cik: 5, dims: [{ axis: 'a', member: 'b' } as FactRow['dims'][number]] }),
    fact({ cik: 6, decimals: 1.5 }), fact({ cik: 7, fy: 2 ** 40 }), fact({ cik: 8, periodEnd: '0000-01-01' }),
  ];
  cols.push([fact({ cik: 9 }), ...odd]);
  assert.equal(cols.length, 1);
  assert.deepEqual(cols.irregular, odd);
  assert.deepEqual([...cols.irregularCiks].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.deepEqual([...cols.ciks()].sort((a, b) => a - b), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

test('a misspelt or missing field fails the batch', () => {
  const extra = { ...fact(), periodend: '2024-09-28' };
  assert.throws(() => { new FactColumns().push([extra]); }, /unknown field "periodend"/);
  const missing: Partial<FactRow> = fact();
  delete missing.fy;
  assert.throws(() => { new FactColumns().push([missing as FactRow]); }, /field "fy" is missing/);
});

test('duplicates are dropped and rows sorted by cik, concept (UTF-8 byte order), period_end, accession within a bucket', () => {
  const cols = new FactColumns();
  // U+FF21 sorts after U+1F600 in UTF-16 code units but before it in UTF-8 bytes (DuckDB's VARCHAR order)
  cols.push([fact({ concept: 'x:\u{1F600}' }), fact({ concept: 'x:\uFF21' }), fact(), fact(), fact({ periodEnd: '2023-09-30' }), fact({ cik: 64 })]);
  const order = [...sortedDistinctRows(cols, () => true)].map((i) => cols.rowAt(i));
  assert.deepEqual(order.map((r) => [r.cik, r.concept, r.periodEnd]), [
    [64, 'us-gaap:Revenues', '2024-09-28'],
    [320193, 'us-gaap:Revenues', '2023-09-30'], [320193, 'us-gaap:Revenues', '2024-09-28'],
    [320193, 'x:\uFF21', '2024-09-28'], [320193, 'x:\u{1F600}', '2024-09-28'],
  ]);
  assert.ok(compareUtf8('\uFF21', '\u{1F600}') < 0);
  assert.equal(isoDays('1970-01-02'), 1);
  assert.equal(isoDays('2024-02-29'), (isoDays('2024-03-01') ?? 0) - 1);
});
