// Zip members are read whole by one positioned read and one inflate, one member ahead of the parser (readAhead): the
// bytes come back exactly, in order, and a damaged member fails naming the archive member and the reason, after the
// members before it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { tempDir } from '../helpers/tempWarehouse.ts';
import { writeZip } from '../helpers/writeZip.ts';
import { readInputs } from '../../engine/ingest/readInputs.ts';
import { readAhead } from '../../engine/ingest/readAhead.ts';

function members(): Map<string, Buffer> {
  return new Map([
    ['CIK0000000001.json', Buffer.from(JSON.stringify({ cik: 1, text: 'x'.repeat(100_000) }))],
    ['empty.txt', Buffer.alloc(0)],
    ['sub/CIK0000000002.json', Buffer.from('{"cik":2,"entityName":"Société Générale 日本"}')],
    ['random.bin', Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 251))],
  ]);
}

async function namesAndBytes(file: string): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for await (const unit of readAhead(readInputs([file]))) if (unit.kind === 'file') out.push([unit.file.name, unit.file.bytes]);
  return out;
}

test('every zip member is read back byte for byte, in archive order', async () => {
  const zip = path.join(tempDir(), 'bulk.zip');
  writeZip(zip, members());
  const read = await namesAndBytes(zip);
  assert.deepEqual(read.map(([name]) => name), [...members().keys()].map((m) => `${zip}!${m}`));
  for (const [name, bytes] of read) assert.ok(bytes.equals(members().get(name.slice(zip.length + 1)) ?? Buffer.alloc(1)), name);
});

test('a damaged member fails naming the archive member and the reason, after the members before it were read', async () => {
  const zip = path.join(tempDir(), 'bulk.zip');
  writeZip(zip, members());
  const bytes = fs.readFileSync(zip);
  // the last member's compressed data sits right before the central directory (its offset is in the end record)
  const directory = bytes.readUInt32LE(bytes.length - 22 + 16);
  bytes[directory - 10] = (bytes[directory - 10] ?? 0) ^ 0xff;
  fs.writeFileSync(zip, bytes);
  const seen: string[] = [];
  await assert.rejects(async () => {
    for await (const unit of readAhead(readInputs([zip]))) if (unit.kind === 'file') seen.push(unit.file.name);
  }, (err: Error) => err.message.includes(`${zip}!random.bin`) && /cannot read zip member \(.+\)/.test(err.message));
  assert.deepEqual(seen, ['CIK0000000001.json', 'empty.txt', 'sub/CIK0000000002.json'].map((m) => `${zip}!${m}`));
});

test('readAhead hands items out in order, surfaces a failure where it happened, and closes a source left early', async () => {
  let closes = 0;
  async function* source(fail: boolean): AsyncGenerator<number> {
    try {
      for (let i = 0; i < 5; i++) {
        await new Promise((resolve) => setImmediate(resolve));
        if (fail && i === 3) throw new Error('item 3 is unreadable');
        yield i;
      }
    } finally {
      closes += 1;
    }
  }
  const all: number[] = [];
  for await (const n of readAhead(source(false))) all.push(n);
  assert.deepEqual(all, [0, 1, 2, 3, 4]);

  const before: number[] = [];
  await assert.rejects(async () => { for await (const n of readAhead(source(true))) before.push(n); }, /item 3 is unreadable/);
  assert.deepEqual(before, [0, 1, 2]);

  assert.equal(closes, 2);
  for await (const n of readAhead(source(false))) if (n === 1) break;
  assert.equal(closes, 3, 'the source left early was closed');
});
