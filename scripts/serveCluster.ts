// The multi-process server (`npm start -- --workers N`, FILINGS_WORKERS): one Node process uses one core for its
// JavaScript, so a primary forks N workers (node:cluster) that each open the warehouse read-only and serve the same
// port. The primary does what must happen once (the demo build on an empty warehouse, the demo token, the "serving"
// line), restarts a worker that dies (with a backoff), and on SIGTERM/SIGINT has every worker finish its in-flight
// requests before it exits. What must hold across workers lives outside them: rate limits, OAuth records and model-job
// leases in Redis (so N > 1 needs REDIS_URL), tokens in the tokens file every worker re-reads within a second.
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { pino, type Logger } from 'pino';
import type { Config } from '../engine/config.ts';
import { TokenStore } from '../engine/accounts/TokenStore.ts';
import { ensureDemoWarehouse } from '../demo/buildDemoWarehouse.ts';
import { BASE } from '../http/app.ts';
import { loadTierConfig } from '../http/tiers.ts';
import { openServing } from './openServing.ts';
import { demoTokenText, mintDemoToken } from './demoToken.ts';

/** A worker's first restart waits this long; each quick death after it doubles the wait, up to RESTART_MAX_MS. */
const RESTART_BASE_MS = 500;
const RESTART_MAX_MS = 30_000;
/** A worker that served this long before dying counts as healthy: its restart starts over at the base wait. */
const STABLE_MS = 30_000;
/** A worker still running this long after the shutdown began is killed (its server's own deadline is 10 s). */
const SHUTDOWN_KILL_MS = 15_000;

type ToPrimary = { type: 'ready'; url: string; publicUrl: string };
type ToWorker = { type: 'shutdown' };

function isReady(m: unknown): m is ToPrimary {
  return typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'ready';
}

/** Why several processes cannot run on the in-process limiter, and what to do. */
export function workersNeedRedis(workers: number): string {
  return `${String(workers)} workers need REDIS_URL: the in-process rate limiter counts per process, so each worker would grant ` +
    `a plan's whole quota (${String(workers)}x in all); set REDIS_URL=redis://host:6379 (rate limits, OAuth records and ` +
    'model-job leases are then shared by the workers), or run one process (FILINGS_WORKERS=1, the default)';
}

interface Slot {
  worker: Worker | null;
  startedAt: number;
  /** Deaths in a row, each within STABLE_MS of its start. */
  failures: number;
  restart: NodeJS.Timeout | null;
}

export async function servePrimary(config: Config): Promise<void> {
  const logger = pino({ level: config.logLevel });
  if (config.redisUrl === null) throw new Error(workersNeedRedis(config.workers));
  // a bad tiers file fails here, once, not in every worker after the demo build
  loadTierConfig(config.tiersFile);
  const demo = await ensureDemoWarehouse(config);
  if (demo.built) logger.info({ warehouse: config.warehouseDir, rows: demo.report?.rows }, 'empty warehouse: built the demo warehouse');
  // minted before the workers start, so every worker has it loaded when it is printed
  const token = mintDemoToken(new TokenStore(config.tokensFile, 1000, logger), demo.built);

  const slots: Slot[] = Array.from({ length: config.workers }, () => ({ worker: null, startedAt: 0, failures: 0, restart: null }));
  let serving = false;
  let stopping = false;
  let firstReady: ToPrimary | null = null;
  let pendingStart = config.workers;
  const started = new Promise<void>((resolve, reject) => {
    const fork = (slot: Slot) => {
      slot.restart = null;
      slot.startedAt = Date.now();
      const worker = cluster.fork();
      slot.worker = worker;
      worker.on('message', (m: unknown) => {
        if (!isReady(m)) return;
        firstReady ??= m;
        if (serving) logger.info({ worker: worker.id, workerPid: worker.process.pid }, 'worker restarted: serving');
        else if (--pendingStart === 0) resolve();
      });
      worker.once('exit', (code, signal) => {
        slot.worker = null;
        if (stopping) {
          if (slots.every((s) => s.worker === null)) finish();
          return;
        }
        if (!serving) {
          reject(new Error(`worker ${String(worker.process.pid)} exited during start-up (code ${String(code)}, signal ${signal}); its error is above`));
          return;
        }
        slot.failures = Date.now() - slot.startedAt >= STABLE_MS ? 1 : slot.failures + 1;
        const wait = Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** (slot.failures - 1));
        logger.error({ worker: worker.id, workerPid: worker.process.pid, code, signal, restartInMs: wait }, 'worker died: starting another');
        slot.restart = setTimeout(() => { fork(slot); }, wait);
      });
    };
    for (const slot of slots) fork(slot);
  });

  const live = () => slots.flatMap((s) => (s.worker ? [s.worker] : []));
  const finish = () => {
    logger.info('stopped');
    process.exit(0);
  };
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, workers: live().length }, 'shutting down: finishing in-flight requests');
    for (const slot of slots) if (slot.restart) clearTimeout(slot.restart);
    if (live().length === 0) finish();
    for (const worker of live()) {
      if (worker.isConnected()) worker.send({ type: 'shutdown' } satisfies ToWorker);
      else worker.process.kill('SIGTERM');
    }
    setTimeout(() => {
      for (const worker of live()) {
        logger.warn({ worker: worker.id, workerPid: worker.process.pid }, 'worker still running past the shutdown deadline: killed');
        worker.process.kill('SIGKILL');
      }
    }, SHUTDOWN_KILL_MS).unref();
  };
  process.on('SIGTERM', () => { stop('SIGTERM'); });
  process.on('SIGINT', () => { stop('SIGINT'); });

  try {
    await started;
  } catch (err) {
    stopping = true;
    for (const worker of live()) worker.process.kill('SIGTERM');
    throw err;
  }
  serving = true;
  const ready = firstReady as ToPrimary | null;
  if (ready === null) throw new Error('no worker reported its address');
  logger.info({
    url: `${ready.url}${BASE}`, mcp: `${ready.publicUrl}/mcp`, workers: live().map((w) => w.process.pid),
    rateLimits: 'redis', oauthStore: 'redis',
  }, 'serving');
  if (token !== null) process.stdout.write(demoTokenText(config, token, ready.url, ready.publicUrl));
}

/** A worker: the app on the shared port; its log lines carry its worker id (the request log tells who answered). */
export async function serveWorker(config: Config): Promise<void> {
  const id = cluster.worker?.id ?? 0;
  const logger: Logger = pino({ level: config.logLevel, base: { pid: process.pid, hostname: os.hostname(), worker: id } });
  const serving = await openServing(config, logger, loadTierConfig(config.tiersFile));
  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, 'worker shutting down: finishing in-flight requests');
    void serving.stop().then(() => { process.exit(0); });
  };
  // the primary asks on SIGTERM/SIGINT; a signal sent to the worker itself (a terminal's Ctrl-C reaches the whole group) does the same
  process.on('message', (m: unknown) => {
    if (typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'shutdown') stop('primary');
  });
  process.on('SIGTERM', () => { stop('SIGTERM'); });
  process.on('SIGINT', () => { stop('SIGINT'); });
  process.send?.({ type: 'ready', url: serving.running.url, publicUrl: serving.publicUrl } satisfies ToPrimary);
}
