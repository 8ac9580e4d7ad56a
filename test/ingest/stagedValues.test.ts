// Rows staged through the raw column path (engine/warehouse/fillChunkColumn.ts) come back from DuckDB exactly as given:
// inline and long strings, non-ASCII text, repeated long strings sharing one copy, NULLs, booleans, 64-bit integers and
// JSON columns, across several data chunks; a value a column cannot hold fails naming the row and field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import { appendRows, clearStaging } from '../../engine/warehouse/commitBatch.ts';
import { facts, filings } from '../../engine/warehouse/datasets.ts';
import type { FactRow, FilingRow } from '../../engine/ingest/rows.ts';

const TEXTS = ['', 'a', '10-K', 'exactly12chr', 'thirteen-char', 'Société Générale', 'ü', '日本語の名前', 'x'.repeat(40), 'y'.repeat(300), 'tab\there'];

function rowAt(i: number): FilingRow {
  const text = (k: number): string | null => (i % 7 === k ? null : TEXTS[(i + k) % TEXTS.length] ?? null);
  return {
    cik: i, accession: `0000320193-24-${String(i % 97).padStart(6, '0')}`, form: text(1) ?? '10-Q', filed: i % 5 === 0 ? null : '2024-05-03',
    accepted: text(2), reportDate: text(3), isAmendment: i % 2 === 0, items: i % 4 === 0 ? [] : ['2.02', `9.0${String(i % 9)}`],
    isXbrl: i % 3 === 0 ? null : i % 2 === 1, isInlineXbrl: null, primaryDocument: text(4), primaryDocDescription: `a long description shared by many rows ${String(i % 3)}`,
    documents: [], size: i % 6 === 0 ? null : 2 ** 40 + i, fileNumber: text(5), filmNumber: text(6), act: '34', fy: i % 8 === 0 ? null : 2000 + (i % 25),
    fp: i % 2 === 0 ? 'FY' : 'Q3', source: 'submissions',
  };
}

test('rows staged through raw data-chunk columns read back exactly as given, across chunks', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    const c = engine.writerConnection;
    await clearStaging(c);
    const rows = Array.from({ length: 5000 }, (_, i) => rowAt(i));
    await appendRows(c, filings, rows);
    const stored = (await c.runAndReadAll('SELECT * FROM stage_filings ORDER BY cik')).getRowObjectsJson();
    assert.equal(stored.length, rows.length);
    rows.forEach((row, i) => {
      const got = stored[i] ?? {};
      for (const [field, column] of filings.fields.map((f, k) => [f, filings.columnNames[k] ?? ''] as const)) {
        const value = (row as unknown as Record<string, unknown>)[field];
        const expected = value === null ? null : Array.isArray(value) ? JSON.stringify(value) : typeof value === 'number' && field === 'size' ? String(value) : value;
        assert.deepEqual(got[column], expected, `row ${String(i)} ${field}`);
      }
    });
  } finally {
    cleanup();
  }
});

test('a value a staging column cannot hold fails naming the dataset, row and field', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    const c = engine.writerConnection;
    await clearStaging(c);
    const rows = [rowAt(1), { ...rowAt(2), fy: 2024.5 }];
    await assert.rejects(appendRows(c, filings, rows), /filings row 1: field "fy": 2024\.5 is not a 32-bit integer/);
  } finally {
    cleanup();
  }
});

test('a non-finite number (NaN, Infinity) fails naming the dataset, row and field instead of staging NULL', async () => {
  const { engine, cleanup } = await openTempEngine();
  try {
    const c = engine.writerConnection;
    const fact = (i: number, value: number, fy: number | null = 2024): FactRow => ({
      cik: 320193, accession: `0000320193-24-${String(i).padStart(6, '0')}`, form: '10-K', filed: '2024-11-01', concept: 'us-gaap:Revenues',
      unit: 'USD', value, decimals: null, periodStart: '2023-10-01', periodEnd: '2024-09-28', dims: [], fy, fp: 'FY', frame: null, source: 'companyfacts',
    });
    // row 2500 lies in the second data chunk: the row number counts from the start of the list, not of the chunk
    const cases: [FactRow[], RegExp][] = [
      [[fact(0, 1), fact(1, NaN)], /facts row 1: field "value": NaN is not a finite number/],
      [[fact(0, Infinity)], /facts row 0: field "value": Infinity is not a finite number/],
      [[...Array.from({ length: 2500 }, (_, i) => fact(i, i)), fact(2500, -Infinity)], /facts row 2500: field "value": -Infinity is not a finite number/],
      [[fact(0, 1), fact(1, 2, NaN)], /facts row 1: field "fy": NaN is not a 32-bit integer/],
    ];
    for (const [rows, message] of cases) {
      await clearStaging(c);
      await assert.rejects(appendRows(c, facts, rows), message);
    }
  } finally {
    cleanup();
  }
});
