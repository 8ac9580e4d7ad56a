// The rendered store's record format read back through the reader's cold path (positional read, then the row ends
// viewed in place or copied): every row boundary and byte as written, for empty, small (pooled buffers) and large
// records, multi-byte text included, and from a second reader that never saw the records before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GZIP_FROM_BYTES, RenderedStoreReader, RenderedStoreWriter } from '../../engine/serving/RenderedStore.ts';

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

test('an answer of 1 KiB or more keeps its gzip beside the record; a generation written without gzip reads as before', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-gzip-'));
  const old = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-gzip-old-'));
  const copied = fs.mkdtempSync(path.join(os.tmpdir(), 'rendered-gzip-copy-'));
  const state = { version: 'v', periodsGeneration: 'p', buckets: {}, manifests: [] };
  try {
    const withGzip = new RenderedStoreWriter(dir, 'g1');
    const without = new RenderedStoreWriter(old, 'g0', { gzip: false });
    for (const [key, rows] of Object.entries(RECORDS)) {
      withGzip.putRows(key, rows);
      without.putRows(key, rows);
    }
    withGzip.publish(state);
    without.publish(state);
    const reader = RenderedStoreReader.open(dir);
    const oldReader = RenderedStoreReader.open(old);
    assert.ok(reader && oldReader);
    // the previous format: three columns per index line, no gzip after any record
    assert.ok(fs.readFileSync(path.join(old, '_rendered', 'g0', 'index.tsv'), 'utf8').split('\n').every((l) => l.split('\t').length === 3));
    let kept = 0;
    for (const [key, rows] of Object.entries(RECORDS)) {
      const array = `[${rows.join(',')}]`;
      assert.equal(reader.rows(key)?.array.toString('utf8'), array, key);
      assert.equal(oldReader.rows(key)?.array.toString('utf8'), array, `${key} (no gzip)`);
      assert.equal(oldReader.gzipped(key), undefined, `${key} (no gzip)`);
      const gz = reader.gzipped(key);
      if (Buffer.byteLength(array) < GZIP_FROM_BYTES) {
        assert.equal(gz, undefined, `${key}: under the threshold, sent raw`);
        continue;
      }
      assert.ok(gz, key);
      kept++;
      assert.equal(zlib.gunzipSync(gz.gzip).toString('utf8'), array, key);
      assert.equal(gz.rows, rows.length, key);
    }
    assert.ok(kept > 0);
    // a refresh copies unchanged records: from a generation with gzip (kept as is) and from one without (compressed now)
    const writer = new RenderedStoreWriter(copied, 'g2');
    for (const key of Object.keys(RECORDS)) {
      writer.copy(reader, key);
      writer.copy(oldReader, key === 'large|4|quarter' ? 'large|4|quarter' : key);
    }
    writer.put('from-old', defined(oldReader.record('large|4|quarter')));
    reader.close();
    oldReader.close();
    writer.publish(state);
    const again = RenderedStoreReader.open(copied);
    assert.ok(again);
    const large = `[${defined(RECORDS['large|4|quarter']).join(',')}]`;
    for (const key of ['large|4|quarter', 'from-old']) {
      assert.equal(zlib.gunzipSync(defined(again.gzipped(key)).gzip).toString('utf8'), large, key);
      assert.equal(again.rows(key)?.array.toString('utf8'), large, key);
    }
    again.close();
  } finally {
    for (const d of [dir, old, copied]) fs.rmSync(d, { recursive: true, force: true });
  }
});

function defined<T>(v: T | undefined): T {
  assert.ok(v !== undefined);
  return v;
}
