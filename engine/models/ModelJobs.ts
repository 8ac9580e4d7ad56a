// The company-model job lifecycle (spec: "Economic model availability"). A GET for a company without a model queues
// one job and answers "generating" with its jobId; every GET while it runs, from any account or API process, gets the
// same jobId; when the job finishes the model is stored and every GET answers it. Jobs persist as files in the models
// folder (the server opens the warehouse read-only for DuckDB but may write here, like _accounts), so a restart loses
// none: a job whose runner died is taken over, with the same jobId, once that runner's lease lapses.
// Runs: at most `concurrency` jobs per process, each bounded by `timeoutMs`; a failed attempt is retried after
// backoffMs * 2^(attempt-1), up to `maxAttempts`; then the job is `failed` and GETs report the error until
// `failedCooldownMs` has passed, after which the next GET queues a fresh job. A time-out is retried once: an identical
// build that ran out of time twice would only do so again, so the second time-out fails the job with its reason.
// A stored model goes stale when `isStale` says so (a newer annual report was ingested): GETs keep answering it, with
// the id of a refresh job queued at the first such GET, until the refresh stores the new model; a refresh that fails
// leaves the old model served (and is tried again after the cooldown).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileExclusive, readFileOrNull, writeFileAtomic } from './atomicFiles.ts';
import type { JobLock } from './JobLock.ts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

export interface JobRecord {
  jobId: string;
  cik: number;
  status: JobStatus;
  /** Attempts started so far (a run cut off by a restart counts). */
  attempts: number;
  createdAt: string;
  updatedAt: string;
  /** Epoch ms before which a retry does not start. */
  notBefore: number;
  error: string | null;
  /** The failure cannot be retried away (no annual report): reported at once, retried only after the cooldown. */
  permanent?: boolean;
  /** Attempts that ran out of time (the second one is final). */
  timeouts?: number;
  /** A refresh: the jobId of the stored model this job's build replaces. */
  replaces?: string;
}

/** What a builder returns: the JSON stored for the company (must not carry cik/jobId/generatedAt, which are added). */
export type ModelBuilder = (cik: number, signal: AbortSignal) => Promise<Record<string, unknown>>;

export type ModelAnswer =
  | { state: 'ready'; model: StoredModel; etag: string; /** A newer source exists: the refresh job building from it. */ refreshJobId?: string }
  | { state: 'generating'; jobId: string }
  | { state: 'failed'; jobId: string; error: string; retryAfterSeconds: number; permanent: boolean };

export interface StoredModel {
  cik: number;
  jobId: string;
  generatedAt: string;
  [field: string]: unknown;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ModelJobsOptions {
  /** The models folder: jobs/, models/, locks/ live under it. */
  dir: string;
  build: ModelBuilder;
  lock: JobLock;
  concurrency?: number;
  timeoutMs?: number;
  maxAttempts?: number;
  backoffMs?: number;
  /** Lease length; renewed every third of it while a job runs. A dead runner's job is taken over after this. */
  leaseMs?: number;
  /** How often the runner looks for runnable jobs (others' queued jobs, retries due, lapsed leases). */
  pollMs?: number;
  failedCooldownMs?: number;
  now?: () => number;
  logger?: JobLog;
  /** Called once by close(), after the lock (the builder's connections). */
  onClose?: () => Promise<void>;
  /** True when a stored model no longer reflects the warehouse (default: never); asked on GETs of a ready model. */
  isStale?: (model: StoredModel) => Promise<boolean>;
}

class JobTimeout extends Error {
  constructor(ms: number) {
    super(`model generation took longer than ${ms >= 1000 ? `${String(Math.round(ms / 1000))} s` : `${String(ms)} ms`}`);
    this.name = 'JobTimeout';
  }
}

const silent: JobLog = { info: () => undefined, warn: () => undefined };

export class ModelJobs {
  readonly owner = `${String(process.pid)}-${crypto.randomBytes(6).toString('hex')}`;
  private readonly o: Required<Omit<ModelJobsOptions, 'logger'>> & { logger: JobLog };
  private readonly running = new Map<number, Promise<void>>();
  private readonly inFlight = new Set<AbortController>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly models = new Map<number, { mtimeMs: number; model: StoredModel; etag: string }>();

