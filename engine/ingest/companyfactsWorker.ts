// Worker thread of the companyfacts pool: parses companyfacts documents, appends their facts to its own DuckDB's staging
// table and, when the batch commits, writes them (typed, deduplicated against the warehouse, sorted) as Parquet part
// files into the batch's staging folder. The main thread only reads inputs and moves the finished files into place.
import { parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { Batch } from './Batch.ts';
import { IngestError } from './IngestError.ts';
import { companyFactsParser } from './parsers/companyfacts.ts';
import { appendRows, parquetCopyOptions } from '../warehouse/commitBatch.ts';
import { facts } from '../warehouse/datasets.ts';
import { lockDown } from '../db/lockDown.ts';
import { runSqlFile, SQL_ROOT } from '../db/loadSqlFiles.ts';
import { CIK_BUCKETS } from '../db/cikBuckets.ts';
import { quotePath } from '../db/quote.ts';
import type { PoolReply, PoolRequest, PoolWorkerData } from './companyfactsMessages.ts';

/** Only what new_facts() needs: the bucket macro, the facts source view and the facts staging DDL. */
const SQL_FILES = ['00_sources/00_buckets.sql', '00_sources/10_src_facts.sql', 'warehouse/10_stage_facts.sql', 'warehouse/20_new_facts.sql'];

async function openStaging(data: PoolWorkerData): Promise<DuckDBConnection> {
  const instance = await DuckDBInstance.create(':memory:', { threads: String(data.threads), memory_limit: data.memoryLimit });
  const c = await instance.connect();
  await lockDown(c, [data.warehouseDir]);
  await c.run('SET VARIABLE warehouse = $dir', { dir: data.warehouseDir });
  await c.run('SET VARIABLE cik_buckets = $n', { n: CIK_BUCKETS });
  for (const file of SQL_FILES) await runSqlFile(c, path.join(SQL_ROOT, file));
  await c.run('SET lock_configuration = true');
  return c;
}

const data = workerData as PoolWorkerData;
const port = parentPort;
if (!port) throw new Error('companyfactsWorker runs as a worker thread');
const ready = openStaging(data);
let stagedRows = 0;

async function handle(request: PoolRequest): Promise<PoolReply> {
  const c = await ready;
  switch (request.type) {
    case 'file': {
      const started = performance.now();
      const file = { name: request.name, bytes: Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength) };
      const batch = new Batch();
      companyFactsParser.parse(file, batch);
      const parsed = performance.now();
      const cik = batch.facts[0]?.cik ?? batch.entities[0]?.cik ?? null;
      await appendRows(c, facts, batch.facts);
      stagedRows += batch.facts.length;
      return {
        id: request.id, ok: true, type: 'file', cik, facts: batch.facts.length, filings: batch.filings, entities: batch.entities,
        parseMs: parsed - started, stageMs: performance.now() - parsed,
      };
    }
    case 'flush': {
      const started = performance.now();
      let rows = 0;
      if (stagedRows > 0) {
        fs.mkdirSync(request.dir, { recursive: true });
        const copied = await c.runAndReadAll(`COPY (SELECT * FROM new_facts()) TO ${quotePath(request.dir)} (${parquetCopyOptions(true, request.filePrefix)})`);
        rows = Number(copied.getRows()[0]?.[0] ?? 0);
      }
      await c.run('DELETE FROM stage_facts');
      stagedRows = 0;
      return { id: request.id, ok: true, type: 'flush', rows, writeMs: performance.now() - started };
    }
    case 'discard':
      await c.run('DELETE FROM stage_facts');
      stagedRows = 0;
      return { id: request.id, ok: true, type: 'discard' };
  }
}

// one request at a time, in order: a flush must see every file sent before it staged
let queue: Promise<unknown> = Promise.resolve();
port.on('message', (request: PoolRequest) => {
  queue = queue.then(async () => {
    try {
      port.postMessage(await handle(request));
    } catch (err) {
      const reason = err instanceof IngestError ? err.reason : (err as Error).message;
      port.postMessage({ id: request.id, ok: false, reason } satisfies PoolReply);
    }
  });
});
