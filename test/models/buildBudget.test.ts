// Model builds and API requests do not share DuckDB connections: a build queries on the model service's own
// connections (so a request pool lent out in full does not stop it, and a build never holds one a request waits for),
// and a build that runs out of time is retried once, then failed with the reason, not run a third time.
import assert from 'node:assert/strict';
import { describe, it, before, after } from 'node:test';
import { openTempEngine } from '../helpers/tempWarehouse.ts';
import type { Engine } from '../../engine/db/Engine.ts';
import { ModelDb } from '../../engine/models/ModelDb.ts';
import { openModelJobs, type DocumentReader } from '../../engine/models/index.ts';

let wh: { engine: Engine; cleanup(): void };

before(async () => {
  wh = await openTempEngine('write');
});

after(() => {
  wh.cleanup();
});

describe('model build budget', () => {
  it('queries on its own connections while every request connection is lent out', async () => {
    const { size } = wh.engine.poolStats();
    const leases = await Promise.all(Array.from({ length: size }, () => wh.engine.lease()));
    const db = new ModelDb(wh.engine, 1);
    try {
      assert.equal(wh.engine.poolStats().free, 0);
      const [row] = await db.query<{ w: string }>("SELECT getvariable('warehouse') AS w");
      assert.equal(row?.w, wh.engine.warehouseDir, 'the model connection carries the warehouse variable');
      assert.equal(wh.engine.poolStats().inUse, size, 'the request pool was not touched');
    } finally {
      for (const l of leases) l.release();
      await db.close();
    }
    await assert.rejects(db.query('SELECT 1'), /closed/);
  });

  it('a build that times out is retried once after the backoff, then failed with the reason', async () => {
    let reads = 0;
    // never answers until the job's time-out aborts it
    const hanging: DocumentReader = (_cik, signal) => new Promise((_, reject) => {
      reads++;
      signal?.addEventListener('abort', () => { reject(new Error('aborted')); }, { once: true });
    });
    const models = openModelJobs(wh.engine, { reader: hanging, timeoutMs: 200, backoffMs: 50, pollMs: 50, leaseMs: 4000, maxAttempts: 3 });
    try {
      const cik = 9_990_999;
      assert.equal((await models.request(cik)).state, 'generating');
      let answer = await models.request(cik);
      for (const deadline = Date.now() + 60_000; answer.state === 'generating' && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 50));
        answer = await models.request(cik);
      }
      assert.ok(answer.state === 'failed', answer.state);
      assert.equal(reads, 2, 'two attempts, not three');
      assert.equal(models.readJob(cik)?.attempts, 2);
      assert.match(answer.error, /longer than 200 ms \(timed out on 2 attempts/);
    } finally {
      await models.close();
    }
  });
});
