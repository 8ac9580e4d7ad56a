// Test helper for the ownership suites: a temporary warehouse with the given inputs ingested, and a writer for variants
// of real documents (a fixture with one element changed) kept in the suite's own temporary folder.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
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
  return { dir, remove: () => { fs.rmSync(dir, { recursive: true, force: true }); } };
}

/** A zip archive of the given files (stored, no compression), the layout the SEC publishes its quarterly data sets in. */
export function storedZip(target: string, files: { name: string; bytes: Buffer }[]): string {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name, 'utf8');
    const crc = zlib.crc32(f.bytes);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(f.bytes.length, 18);
    local.writeUInt32LE(f.bytes.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(f.bytes.length, 20);
    central.writeUInt32LE(f.bytes.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + f.bytes.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(target, Buffer.concat([...locals, dir, end]));
  return target;
}
