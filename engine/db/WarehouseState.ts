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

export class WarehouseState {
  private snapshot: WarehouseSnapshot;

  constructor(readonly warehouseDir: string) {
    this.snapshot = this.read(stampOf(warehouseDir));
  }

  /** Re-stat (a few stat calls) and re-read only when the stamp moved; returns the current snapshot. */
  current(): WarehouseSnapshot {
    const stamp = stampOf(this.warehouseDir);
    if (stamp !== this.snapshot.stamp) this.snapshot = this.read(stamp);
    return this.snapshot;
  }

  private read(stamp: string): WarehouseSnapshot {
    let names: string[] = [];
    try {
      names = fs.readdirSync(path.join(this.warehouseDir, '_manifest')).filter((n) => n.endsWith('.json')).sort();
    } catch {
      names = [];
    }
    return { stamp, version: `${names.length}:${names.at(-1) ?? 'empty'}`, periodsCurrent: periodsAreCurrent(this.warehouseDir), cikBuckets: CIK_BUCKETS };
  }
}

/**
 * A commit renames its manifest into `_manifest` (the folder's mtime changes); a periods refresh rewrites
 * `periods/_state.json` and any staleness marker lands in `periods/` (that folder's mtime changes).
 */
function stampOf(warehouseDir: string): string {
  return [path.join(warehouseDir, '_manifest'), path.join(warehouseDir, 'periods'), path.join(warehouseDir, 'periods', '_state.json')]
    .map((p) => {
      try {
        const st = fs.statSync(p, { bigint: true });
        return `${st.mtimeNs}:${st.size}:${st.nlink}`;
      } catch {
        return '-';
      }
    })
    .join('|');
}
