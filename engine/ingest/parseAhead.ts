// Reads input units and hands companyfacts documents to the parse workers ahead of the main thread, which takes the
// results in input order. Up to a byte budget of documents is in flight, so the workers keep parsing while the main
// thread writes a batch's Parquet; the budget bounds the memory this adds, whatever the input's size.
import { IngestError } from './IngestError.ts';
import { PARSERS } from './parsers/registry.ts';
import { companyFactsParser } from './parsers/companyfacts.ts';
import type { ParsePool } from './ParsePool.ts';
import type { ParseReply } from './parseMessages.ts';
import type { RawMember, SourceUnit } from './readInputs.ts';
import type { SourceFile } from './SourceFile.ts';
import { gunzipIfNeeded, inflateMember } from './zipMember.ts';
import zlib from 'node:zlib';
import type { FactColumnsPart } from '../warehouse/FactColumns.ts';
import type { DatasetRows } from '../warehouse/datasets.ts';

type Read = SourceUnit & { diskBytes: number };

export type ReadyUnit = (
  | { kind: 'unit'; unit: Exclude<SourceUnit, { kind: 'raw' }> }
  | { kind: 'parsed'; name: string; size: number; parser: string; part: FactColumnsPart; rows: Partial<DatasetRows> }
  | { kind: 'invalid'; name: string; size: number; error: IngestError }
) & { diskBytes: number };

export interface AheadLimits {
  /** Source bytes (uncompressed) read but not yet taken by the consumer. */
  bytes: number;
  /** Units read but not yet taken. */
  units: number;
}

function sizeOf(unit: Read): number {
  if (unit.kind === 'raw') return unit.entry.uncompressedSize;
  if (unit.kind === 'file') return unit.file.bytes.length;
  return [...unit.group.files.values()].reduce((s, f) => s + f.bytes.length, 0);
}

function ready(reply: ParseReply, diskBytes: number, name: string): ReadyUnit {
  switch (reply.kind) {
    case 'parsed':
      return { kind: 'parsed', name, size: reply.size, parser: reply.parser, part: reply.part, rows: reply.rows, diskBytes };
    case 'invalid':
      return { kind: 'invalid', name, size: reply.size, error: new IngestError(reply.file, reply.reason), diskBytes };
    case 'unreadable':
      throw new IngestError(reply.file, reply.reason);
  }
}

/** Whether parseFile would take the document for companyfacts (detectors look at the name and the first 4,096 bytes). */
function isCompanyFacts(name: string, head: Uint8Array): boolean {
  const file = { name, bytes: Buffer.from(head.buffer, head.byteOffset, head.byteLength) };
  const text = file.bytes.subarray(0, HEAD).toString('utf8');
  return PARSERS.find((p) => p.detect(file, text)) === companyFactsParser;
}

const HEAD = 4096;
/** Compressed bytes inflated to find a member's head: deflate never shrinks data, so this yields well over HEAD bytes. */
const HEAD_INPUT = 64 * 1024;

/** A deflated member's first HEAD bytes, or null when they cannot be had without inflating it all (gzip, corrupt data). */
function memberHead(unit: RawMember): Uint8Array | null {
  let head: Uint8Array;
  if (unit.entry.method === 0) head = unit.compressed.subarray(0, HEAD);
  else {
    try {
      head = zlib.inflateRawSync(unit.compressed.subarray(0, HEAD_INPUT), { finishFlush: zlib.constants.Z_SYNC_FLUSH }).subarray(0, HEAD);
    } catch {
      return null;
    }
  }
  if (head.length < Math.min(HEAD, unit.entry.uncompressedSize)) return null;
  // a gzip inside the member: its head is that of the gunzipped bytes
  if (unit.name.toLowerCase().endsWith('.gz') || (head[0] === 0x1f && head[1] === 0x8b)) return null;
  return head;
}

/** A member inflated here, with the reader's own errors. */
function inflated(unit: RawMember): SourceFile {
  let bytes: Buffer;
  try {
    bytes = inflateMember(unit.compressed, unit.entry);
  } catch (err) {
    throw new IngestError(unit.name, `cannot read zip member (${(err as Error).message})`);
  }
  return { name: unit.name, bytes: gunzipIfNeeded(unit.name, bytes) };
}

function prepare(unit: Read, pool: ParsePool): Promise<ReadyUnit> {
  const { diskBytes } = unit;
  try {
    if (unit.kind === 'raw') {
      // the main thread detects as parseFile does; only what it would parse as companyfacts goes to a worker compressed
      const head = memberHead(unit);
      if (head && isCompanyFacts(unit.name, head)) return pool.parse(unit.name, unit.compressed, unit.entry).then((r) => ready(r, diskBytes, unit.name));
      return Promise.resolve(fileUnit(inflated(unit), diskBytes, pool));
    }
    if (unit.kind === 'file') return Promise.resolve(fileUnit(unit.file, diskBytes, pool));
    return Promise.resolve({ kind: 'unit', unit: { kind: 'group', group: unit.group }, diskBytes });
  } catch (err) {
    return Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
}

function fileUnit(file: SourceFile, diskBytes: number, pool: ParsePool): ReadyUnit | Promise<ReadyUnit> {
  if (isCompanyFacts(file.name, file.bytes.subarray(0, HEAD))) return pool.parse(file.name, new Uint8Array(file.bytes), null).then((r) => ready(r, diskBytes, file.name));
  return { kind: 'unit', unit: { kind: 'file', file }, diskBytes };
}

/** Yields source's units in order, each companyfacts document already parsed by the pool. */
export async function* parseAhead(source: AsyncIterable<Read>, pool: ParsePool, limits: AheadLimits): AsyncGenerator<ReadyUnit> {
  const queue: { result: Promise<ReadyUnit>; size: number }[] = [];
  let queuedBytes = 0;
  // set by the reader and the consumer, each seen by the other after an await
  const state = { ended: false, stopped: false };
  let wake: (() => void) | null = null;
  const signal = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const waitForSignal = () => new Promise<void>((resolve) => { wake = resolve; });
  // the reader: one unit at a time off disk, each handed to a worker at once; a read error takes its place in the queue
  const reader = (async () => {
    try {
      for await (const unit of source) {
        while (!state.stopped && queue.length > 0 && (queuedBytes >= limits.bytes || queue.length >= limits.units)) await waitForSignal();
        if (state.stopped) return;
        const size = sizeOf(unit);
        const result = prepare(unit, pool);
        result.catch(() => undefined);
        queue.push({ result, size });
        queuedBytes += size;
        signal();
      }
    } catch (err) {
      const result = Promise.reject(err instanceof Error ? err : new Error(String(err)));
      result.catch(() => undefined);
      queue.push({ result, size: 0 });
    } finally {
      state.ended = true;
      signal();
    }
  })();
  try {
    for (;;) {
      while (queue.length === 0 && !state.ended) await waitForSignal();
      const next = queue.shift();
      if (!next) return;
      queuedBytes -= next.size;
      signal();
      yield await next.result;
    }
  } finally {
    state.stopped = true;
    signal();
    await reader;
    await Promise.allSettled(queue.map((q) => q.result));
  }
}
