// The periods refresh as a writer runs it: under the writer lock, after an ingest or on request, and never fatal to an
// ingest whose batch already committed. A failure leaves the stored periods stale (readers compute on the fly) and
// says so, with the reason and the command that retries.
import type { Engine } from '../db/Engine.ts';
import { acquireWriterLock } from '../warehouse/commitBatch.ts';
import { materializePeriods, periodsAreCurrent, type MaterializeReport } from './materializePeriods.ts';
import { renderAnswers, type RenderReport } from '../serving/renderAnswers.ts';

/**
 * `rendered`: the rendered-answer store's refresh after the periods (an Error leaves it stale: requests run live; null
 * when not asked for, which leaves any previous store stale the same way).
 */
export type RefreshOutcome = { ok: true; report: MaterializeReport; rendered: RenderReport | Error | null } | { ok: false; error: Error };

export interface RefreshOptions {
  /**
   * Render the rendered-answer store after the periods (engine/serving). Production writers ask for it (npm run ingest,
   * the demo build); off by default so the test helpers and scripts that only need the stored periods do not pay for it.
   */
  render?: boolean;
  /** Buckets computed at once (materializePeriods' concurrency; undefined: its default). */
  concurrency?: number | undefined;
}

export const RETRY_HINT = '`npm run ingest -- --refresh-periods` (or the next ingest) rebuilds them';

/** Refresh with the writer lock already held (an ingest's afterCommit). */
export async function refreshPeriodsLocked(engine: Engine, full = false, options: RefreshOptions = {}): Promise<RefreshOutcome> {
  try {
    const report = await materializePeriods(engine, { full, ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }) });
    const rendered = options.render
      ? await renderAnswers(engine, { full }).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))
      : null;
    return { ok: true, report, rendered };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err : new Error(String(err)) };
  }
}

/**
 * Take the writer lock and refresh when `force`, or when the stored periods do not reflect every committed ingest (a
 * refresh that was killed or failed, or never ran). Null when they were current and nothing was forced.
 */
export async function refreshPeriods(engine: Engine, force = false, options: RefreshOptions = {}): Promise<RefreshOutcome | null> {
  const release = acquireWriterLock(engine.warehouseDir);
  try {
    if (!force && periodsAreCurrent(engine.warehouseDir)) return null;
    return await refreshPeriodsLocked(engine, force, options);
  } finally {
    release();
  }
}
