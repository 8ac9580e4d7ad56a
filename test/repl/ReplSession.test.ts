// The session's memory of the last query, in process: what .export writes after successes and failures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { Engine } from '../../engine/db/Engine.ts';
import { ReplSession } from '../../scripts/repl/ReplSession.ts';
import { tempDir } from '../helpers/tempWarehouse.ts';

test('after a failed query .export waits for the next query instead of writing an older one', async () => {
  const warehouse = tempDir('repl-wh-');
  const out = tempDir('repl-out-');
  // a reader never creates the warehouse: a writer does, once
  (await Engine.open({ warehouseDir: warehouse, mode: 'write', threads: 1 })).close();
  const engine = await Engine.open({ warehouseDir: warehouse, mode: 'read', threads: 1, extraDirectories: [out] });
  let printed = '';
  const session = new ReplSession(engine, {
    allowedDirs: [out], cwd: out, warehouseDir: engine.warehouseDir, interactive: false,
    out: (s) => { printed += s; }, err: (s) => { printed += s; },
  });
  try {
    await session.statement('SELECT 1 AS first');
    await assert.rejects(session.statement('SELECT * FROM missing_view'), /missing_view/);
    await session.run({ kind: 'command', line: '.export csv later.csv' });
    assert.match(printed, /the next query will be written to .*later\.csv/);
    assert.equal(fs.existsSync(path.join(out, 'later.csv')), false);
    await session.statement("SELECT 'second' AS which");
    assert.equal(fs.readFileSync(path.join(out, 'later.csv'), 'utf8'), 'which\nsecond\n');
  } finally {
    engine.close();
    fs.rmSync(warehouse, { recursive: true, force: true });
    fs.rmSync(out, { recursive: true, force: true });
  }
});
