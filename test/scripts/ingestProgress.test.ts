// Progress output: a bar on a terminal, periodic plain lines otherwise.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createProgress, formatBytes, progressLine } from '../../engine/ingest/progress.ts';

function capture(tty: boolean): { stream: PassThrough & { isTTY?: boolean; columns?: number }; text: () => string } {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  if (tty) {
    stream.isTTY = true;
    stream.columns = 160;
  }
  const parts: Buffer[] = [];
  stream.on('data', (d: Buffer) => parts.push(d));
  return { stream, text: () => Buffer.concat(parts).toString('utf8') };
}

test('sizes read as people write them', () => {
  assert.deepEqual([0, 999, 1500, 35_200_000, 2_500_000_000].map(formatBytes), ['0 B', '999 B', '1.5 kB', '35.2 MB', '2.50 GB']);
  assert.equal(progressLine('ingest', 12, 35_200_000, 120_000_000), 'ingest: 12 files, 35.2 MB of 120.0 MB (29%)');
});

test('off a terminal, a line is printed at most once per interval and the last state is printed on stop', () => {
  let now = 0;
  const out = capture(false);
  const p = createProgress({ label: 'ingest', totalBytes: 4_000_000, stream: out.stream, intervalMs: 1000, now: () => now });
  p.update(1, 1_000_000, 'a.json');
  now = 500;
  p.update(2, 2_000_000, 'b.json');
  now = 1000;
  p.update(3, 3_000_000, 'c.json');
  now = 1200;
  p.update(4, 4_000_000, 'd.json');
  p.stop();
  assert.equal(out.text(), 'ingest: 3 files, 3.0 MB of 4.0 MB (75%)\ningest: 4 files, 4.0 MB of 4.0 MB (100%)\n');
});

test('on a terminal a bar shows the percentage, bytes and the current file', () => {
  const out = capture(true);
  const p = createProgress({ label: 'ingest', totalBytes: 2_000_000, stream: out.stream });
  p.update(1, 1_000_000, '/data/in/CIK0000320193.json.gz');
  p.stop();
  const text = out.text();
  assert.match(text, /ingest \[/);
  assert.match(text, /50% \| 1\.0 MB \/ 2\.0 MB \| 1 files \| CIK0000320193\.json\.gz/);
});
