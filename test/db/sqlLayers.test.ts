// The SQL layers load in folder-name order (engine/db/loadSqlFiles.ts): two folders sharing a number would be ordered by
// the rest of their names, an accident a later rename could silently flip, so each layer number is used once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { listLayerFiles, SQL_ROOT } from '../../engine/db/loadSqlFiles.ts';

test('every SQL layer folder has a number of its own', () => {
  const layers = [...new Set(listLayerFiles().map((f) => path.basename(path.dirname(f))))];
  const byNumber = new Map<string, string[]>();
  for (const l of layers) byNumber.set(l.slice(0, 2), [...(byNumber.get(l.slice(0, 2)) ?? []), l]);
  for (const [n, names] of byNumber) assert.equal(names.length, 1, `layer ${n} is shared by ${names.join(', ')}`);
  assert.ok(layers.length > 0 && layers.every((l) => fs.statSync(path.join(SQL_ROOT, l)).isDirectory()));
});
