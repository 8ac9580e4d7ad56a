// Worker threads that parse companyfacts documents and write their facts as Parquet part files, each with its own DuckDB:
// parsing, staging and the typed/sorted/zstd write of a batch run on every core instead of the main thread and one
// DuckDB connection. Documents of one company go to one worker (routed by the CIK at the head of the JSON), so the
// DISTINCT each worker applies covers every row that can collide; a company that reached two stagers anyway (a head
// without a leading "cik") is reported by overlaps(), and the caller deduplicates the batch's files once more.
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import type { SourceFile } from './SourceFile.ts';
import { IngestError } from './IngestError.ts';
import type { EntityRow, FilingRow } from './rows.ts';
import type { PoolReply, PoolRequestBody, PoolWorkerData } from './companyfactsMessages.ts';

/** Documents handed to one worker and not answered yet: bounds the source bytes held in memory to a few documents. */
const IN_FLIGHT = 2;

/** SEC's companyfacts documents open with the company's CIK: `{"cik":320193,"entityName":...`. */
const HEAD_CIK = /^\s*\{\s*"cik"\s*:\s*"?0*(\d{1,10})"?\s*[,}]/;

export function headCik(head: string): number | null {
  const m = HEAD_CIK.exec(head);
  return m?.[1] ? Number(m[1]) : null;
}

/** What a parsed document adds to the main thread's batch (its facts stay in the worker). */
export interface WorkerParsed {
  name: string;
  cik: number | null;
  facts: number;
  filings: FilingRow[];
  entities: EntityRow[];
  parseMs: number;
  stageMs: number;
}

/** Workers on this machine: one per core, at most 2 by default (FILINGS_INGEST_WORKERS overrides; 0 disables). */
export function defaultWorkers(): number {
  const env = process.env.FILINGS_INGEST_WORKERS;
  if (env !== undefined && /^\d+$/.test(env)) return Number(env);
  return Math.min(2, os.availableParallelism());
}

/** The worker module under the same loader as this one (tsx registers its TypeScript hooks per thread). */
function workerSource(): string {
  const entry = new URL('./companyfactsWorker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
}

interface Pending {
  resolve(reply: PoolReply): void;
}

class PoolWorker {
  readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | null = null;
  /** Rows this worker staged in the current batch. */
  staged = 0;

  constructor(data: PoolWorkerData) {
    this.worker = new Worker(workerSource(), { eval: true, workerData: data });
    this.worker.on('message', (reply: PoolReply) => {
      const p = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      p?.resolve(reply);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.resolve({ id: 0, ok: false, reason: `ingest worker failed: ${err.message}` });
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => { if (code !== 0) fail(new Error(`exited with code ${String(code)}`)); });
  }

  get inFlight(): number {
    return this.pending.size;
  }

  request(message: PoolRequestBody): Promise<PoolReply> {
    if (this.failure) return Promise.resolve({ id: 0, ok: false, reason: `ingest worker failed: ${this.failure.message}` });
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve });
      this.worker.postMessage({ ...message, id });
    });
  }
}

export class CompanyFactsPool {
  private readonly workers: PoolWorker[];
  private readonly outstanding = new Set<Promise<void>>();
  /** cik -> the worker that staged it in this batch, to find a company staged twice. */
  private readonly stagedBy = new Map<number, number>();
  private overlap = false;
  private next = 0;

  constructor(warehouseDir: string, size: number, options: { memoryLimit?: string } = {}) {
    const data: PoolWorkerData = { warehouseDir, threads: 1, memoryLimit: options.memoryLimit ?? '1GB' };
    this.workers = Array.from({ length: Math.max(1, size) }, () => new PoolWorker(data));
  }

