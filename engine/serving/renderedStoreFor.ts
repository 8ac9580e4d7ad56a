// The rendered store an engine may answer from right now: the published generation, opened once and kept while it
// renders the warehouse version and the stored-periods generation the engine sees. A new publish or periods refresh is
// noticed within a second (one stat of each state file at most that often) while the held reader answers, and at the
// next call while it does not (two stats beside a query on the live path): the rule WarehouseState keeps for the
// stored periods. A new ingest is noticed at once (the version changes).
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../db/Engine.ts';
import { readPeriodsState } from '../financials/materializePeriods.ts';
import { RENDERED_DIR, RenderedStoreReader } from './RenderedStore.ts';

const RECHECK_MS = 1000;

interface Held {
  stateStamp: string;
  periodsStamp: string;
  /** The stored periods' generation, null while there is none (a refresh mid-swap, or never run). */
  periodsGeneration: string | null;
  checkedAt: number;
  reader: RenderedStoreReader | null;
}

const held = new WeakMap<Engine, Held>();

function stamp(file: string): string {
  const st = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  return st ? `${String(st.mtimeNs)}:${String(st.ino)}:${String(st.size)}` : '-';
}

/** The reader for the engine's current warehouse version and stored periods, or null (none, or rendered from others). */
export function renderedStoreFor(engine: Engine): RenderedStoreReader | null {
  const now = Date.now();
  const wh = engine.warehouseDir;
  let h = held.get(engine);
  // a reader that does not answer for what the engine sees is looked again for at once: the store published since
  // (a render finishes just after a query of its own looked) must not wait out the second on the live path
  if (!h || now - h.checkedAt >= RECHECK_MS || !answers(engine, h)) {
    const stateStamp = stamp(path.join(wh, RENDERED_DIR, 'state.json'));
    const periodsStamp = stamp(path.join(wh, 'periods', '_state.json'));
    const reopen = !h || stateStamp !== h.stateStamp;
    if (reopen) h?.reader?.close();
    h = {
      stateStamp,
      periodsStamp,
      periodsGeneration: h && periodsStamp === h.periodsStamp ? h.periodsGeneration : (readPeriodsState(wh)?.generation ?? null),
      checkedAt: now,
      reader: reopen || !h ? (stateStamp === '-' ? null : RenderedStoreReader.open(wh)) : h.reader,
    };
    held.set(engine, h);
  }
  return answers(engine, h) ? h.reader : null;
}

/** Whether the held reader renders the warehouse version and the stored-periods generation the engine sees. */
function answers(engine: Engine, h: Held): boolean {
  const { reader, periodsGeneration } = h;
  return reader !== null && reader.state.version === engine.warehouse().version && reader.state.periodsGeneration === periodsGeneration;
}

/** Forgets the engine's reader (closing its file); the next call reopens whatever is published. */
export function dropRenderedStore(engine: Engine): void {
  held.get(engine)?.reader?.close();
  held.delete(engine);
}
