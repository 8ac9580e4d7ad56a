// The rendered store an engine may answer from right now: the published generation, opened once and kept while it
// renders the warehouse version the engine sees. A new publish is noticed within a second (one stat of the state file
// at most that often, as WarehouseState does for the periods); a new ingest at once (the version changes).
import fs from 'node:fs';
import path from 'node:path';
import type { Engine } from '../db/Engine.ts';
import { RENDERED_DIR, RenderedStoreReader } from './RenderedStore.ts';

const RECHECK_MS = 1000;

interface Held {
  stateStamp: string;
  checkedAt: number;
  reader: RenderedStoreReader | null;
}

const held = new WeakMap<Engine, Held>();

function stateStamp(warehouseDir: string): string {
  const st = fs.statSync(path.join(warehouseDir, RENDERED_DIR, 'state.json'), { bigint: true, throwIfNoEntry: false });
  return st ? `${String(st.mtimeNs)}:${String(st.ino)}:${String(st.size)}` : '-';
}

/** The reader for the engine's current warehouse version, or null (none published, or rendered from another version). */
export function renderedStoreFor(engine: Engine): RenderedStoreReader | null {
  const now = Date.now();
  let h = held.get(engine);
  if (!h || now - h.checkedAt >= RECHECK_MS) {
    const stamp = stateStamp(engine.warehouseDir);
    if (!h || stamp !== h.stateStamp) {
      h?.reader?.close();
      h = { stateStamp: stamp, checkedAt: now, reader: stamp === '-' ? null : RenderedStoreReader.open(engine.warehouseDir) };
      held.set(engine, h);
    } else {
      h.checkedAt = now;
    }
  }
  const { reader } = h;
  return reader && reader.state.version === engine.warehouse().version ? reader : null;
}

/** Forgets the engine's reader (closing its file); the next call reopens whatever is published. */
export function dropRenderedStore(engine: Engine): void {
  held.get(engine)?.reader?.close();
  held.delete(engine);
}
