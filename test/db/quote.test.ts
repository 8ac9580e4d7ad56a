// The only text spliced into SQL goes through quoteIdentifier / quotePath: hostile names must stay names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteIdentifier, quotePath } from '../../engine/db/quote.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';

const HOSTILE = [
  `x"; DROP TABLE victim; --`,
  `a"b`,
  `'; SELECT 1; --`,
  `名前 with spaces`,
  `"""`,
  `back\\slash`,
];

async function connect() {
  const instance = await DuckDBInstance.create(':memory:');
  return { c: await instance.connect(), close: () => { instance.closeSync(); } };
}

test('a hostile identifier names one column and runs nothing else', async () => {
  const { c, close } = await connect();
  try {
    await c.run('CREATE TABLE victim (v INTEGER)');
    for (const name of HOSTILE) {
      const reader = await c.runAndReadAll(`SELECT 42 AS ${quoteIdentifier(name)}`);
      assert.deepEqual(reader.columnNames(), [name]);
      assert.deepEqual(reader.getRows(), [[42]]);
    }
    assert.deepEqual((await c.runAndReadAll('SELECT count(*)::INTEGER FROM victim')).getRows(), [[0]]);
  } finally {
    close();
  }
});

test('a path with quotes and semicolons is written and read as that exact file', async () => {
  const { c, close } = await connect();
  const dir = tempDir('quote-');
  try {
    for (const [i, name] of [`o'brien; DROP TABLE x; --.parquet`, `it''s.parquet`, `semi;colon "dq".parquet`].entries()) {
      const file = path.join(dir, name);
      await c.run(`COPY (SELECT ${String(i)} AS n) TO ${quotePath(file)} (FORMAT parquet)`);
      assert.ok(fs.existsSync(file), name);
      assert.deepEqual((await c.runAndReadAll(`SELECT n FROM read_parquet(${quotePath(file)})`)).getRows(), [[i]]);
    }
  } finally {
    close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('empty names, NUL bytes and line breaks are refused before any SQL is built', () => {
  assert.throws(() => quoteIdentifier(''), /invalid SQL identifier/);
  assert.throws(() => quoteIdentifier('a\u0000b'), /invalid SQL identifier/);
  assert.throws(() => quotePath(''), /invalid path/);
  assert.throws(() => quotePath('/tmp/a\nb'), /invalid path/);
  assert.throws(() => quotePath('/tmp/a\u0000b'), /invalid path/);
});
