// A cursor whose caller left hands out no more rows. An abort interrupts the fetch in flight, but DuckDB may finish
// that fetch anyway (the interrupt came too late): the cursor used to return its chunk, so a row stream built over it
// was created after its abort signal had fired, its teardown listener never ran, and its next read failed as an
// 'error' event nobody listened to (an uncaught exception in the server, seen under load in test/chaos/httpChaos).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { RowCursor } from '../../engine/query/RowCursor.ts';
import { QueryAbortedError, type Engine } from '../../engine/db/Engine.ts';
import { openTempEngine } from '../helpers/tempWarehouse.ts';

let engine: Engine;
let cleanup: () => void;

before(async () => {
  ({ engine, cleanup } = await openTempEngine('read'));
});
after(() => { cleanup(); });

async function poolIdle(): Promise<boolean> {
  const deadline = Date.now() + 5000;
  while (engine.poolStats().inUse > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return engine.poolStats().inUse === 0;
}

test('a fetch in flight when the caller aborts fails as aborted, whether or not DuckDB finished it, and the connection goes back', async () => {
  for (let i = 0; i < 30; i++) {
    const caller = new AbortController();
    const cursor = await RowCursor.open(engine, 'SELECT range AS n FROM range(10000000)', [], { signal: caller.signal });
    const first = await cursor.next();
    assert.ok(first !== null && first.rowCount > 0);
    const second = cursor.next();
    caller.abort();
    await assert.rejects(second, QueryAbortedError, `round ${String(i)}`);
    await assert.rejects(cursor.next(), QueryAbortedError);
  }
  assert.ok(await poolIdle(), 'every connection is back in the pool');
});

test('a cursor opened while its caller aborts is never handed out', async () => {
  for (let i = 0; i < 30; i++) {
    const caller = new AbortController();
    const opening = RowCursor.open(engine, 'SELECT range AS n FROM range(1000)', [], { signal: caller.signal });
    // the abort lands while the lease or the statement is pending
    setImmediate(() => { caller.abort(); });
    await opening.then(async (cursor) => {
      // opened before the abort: its first fetch, after it, fails as aborted
      await new Promise((r) => setImmediate(r));
      await assert.rejects(cursor.next(), QueryAbortedError);
    }, (err: unknown) => { assert.ok(err instanceof QueryAbortedError, String(err)); });
  }
  assert.ok(await poolIdle(), 'every connection is back in the pool');
});