  /**
   * Hands a companyfacts document to a worker once one has room (at most IN_FLIGHT documents each); the outcome comes
   * later through onParsed or onError (an IngestError naming the file), before drain() resolves.
   */
  async submit(file: SourceFile, cik: number | null, onParsed: (parsed: WorkerParsed) => void, onError: (err: IngestError) => void): Promise<void> {
    const index = cik === null ? this.leastBusy() : cik % this.workers.length;
    const worker = this.workers[index];
    if (!worker) throw new Error('companyfacts pool has no workers');
    while (worker.inFlight >= IN_FLIGHT && this.outstanding.size > 0) await Promise.race(this.outstanding);
    const bytes = new Uint8Array(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
    const done = worker.request({ type: 'file', name: file.name, bytes }).then((reply) => {
      if (!reply.ok) {
        onError(new IngestError(file.name, reply.reason));
        return;
      }
      if (reply.type !== 'file') return;
      worker.staged += reply.facts;
      if (reply.cik !== null && reply.facts > 0) {
        const before = this.stagedBy.get(reply.cik);
        if (before !== undefined && before !== index) this.overlap = true;
        this.stagedBy.set(reply.cik, index);
      }
      onParsed({ name: file.name, cik: reply.cik, facts: reply.facts, filings: reply.filings, entities: reply.entities, parseMs: reply.parseMs, stageMs: reply.stageMs });
    });
    const tracked: Promise<void> = done.finally(() => { this.outstanding.delete(tracked); });
    this.outstanding.add(tracked);
  }

  private leastBusy(): number {
    this.next = (this.next + 1) % this.workers.length;
    let best = this.next;
    this.workers.forEach((w, i) => { if (w.inFlight < (this.workers[best]?.inFlight ?? 0)) best = i; });
    return best;
  }

  /** Waits until every submitted document has been answered. */
  async drain(): Promise<void> {
    while (this.outstanding.size > 0) await Promise.all([...this.outstanding]);
  }

  /** Facts staged in the workers for the current batch. */
  get staged(): number {
    return this.workers.reduce((n, w) => n + w.staged, 0);
  }

  /** A company was staged by two workers in this batch: rows identical across them are not deduplicated yet. */
  get overlaps(): boolean {
    return this.overlap;
  }

  /**
   * Each worker writes its staged facts that the warehouse lacks as Parquet under stagingDir/facts/bucket=N/, named
   * part-<batchId>-w<k>-<i>; returns the rows written. The workers write in parallel into folders of their own.
   */
  async flush(stagingDir: string, batchId: string): Promise<{ rows: number; writeMs: number }> {
    await this.drain();
    const replies = await Promise.all(this.workers.map(async (w, k) => {
      if (w.staged === 0) return { rows: 0, writeMs: 0 };
      const dir = path.join(stagingDir, `.worker-${String(k)}`);
      const reply = await w.request({ type: 'flush', dir, filePrefix: `part-${batchId}-w${String(k)}` });
      if (!reply.ok) throw new Error(`companyfacts worker ${String(k)} could not write its facts: ${reply.reason}`);
      moveParts(dir, path.join(stagingDir, 'facts'));
      return reply.type === 'flush' ? { rows: reply.rows, writeMs: reply.writeMs } : { rows: 0, writeMs: 0 };
    }));
    this.reset();
    return { rows: replies.reduce((n, r) => n + r.rows, 0), writeMs: replies.reduce((n, r) => n + r.writeMs, 0) };
  }

  /** Drops the current batch's staged facts (a rejected batch). */
  async discard(): Promise<void> {
    await this.drain();
    await Promise.all(this.workers.map((w) => w.request({ type: 'discard' })));
    this.reset();
  }

  private reset(): void {
    for (const w of this.workers) w.staged = 0;
    this.stagedBy.clear();
    this.overlap = false;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }
}

/** Moves a worker's bucket=N/*.parquet files into the batch's dataset folder, keeping the bucket folders. */
function moveParts(from: string, to: string): void {
  if (!fs.existsSync(from)) return;
  for (const bucket of fs.readdirSync(from)) {
    const target = path.join(to, bucket);
    fs.mkdirSync(target, { recursive: true });
    for (const file of fs.readdirSync(path.join(from, bucket))) fs.renameSync(path.join(from, bucket, file), path.join(target, file));
  }
  fs.rmSync(from, { recursive: true, force: true });
}
