// The rendered store's record format read back through the reader's cold path (positional read, then the row ends
// viewed in place or copied): every row boundary and byte as written, for empty, small (pooled buffers) and large
// records, multi-byte text included, and from a second reader that never saw the records before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RenderedStoreReader, RenderedStoreWriter } from '../../engine/serving/RenderedStore.ts';

const RECORDS: Record<string, string[]> = {
  'empty|1|annual': [],
  'one|2|annual': ['{"a":1}'],
  'utf8|3|annual': ['{"name":"Société Générale — 株式会社"}', '{"v":-0.5}', '{}'],
  // well past a pooled allocation (4 KiB): a record read into its own buffer
  'large|4|quarter': Array.from({ length: 3000 }, (_, i) => JSON.stringify({ i, label: `row ${String(i)} ${'x'.repeat(i % 37)}` })),
};

test('rows read back from the store are the rows written, with their boundaries', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-records-'));
  try {
    const writer = new RenderedStoreWriter(dir, 'g1');
    // several small records in a row, so pooled reads land at different offsets of a shared buffer
    for (let copy = 0; copy < 5; copy++) for (const [key, rows] of Object.entries(RECORDS)) writer.putRows(`${key}|${String(copy)}`, rows);
    writer.publish({ version: 'v', periodsGeneration: 'p', buckets: {}, manifests: [] });
    for (let pass = 0; pass < 2; pass++) {
      const reader = RenderedStoreReader.open(dir);
      assert.ok(reader);
      try {
        for (let copy = 0; copy < 5; copy++) {
          for (const [key, rows] of Object.entries(RECORDS)) {
            const got = reader.rows(`${key}|${String(copy)}`);
            assert.ok(got, key);
            assert.equal(got.array.toString('utf8'), `[${rows.join(',')}]`, key);
            assert.equal(got.ends.length, rows.length, key);
            let start = 1;
            rows.forEach((row, i) => {
              const end = got.ends[i] ?? -1;
              assert.equal(got.array.toString('utf8', start, end), row, `${key} row ${String(i)}`);
              start = end + 1;
            });
          }
        }
        assert.equal(reader.rows('absent|5|annual'), undefined);
      } finally {
        reader.close();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
