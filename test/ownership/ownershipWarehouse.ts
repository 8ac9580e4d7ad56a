// Test helper for the ownership suites: a temporary warehouse with the given inputs ingested, and a writer for variants
// of real documents (a fixture with one element changed) kept in the suite's own temporary folder.
import fs from 'node:fs';
import path from 'node:path';
import { openTempEngine, tempDir } from '../helpers/tempWarehouse.ts';
import { ingestPaths, type IngestReport } from '../../engine/ingest/ingest.ts';
import type { Engine } from '../../engine/db/Engine.ts';

export interface OwnershipWarehouse {
  engine: Engine;
  report: IngestReport;
  cleanup: () => void;
}

export async function ownershipWarehouse(paths: string[]): Promise<OwnershipWarehouse> {
  const { engine, cleanup } = await openTempEngine();
  try {
    const report = await ingestPaths(engine, paths);
    return { engine, report, cleanup };
  } catch (err) {
    cleanup();
    throw err;
  }
}

/** Copy a fixture into a scratch folder under a new name, applying text replacements that must each match. */
export function variantOf(source: string, dir: string, name: string, edits: [string | RegExp, string][]): string {
  let text = fs.readFileSync(source, 'utf8');
  for (const [from, to] of edits) {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`variantOf(${path.basename(source)}): ${String(from)} did not match`);
    text = next;
  }
  const target = path.join(dir, name);
  fs.writeFileSync(target, text);
  return target;
}

/** Copy a fixture into a scratch folder under a new name, transformed by a function that must change it. */
export function variantWith(source: string, dir: string, name: string, edit: (text: string) => string): string {
  const text = fs.readFileSync(source, 'utf8');
  const next = edit(text);
  if (next === text) throw new Error(`variantWith(${path.basename(source)}): the edit changed nothing`);
  const target = path.join(dir, name);
  fs.writeFileSync(target, next);
  return target;
}

export function scratchDir(): { dir: string; remove: () => void } {
  const dir = tempDir('own-');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
