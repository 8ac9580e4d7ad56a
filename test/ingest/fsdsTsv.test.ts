// The SEC tab-separated reader: header-driven columns and the CSV-style quoting of fields that contain quotes.
import { test } from '../helpers/fixtureTest.ts';
import assert from 'node:assert/strict';
import { readTsv } from '../../engine/ingest/parsers/tsv.ts';
import { readInputs } from '../../engine/ingest/readInputs.ts';
import { fixture } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';

function rows(text: string) {
  const t = readTsv({ name: 't.txt', bytes: Buffer.from(text) });
  return { columns: t.columns, rows: [...t.rows()] };
}

test('columns are named by the header line and empty trailing fields are kept', () => {
  const r = rows('ADSH\tTag\tfootnote\r\n0000320193-24-000123\tAssets\t\r\n\n');
  assert.deepEqual(r.columns, ['adsh', 'tag', 'footnote']);
  assert.deepEqual(r.rows, [{ line: 2, fields: ['0000320193-24-000123', 'Assets', ''] }]);
});

test('a quoted field loses its quotes and undoubles the inner ones', () => {
  // shape of 2009q3 num.txt rows whose footnote cites a title in quotes
  const r = rows('a\tb\tc\nx\t1\t"See Note 1, ""Summary of Significant Accounting Principles"""\ny\t2\t\n');
  assert.deepEqual(r.rows.map((x) => x.fields), [
    ['x', '1', 'See Note 1, "Summary of Significant Accounting Principles"'],
    ['y', '2', ''],
  ]);
});

test('a quoted field may hold a tab or a newline and line numbers stay right', () => {
  const r = rows('a\tb\n"one\ttwo"\t"three\nfour"\nlast\trow\n');
  assert.deepEqual(r.rows, [
    { line: 2, fields: ['one\ttwo', 'three\nfour'] },
    { line: 4, fields: ['last', 'row'] },
  ]);
});

test('an unclosed quote is an error naming the file and line', () => {
  assert.throws(() => rows('a\tb\nx\t"never closed\n'), /t\.txt: line 2: quoted field is never closed/);
});

test('a file without a header line is an error naming the file', () => {
  assert.throws(() => rows(''), /t\.txt: tab-separated table has no header line/);
});

test('reading in small chunks gives the same records as reading at once, quoted rows across chunk ends included', async () => {
  // 2009q3 num.txt: 126,650 rows, 30 of them with a quoted footnote; 64 KiB chunks put ~220 boundaries in the file
  for await (const unit of readInputs([fixture('sec-datasets', 'fs', 'zips', '2009q3.zip')])) {
    if (unit.kind !== 'group') continue;
    const num = defined(unit.group.files.get('num.txt'), 'unit.group.files.get(\'num.txt\')');
    const whole = [...readTsv(num).rows()];
    const chunked = [...readTsv(num, 64 * 1024).rows()];
    assert.equal(whole.length, 126_650);
    assert.deepEqual(chunked, whole);
  }
});

test('a quoted record cut by a chunk boundary is completed from the next chunk', () => {
  const text = 'a\tb\nx\t"long ""quoted""\nfield"\ny\tz\n';
  const file = { name: 't.txt', bytes: Buffer.from(text) };
  for (const size of [1, 3, 7, 11, 1024]) {
    assert.deepEqual([...readTsv(file, size).rows()], [
      { line: 2, fields: ['x', 'long "quoted"\nfield'] },
      { line: 4, fields: ['y', 'z'] },
    ], `chunk ${String(size)}`);
  }
});