  constructor(options: ModelJobsOptions) {
    this.o = {
      concurrency: 1, timeoutMs: 120_000, maxAttempts: 3, backoffMs: 2_000, leaseMs: 15_000, pollMs: 1_000,
      failedCooldownMs: 3_600_000, now: Date.now, logger: silent, onClose: () => Promise.resolve(), isStale: () => Promise.resolve(false), ...options,
    };
    for (const sub of ['jobs', 'models', 'locks']) fs.mkdirSync(path.join(this.o.dir, sub), { recursive: true });
    // read_json over models/*.json needs a file to bind to before the first model exists (sql/90_models)
    const placeholder = path.join(this.o.dir, 'models', '_none.json');
    if (!fs.existsSync(placeholder)) fs.writeFileSync(placeholder, '');
  }

  /** Starts the background runner (idempotent). */
  start(): this {
    if (this.timer || this.closed) return this;
    this.timer = setInterval(() => { this.tick(); }, this.o.pollMs);
    this.timer.unref();
    this.tick();
    return this;
  }

  /** Stops taking jobs; running ones are abandoned (their leases lapse and another runner resumes them). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // builds still running stop (their results would be discarded anyway); their job files and leases stay as they are
    for (const c of this.inFlight) c.abort();
    await this.o.lock.close();
    await this.o.onClose();
  }

  private jobFile(cik: number): string {
    return path.join(this.o.dir, 'jobs', `${String(cik)}.json`);
  }

  private modelFile(cik: number): string {
    return path.join(this.o.dir, 'models', `${String(cik)}.json`);
  }

  readJob(cik: number): JobRecord | null {
    const text = readFileOrNull(this.jobFile(cik));
    return text === null ? null : (JSON.parse(text) as JobRecord);
  }

  readModel(cik: number): { model: StoredModel; etag: string } | null {
    const file = this.modelFile(cik);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return null;
    }
    const cached = this.models.get(cik);
    if (cached?.mtimeMs === stat.mtimeMs) return cached;
    const text = readFileOrNull(file);
    if (text === null) return null;
    const model = JSON.parse(text) as StoredModel;
    const etag = `"${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 27)}"`;
    const entry = { mtimeMs: stat.mtimeMs, model, etag };
    this.models.set(cik, entry);
    return entry;
  }

  /** The GET transition: ready, or the (possibly just queued) job's id, or the final failure. */
  async request(cik: number): Promise<ModelAnswer> {
    const ready = this.readModel(cik);
    if (ready) return this.readyAnswer(cik, ready);
    let job = this.readJob(cik);
    if (job?.status === 'failed' && this.o.now() - Date.parse(job.updatedAt) >= this.o.failedCooldownMs) {
      job = await this.requeueFailed(cik, job);
    }
    if (!job || job.status === 'done') job = this.createJob(cik);
    // the model may have landed between our two reads (a runner writes the model, then retires the job)
    const landed = this.readModel(cik);
    if (landed) return { state: 'ready', ...landed };
    if (job.status === 'failed') {
      const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(job.updatedAt) + this.o.failedCooldownMs - this.o.now()) / 1000));
      return { state: 'failed', jobId: job.jobId, error: job.error ?? 'model generation failed', retryAfterSeconds, permanent: job.permanent === true };
    }
    this.tick();
    return { state: 'generating', jobId: job.jobId };
  }

  /** A stored model, with the refresh job under way when a newer source exists (queued by the first GET to see it). */
  private async readyAnswer(cik: number, ready: { model: StoredModel; etag: string }): Promise<ModelAnswer> {
    let job = this.readJob(cik);
    // a job that is no refresh of this model is one that just stored it and is being retired
    if (job && job.replaces !== ready.model.jobId) job = null;
    if (!job) {
      const stale = await this.o.isStale(ready.model).catch((err: unknown) => {
        this.o.logger.warn({ cik, err: String(err) }, 'model staleness check failed: the stored model is served');
        return false;
      });
      if (!stale) return { state: 'ready', ...ready };
      job = this.createJob(cik, ready.model.jobId);
      if (job.replaces !== ready.model.jobId) return { state: 'ready', ...ready };
    } else if (job.status === 'failed' && this.o.now() - Date.parse(job.updatedAt) >= this.o.failedCooldownMs) {
      job = await this.requeueFailed(cik, job);
    }
    // a refresh that failed leaves the old model served, without a refresh under way until its cooldown ends
    if (job.status === 'failed' || job.status === 'done') return { state: 'ready', ...ready };
    this.tick();
    return { state: 'ready', ...ready, refreshJobId: job.jobId };
  }

  private newJob(cik: number, replaces?: string): JobRecord {
    const at = new Date(this.o.now()).toISOString();
    return {
      jobId: crypto.randomUUID(), cik, status: 'queued', attempts: 0, createdAt: at, updatedAt: at, notBefore: 0, error: null,
      ...(replaces === undefined ? {} : { replaces }),
    };
  }

  /** Exactly one job per company: whoever creates the file first wins, everyone else reads the winner's. */
  private createJob(cik: number, replaces?: string): JobRecord {
    const file = this.jobFile(cik);
    const existing = this.readJob(cik);
    if (existing?.status === 'done') fs.rmSync(file, { force: true });
    const mine = this.newJob(cik, replaces);
    if (createFileExclusive(file, JSON.stringify(mine))) {
      this.o.logger.info({ cik, jobId: mine.jobId }, 'model job queued');
      return mine;
    }
    return this.readJob(cik) ?? mine;
  }

  private async requeueFailed(cik: number, failed: JobRecord): Promise<JobRecord> {
    // under the company's lease, so two processes do not both replace the failed job
    if (!(await this.o.lock.tryAcquire(String(cik), this.owner, this.o.leaseMs))) return this.readJob(cik) ?? failed;
    try {
      const now = this.readJob(cik);
      if (now?.jobId !== failed.jobId || now.status !== 'failed') return now ?? failed;
      const fresh = this.newJob(cik, failed.replaces);
      writeFileAtomic(this.jobFile(cik), JSON.stringify(fresh));
      return fresh;
    } finally {
      await this.o.lock.release(String(cik), this.owner);
    }
  }

  /** Starts whatever runnable jobs fit in the free slots. */
  tick(): void {
    if (this.closed) return;
    let names: string[];
    try {
      names = fs.readdirSync(path.join(this.o.dir, 'jobs'));
    } catch {
      return;
    }
    for (const name of names) {
      if (this.running.size >= this.o.concurrency) return;
      const m = /^(\d+)\.json$/.exec(name);
      if (!m) continue;
      const cik = Number(m[1]);
      if (this.running.has(cik)) continue;
      const job = this.readJob(cik);
      if (!job || job.status === 'done' || job.status === 'failed' || job.notBefore > this.o.now()) continue;
      const run = this.claimAndRun(cik).catch((err: unknown) => {
        this.o.logger.warn({ cik, err: String(err) }, 'model job runner error');
        return true;
      }).then((worked) => {
        this.running.delete(cik);
        // a freed slot looks for more work at once; a job leased by another process waits for the next poll (looking
        // again at once would spin through promise callbacks and starve this process's timers, its heartbeats too)
        if (worked) this.tick();
      });
      this.running.set(cik, run);
    }
  }

  /** Resolves when no job of this process is running (tests, benches). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all(this.running.values());
  }

  /** Runs the company's job under its lease; false when another runner holds the lease. */
  private async claimAndRun(cik: number): Promise<boolean> {
    const key = String(cik);
    if (!(await this.o.lock.tryAcquire(key, this.owner, this.o.leaseMs))) return false;
    const heartbeat = setInterval(() => { void this.o.lock.renew(key, this.owner, this.o.leaseMs).catch(() => undefined); }, Math.max(50, this.o.leaseMs / 3));
    heartbeat.unref();
    try {
      // re-read under the lease: it may have finished, failed or been retired while we waited
      const job = this.readJob(cik);
      if (!job || job.status === 'done' || job.status === 'failed' || job.notBefore > this.o.now()) return true;
      // a model stored meanwhile ends the job, unless the job is the refresh of that very model
      const current = this.readModel(cik);
      if (current && current.model.jobId !== job.replaces) {
        this.retire(cik, job);
        return true;
      }
      const resumed = job.status === 'running';
      const attempt: JobRecord = { ...job, status: 'running', attempts: job.attempts + 1, updatedAt: this.iso() };
      writeFileAtomic(this.jobFile(cik), JSON.stringify(attempt));
      this.o.logger.info({ cik, jobId: job.jobId, attempt: attempt.attempts, resumed }, 'model job started');
      try {
        const built = await this.withTimeout((signal) => this.o.build(cik, signal));
        if (this.closed) return true;
        const stored: StoredModel = { cik, jobId: job.jobId, generatedAt: this.iso(), ...built };
        await this.storeOnce(key, stored);
        this.retire(cik, attempt);
        this.o.logger.info({ cik, jobId: job.jobId }, 'model job done');
      } catch (err) {
        if (this.closed) return true;
        const message = err instanceof Error ? err.message : String(err);
        const permanent = err instanceof Error && err.name === 'NoAnnualReport';
        const timeouts = (attempt.timeouts ?? 0) + (err instanceof JobTimeout ? 1 : 0);
        const final = permanent || attempt.attempts >= this.o.maxAttempts || timeouts >= 2;
        const reason = err instanceof JobTimeout && final ? `${message} (timed out on ${String(timeouts)} attempts; not retried again)` : message;
        const next: JobRecord = {
          ...attempt, status: final ? 'failed' : 'queued', error: reason, updatedAt: this.iso(), permanent, timeouts,
          notBefore: final ? 0 : this.o.now() + this.o.backoffMs * 2 ** (attempt.attempts - 1),
        };
        writeFileAtomic(this.jobFile(cik), JSON.stringify(next));
        this.o.logger.warn({ cik, jobId: job.jobId, attempt: attempt.attempts, final, error: reason }, 'model job attempt failed');
      }
    } finally {
      clearInterval(heartbeat);
      if (!this.closed) await this.o.lock.release(key, this.owner).catch(() => undefined);
    }
    return true;
  }

  /**
   * A job's model is stored once. A runner whose lease lapsed while it built (an event loop blocked past the lease, a
   * paused process) may finish beside the runner that took the job over: whichever stores first wins, the other's
   * build is discarded, so every GET sees one model (one ETag) per job. The lease holder replaces only a model of an
   * earlier job; a runner without the lease only creates the file where none exists.
   */
  private async storeOnce(key: string, stored: StoredModel): Promise<void> {
    const file = this.modelFile(stored.cik);
    const text = `${JSON.stringify(stored)}\n`;
    const holding = await this.o.lock.renew(key, this.owner, this.o.leaseMs).catch(() => false);
    const existing = this.readModel(stored.cik);
    if (existing?.model.jobId === stored.jobId || (!holding && existing)) {
      this.o.logger.warn({ cik: stored.cik, jobId: stored.jobId, holding }, 'model job: a second build of the job was discarded');
      return;
    }
    if (holding) writeFileAtomic(file, text);
    else if (!createFileExclusive(file, text)) this.o.logger.warn({ cik: stored.cik, jobId: stored.jobId }, 'model job: a second build of the job was discarded');
  }

  /** A finished job's file goes: the model file is the record from now on (it names the jobId). */
  private retire(cik: number, job: JobRecord): void {
    writeFileAtomic(this.jobFile(cik), JSON.stringify({ ...job, status: 'done', updatedAt: this.iso() }));
    fs.rmSync(this.jobFile(cik), { force: true });
  }

  private async withTimeout<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new JobTimeout(this.o.timeoutMs));
      }, this.o.timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([work(controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
      this.inFlight.delete(controller);
    }
  }

  private iso(): string {
    return new Date(this.o.now()).toISOString();
  }
}
