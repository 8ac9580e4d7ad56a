// The one bounded cache of hot answers: object answers (by ETag) and rendered records (by generation and key) spend
// one byte budget, least recently used out first, and a generation's records are not served to another generation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AnswerCache } from '../../engine/query/AnswerCache.ts';
import type { RenderedRows } from '../../engine/serving/RenderedStore.ts';

/** A rendered answer of `n` bytes: `[` + one row + `]`. */
function rows(n: number): RenderedRows {
  const array = Buffer.alloc(n, 0x31);
  array[0] = 0x5b;
  array[n - 1] = 0x5d;
  return { array, ends: Uint32Array.of(n - 1) };
}

test('object answers and rendered records share one byte budget: the least recently used of either goes first', () => {
  const cache = new AnswerCache(16 * 1024);
  cache.keepBody('W/"a"', 'x'.repeat(400)); // 800 bytes as UTF-16
  cache.keep('g1', 'k1', rows(900));
  assert.equal(cache.body('W/"a"')?.length, 400);
  // more rendered records than the budget holds: the body, used longest ago after k1's read below, goes too
  assert.ok(cache.rows('g1', 'k1'));
  for (let i = 2; i < 30; i++) cache.keep('g1', `k${String(i)}`, rows(900));
  assert.equal(cache.body('W/"a"'), undefined);
  assert.equal(cache.rows('g1', 'k1'), undefined);
  assert.ok(cache.rows('g1', 'k29'));
});

test('a record is kept per generation, and a budget of 0 keeps nothing', () => {
  const cache = new AnswerCache(1024 * 1024);
  cache.keep('g1', 'k', rows(10));
  assert.equal(cache.rows('g2', 'k'), undefined);
  assert.equal(cache.body('k'), undefined);
  const off = new AnswerCache(0);
  off.keep('g1', 'k', rows(10));
  off.keepBody('W/"a"', '{}');
  assert.equal(off.rows('g1', 'k'), undefined);
  assert.equal(off.body('W/"a"'), undefined);
});
