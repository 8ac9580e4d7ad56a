// Parse workers of one ingest: the main thread hands them zip members (compressed) and companyfacts files, and gets back
// each document's facts as typed columns, in the order it asks. A worker that throws or exits fails every request it
// holds and every later one, so the ingest stops with an error instead of waiting for an answer that never comes.
import { Worker } from 'node:worker_threads';
import type { ParseReply, ParseRequest, WorkerFault } from './parseMessages.ts';

/** The worker module, under tsx's hooks when this code runs from TypeScript (each thread registers its own). */
function workerSource(): string {
  const entry = new URL(import.meta.url.endsWith('.ts') ? './parseWorker.ts' : './parseWorker.js', import.meta.url).href;
  if (!entry.endsWith('.ts')) return `import(${JSON.stringify(entry)});`;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
}

class PoolWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve(reply: ParseReply): void; reject(error: Error): void }>();
  private failure: Error | null = null;

  constructor(fault: WorkerFault | null) {
    this.worker = new Worker(workerSource(), { eval: true, workerData: { fault } });
    this.worker.on('message', (reply: ParseReply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    this.worker.on('error', (err) => { this.fail(new Error(`ingest parse worker failed: ${err.message}`, { cause: err })); });
    this.worker.on('exit', (code) => { this.fail(new Error(`ingest parse worker exited (code ${String(code)})`)); });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(this.failure);
    this.pending.clear();
  }

  get inFlight(): number {
    return this.pending.size;
  }

  request(request: ParseRequest): Promise<ParseReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      // the bytes are the sender's own copy: moved, not cloned
      this.worker.postMessage(request, [request.bytes.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    this.failure ??= new Error('ingest parse worker closed');
    await this.worker.terminate();
  }
}

export class ParsePool {
  private readonly workers: PoolWorker[];
  private nextId = 1;

  constructor(size: number, fault: WorkerFault | null = null) {
    this.workers = Array.from({ length: Math.max(1, size) }, () => new PoolWorker(fault));
  }

  get size(): number {
    return this.workers.length;
  }

  /** Parses a document in the least busy worker; bytes must not share their buffer (it is transferred). */
  parse(name: string, bytes: Uint8Array, entry: ParseRequest['entry']): Promise<ParseReply> {
    let best = this.workers[0];
    for (const w of this.workers) if (best && w.inFlight < best.inFlight) best = w;
    if (!best) return Promise.reject(new Error('parse pool has no workers'));
    return best.request({ id: this.nextId++, name, bytes, entry });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
