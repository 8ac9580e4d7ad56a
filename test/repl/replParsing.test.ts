// Statement splitting, dot-command parsing and table rendering: the REPL's pure parts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DuckDBInstance } from '@duckdb/node-api';
import { splitStatements } from '../../scripts/repl/splitStatements.ts';
import { InputBuffer } from '../../scripts/repl/InputBuffer.ts';
import { parseCommand, CommandError } from '../../scripts/repl/parseCommand.ts';
import { TableRenderer, CsvRenderer } from '../../scripts/repl/renderers.ts';
import { parseReplArgs } from '../../scripts/repl/parseReplArgs.ts';
import { defined } from '../helpers/defined.ts';

test('statements end at a semicolon outside quotes, dollar quotes and comments', () => {
  const cases: [string, string[], string][] = [
    ['select 1;', ['select 1'], ''],
    ['select 1; select 2', ['select 1'], ' select 2'],
    ["select 'a;b';", ["select 'a;b'"], ''],
    ["select 'it''s;';", ["select 'it''s;'"], ''],
    ['select "we;ird" from t;', ['select "we;ird" from t'], ''],
    ['select 1 -- no; end\n;', ['select 1 -- no; end'], ''],
    ['select /* ; */ 2;', ['select /* ; */ 2'], ''],
    ['select $$a;b$$;', ['select $$a;b$$'], ''],
    [';; -- only a comment\n;', [], ''],
    ["select 'unterminated;", [], "select 'unterminated;"],
  ];
  for (const [input, statements, rest] of cases) {
    assert.deepEqual(splitStatements(input), { statements, rest }, input);
  }
});

test('input lines become dot commands between statements and SQL statements across lines', () => {
  const b = new InputBuffer();
  assert.deepEqual(b.feed('.tables'), [{ kind: 'command', line: '.tables' }]);
  assert.deepEqual(b.feed('select 1,'), []);
  assert.equal(b.pending, true);
  assert.deepEqual(b.feed('.5 as x;'), [{ kind: 'sql', text: 'select 1,\n.5 as x' }], 'a line starting with "." inside a statement is SQL');
  assert.deepEqual(b.feed('select 2'), []);
  assert.deepEqual(b.flush(), [{ kind: 'sql', text: 'select 2' }]);
  assert.deepEqual(b.feed('-- just a comment'), []);
  assert.equal(b.pending, false);
});

test('dot commands parse into typed commands or a usage error naming the command', () => {
  assert.deepEqual(parseCommand('.schema src_facts'), { kind: 'schema', name: 'src_facts' });
  assert.deepEqual(parseCommand('.mode csv'), { kind: 'mode', mode: 'csv' });
  assert.deepEqual(parseCommand('.export parquet "my file.parquet"'), { kind: 'export', format: 'parquet', path: 'my file.parquet' });
  assert.deepEqual(parseCommand('.exit'), { kind: 'quit' });
  for (const bad of ['.mode xml', '.export xlsx a.xlsx', '.export csv', '.schema', '.frobnicate']) {
    assert.throws(() => parseCommand(bad), CommandError, bad);
  }
  assert.throws(() => parseCommand('.frobnicate'), /unknown command \.frobnicate/);
});

test('command-line arguments parse, and a bad one is named', () => {
  assert.deepEqual(parseReplArgs(['-c', 'select 1', '--mode', 'json', '--allow', '/tmp']), { commands: ['select 1'], allow: ['/tmp'], mode: 'json', help: false });
  assert.throws(() => parseReplArgs(['--mode', 'xml']), /--mode/);
  assert.throws(() => parseReplArgs(['-c']), /-c needs a value/);
  assert.throws(() => parseReplArgs(['--bogus']), /--bogus/);
});

test('the table renderer aligns columns, right-aligns numbers and truncates long values; CSV quotes what needs it', async () => {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    const result = await c.stream(`SELECT * FROM (VALUES (1, 'short', NULL), (12345, repeat('x', 60), 'a,"b"')) t(n, label, note)`);
    const columns = result.columnNames().map((name, i) => ({ name, type: result.columnType(i) }));
    const chunk = defined((await result.fetchChunk()), '(await result.fetchChunk())');
    let table = '';
    const t = new TableRenderer((s) => { table += s; }, 10);
    t.begin(columns);
    t.chunk(chunk);
    t.end();
    assert.equal(table, [
      '     n | label      | note',
      '-------+------------+-------',
      '     1 | short      | NULL',
      ' 12345 | xxxxxxxxx… | a,"b"',
      '',
    ].join('\n'));
    let csv = '';
    const r = new CsvRenderer((s) => { csv += s; });
    r.begin(columns);
    r.chunk(chunk);
    r.end();
    assert.equal(csv, `n,label,note\n1,short,\n12345,${'x'.repeat(60)},"a,""b"""\n`);
  } finally {
    c.closeSync();
    instance.closeSync();
  }
});

test('JSON mode writes counts and decimals as JSON numbers, and integers beyond 2^53 as exact strings', async () => {
  const { JsonRenderer } = await import('../../scripts/repl/renderers.ts');
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  try {
    const result = await c.stream(`SELECT count(*) AS n, 1.50::DECIMAL(10,2) AS d, 9007199254740993::BIGINT AS big, DATE '2024-01-02' AS day FROM range(3)`);
    const columns = result.columnNames().map((name, i) => ({ name, type: result.columnType(i) }));
    let json = '';
    const r = new JsonRenderer((s) => { json += s; });
    r.begin(columns);
    r.chunk(defined((await result.fetchChunk()), '(await result.fetchChunk())'));
    r.end();
    assert.deepEqual(JSON.parse(json), [{ n: 3, d: 1.5, big: '9007199254740993', day: '2024-01-02' }]);
  } finally {
    c.closeSync();
    instance.closeSync();
  }
});
