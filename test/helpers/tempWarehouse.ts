// Each suite gets its own warehouse in a temporary directory, removed afterwards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Engine } from '../../engine/db/Engine.ts';
import { ensureWarehouse } from '../../engine/warehouse/ensureWarehouse.ts';
import { ingestPaths } from '../../engine/ingest/ingest.ts';
import { defined } from './defined.ts';

// The fixtures root is read once, in fixtures.ts; re-exported here for the suites that import it from this module.
export { FIXTURES, fixture } from './fixtures.ts';

const created = new Set<string>();
// each test file runs in its own process: whatever a suite forgot to remove goes when that process ends
process.on('exit', () => {
  for (const dir of created) fs.rmSync(dir, { recursive: true, force: true });
});

export function tempDir(prefix = 'wh-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.add(dir);
  return dir;
}

export async function openTempEngine(mode: 'read' | 'write' = 'write', dir = tempDir()): Promise<{ engine: Engine; dir: string; cleanup: () => void }> {
  // a reader never creates a warehouse (serving opens read-only): lay out the empty one a writer would have made
  if (mode === 'read') await ensureWarehouse(dir);
  const engine = await Engine.open({ warehouseDir: dir, mode, threads: 2, memoryLimit: '2GB' });
  return {
    engine,
    dir,
    cleanup: () => {
      engine.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A warehouse at `dir` holding `paths`, written by a one-thread engine closed before it returns (for a server process to open). */
export async function ingestedWarehouse(dir: string, paths: readonly string[]): Promise<void> {
  const engine = await Engine.open({ warehouseDir: dir, mode: 'write', threads: 1 });
  try {
    await ingestPaths(engine, [...paths]);
  } finally {
    engine.close();
  }
}

/** Row counts of the core source views: equal before and after a re-ingest, unchanged by a rejected batch. */
export async function warehouseCounts(engine: Engine): Promise<{ facts: number; filings: number; entities: number; securities: number }> {
  const [row] = await engine.query<{ facts: number; filings: number; entities: number; securities: number }>(`
    SELECT (SELECT count(*) FROM src_facts)::INTEGER AS facts, (SELECT count(*) FROM src_filings)::INTEGER AS filings,
           (SELECT count(*) FROM src_entities)::INTEGER AS entities, (SELECT count(*) FROM src_securities)::INTEGER AS securities`);
  return defined(row, 'row');
}
