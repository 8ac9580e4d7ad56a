// Test helpers for the XBRL/SGML suites: fixture documents as SourceFiles, parsed into a fresh batch.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { fixture } from '../helpers/tempWarehouse.ts';
import { Batch } from '../../engine/ingest/Batch.ts';
import type { SourceFile } from '../../engine/ingest/SourceFile.ts';
import { parseInto, type Parser } from '../../engine/ingest/parsers/Parser.ts';
import type { FactRow } from '../../engine/ingest/rows.ts';

export const EDGAR = fixture('edgar');
export const INSTANCES = fixture('edgar', 'xbrl', 'instances');
export const IXBRL = fixture('edgar', 'xbrl', 'ixbrl');

export function load(file: string, name = file): SourceFile {
  const raw = fs.readFileSync(file);
  return { name, bytes: file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw };
}

export function fromText(name: string, text: string): SourceFile {
  return { name, bytes: Buffer.from(text, 'utf8') };
}

export function parseWith(parser: Parser, file: SourceFile): { batch: Batch; nested: SourceFile[] } {
  const batch = new Batch();
  const nested = parseInto(parser, file, batch);
  return { batch, nested };
}

/** The comparable content of a fact: what the instance and the inline document must agree on. */
export function factKey(f: FactRow): string {
  return JSON.stringify([f.concept, f.unit, f.periodStart, f.periodEnd, f.dims, f.value, f.decimals]);
}

export function find(facts: FactRow[], where: Partial<FactRow> & { dimKey?: string }): FactRow[] {
  return facts.filter((f) =>
    Object.entries(where).every(([k, v]) =>
      k === 'dimKey' ? f.dims.map((d) => `${d.axis}=${d.member}`).join('|') === v : (f as unknown as Record<string, unknown>)[k] === v,
    ),
  );
}
