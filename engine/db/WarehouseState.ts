// What the serving process knows about the warehouse, read in one place and refreshed when its stamp changes: the
// version ETags embed, whether the materialized periods reflect every ingest, and the bucket count SQL partitions by.
import fs from 'node:fs';
import path from 'node:path';
import { periodsAreCurrent } from '../financials/materializePeriods.ts';
import { CIK_BUCKETS } from './cikBuckets.ts';

export interface WarehouseSnapshot {
  /** Changes whenever a commit manifest lands or the periods materialization changes state. */
  readonly stamp: string;
  /** The newest commit manifest; any ingest changes it (ETags embed it). */
  readonly version: string;
  /** The stored periods answer "now" exactly as the on-the-fly reconstruction would. */
  readonly periodsCurrent: boolean;
  readonly cikBuckets: number;
}

/**
 * How stale a change of the stored periods may be seen while they are current (a new ingest, which makes them stale,
 * is seen at once). While they are stale every call looks again: such a call takes the live path, whose query costs
 * far more than two stats, and a refresh that has just made them current (in this process or another) must not leave
 * the next second's requests on it (the suite's responseMemo test failed that way: the first as-reported answer after
 * the refresh was computed live, the next one read from the rendered store).
 */
const PERIODS_RECHECK_MS = 1000;

/**
 * A folder listing read less than this long after the folder's mtime may miss a change that lands within the same
 * timestamp tick (file systems stamp with a coarse clock: a jiffy, 1-10 ms), which would then leave the stamp as it
 * was: such a snapshot is read again on every call until its mtime is older than this (git's "racy" index entries).
 */
const RACY_MS = 100;

interface Stamped {
  snapshot: WarehouseSnapshot;
  /** The `_manifest` mtime is old enough that any later commit changes the stamp. */
  settled: boolean;
}

export class WarehouseState {
  private held: Stamped;
  private periodsStamp: string;
  private periodsCheckedAt: number;
  /** The snapshot of the synchronous run under way (dropped at its end: see `current`). */
  private memo: WarehouseSnapshot | undefined;
  private readonly forget = (): void => {
    this.memo = undefined;
  };
  /** Told when the stored periods become stale or current again (the server logs it: reads then go on the fly). */
  onPeriodsChange: ((current: boolean) => void) | undefined;
  /** Joined once: a path.join per request was 1.1% of a replayed hot request's CPU. */
  private readonly manifestDir: string;

  constructor(readonly warehouseDir: string, private readonly clock: () => number = Date.now) {
    this.manifestDir = path.join(warehouseDir, '_manifest');
    this.periodsStamp = periodsStampOf(warehouseDir);
    this.periodsCheckedAt = clock();
    this.held = this.read(clock());
  }

  /**
   * The warehouse as of this call: one stat of `_manifest` (a commit renames its manifest into it) per synchronous run
   * of the caller, the periods files at most once a second while the stored periods are current (on every call while
   * they are not). A request's steps (validation, the stored-or-live choice,
   * the rendered store's version check) run synchronously and share one snapshot; whatever runs after an `await`, a
   * timer or the next I/O callback stats again, so a commit by this process or another is seen by the next request.
   * Measured: three stats per rendered hit were ~15% of its CPU on the loaded bench box.
   */
  current(): WarehouseSnapshot {
    if (this.memo) return this.memo;
    const now = this.clock();
    if (now - this.periodsCheckedAt >= PERIODS_RECHECK_MS || !this.held.snapshot.periodsCurrent) {
      this.periodsCheckedAt = now;
      this.periodsStamp = periodsStampOf(this.warehouseDir);
    }
    const was = this.held.snapshot;
    if (!this.held.settled || this.stampOf(manifestStat(this.manifestDir)) !== was.stamp) {
      this.held = this.read(now);
      if (this.held.snapshot.periodsCurrent !== was.periodsCurrent) this.onPeriodsChange?.(this.held.snapshot.periodsCurrent);
    }
    this.memo = this.held.snapshot;
    queueMicrotask(this.forget);
    return this.memo;
  }

  private stampOf(manifest: fs.BigIntStats | undefined): string {
    return `${manifest ? `${String(manifest.mtimeNs)}:${String(manifest.size)}:${String(manifest.nlink)}` : '-'}|${this.periodsStamp}`;
  }

  /** The listing, stamped with the stat taken before it (a commit between the two moves the stamp again). */
  private read(now: number): Stamped {
    const manifest = manifestStat(this.manifestDir);
    const stamp = this.stampOf(manifest);
    let names: string[];
    try {
      names = fs.readdirSync(this.manifestDir).filter((n) => n.endsWith('.json')).sort();
    } catch {
      names = [];
    }
    const version = `${String(names.length)}:${names.at(-1) ?? 'empty'}`;
    const settled = manifest !== undefined && now - Number(manifest.mtimeNs / 1_000_000n) > RACY_MS;
    return { snapshot: { stamp, version, periodsCurrent: periodsAreCurrent(this.warehouseDir), cikBuckets: CIK_BUCKETS }, settled };
  }
}

function manifestStat(manifestDir: string): fs.BigIntStats | undefined {
  return fs.statSync(manifestDir, { bigint: true, throwIfNoEntry: false });
}

function statStamp(p: string): string {
  const st = fs.statSync(p, { bigint: true, throwIfNoEntry: false });
  return st ? `${String(st.mtimeNs)}:${String(st.size)}:${String(st.nlink)}` : '-';
}

/** A periods refresh rewrites `periods/_state.json`; a staleness marker landing in `periods/` changes its mtime. */
function periodsStampOf(warehouseDir: string): string {
  return `${statStamp(path.join(warehouseDir, 'periods'))}/${statStamp(path.join(warehouseDir, 'periods', '_state.json'))}`;
}
