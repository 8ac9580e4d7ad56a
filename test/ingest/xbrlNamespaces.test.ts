// The namespace memo tables stay bounded however many company extension namespaces a process sees (issue 19), and
// naming stays right across a reset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { conceptName, MAX_NAMESPACES, namespaceCacheSize, standardPrefix } from '../../engine/ingest/parsers/xbrlNamespaces.ts';

test('a whole-universe stream of extension namespaces never grows the memo tables past their bound', () => {
  const companies = MAX_NAMESPACES * 3 + 17;
  for (let i = 0; i < companies; i++) {
    const uri = `http://www.company${String(i)}.com/20241231`;
    assert.equal(conceptName(uri, `co${String(i)}`, 'SegmentRevenue'), `co${String(i)}:SegmentRevenue`);
    assert.equal(conceptName('http://fasb.org/us-gaap/2024', 'us-gaap', 'Revenues'), 'us-gaap:Revenues');
    const size = namespaceCacheSize();
    assert.ok(size.prefixes <= MAX_NAMESPACES && size.names <= MAX_NAMESPACES, `after ${String(i + 1)} companies: ${JSON.stringify(size)}`);
  }
  // still right after the tables started over
  assert.equal(standardPrefix('http://xbrl.sec.gov/dei/2024'), 'dei');
  assert.equal(conceptName('http://www.company0.com/20241231', 'co0', 'SegmentRevenue'), 'co0:SegmentRevenue');
});
