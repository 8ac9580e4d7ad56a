// The rendered-answer store on disk: JSON answers rendered after ingest, one record per key, answered by a positional
// read (no planning, no DuckDB). A generation is two immutable files under `_rendered/<generation>/` (records, and an
// index of key -> offset and length), published by renaming `_rendered/state.json` over the previous one; the state
// names the warehouse version (the commit manifests) the answers reflect, so a reader of another version ignores it.
// The bodies stay on disk (the OS page cache holds the hot ones): the process keeps only the index, whatever the size.
// A record of an answer of 1 KiB or more is followed by the gzip of its JSON array, sent as-is to a client that takes
// gzip (the bytes koa-compress would otherwise compress on every request); its index line says so with two more
// columns. A generation written before that has three-column lines and no gzip: it is read as it always was.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const RENDERED_DIR = '_rendered';
const STATE = 'state.json';
const RECORDS = 'records.bin';
const INDEX = 'index.tsv';

export interface RenderedState {
  generation: string;
  /** WarehouseSnapshot.version of the warehouse the answers were rendered from. */
  version: string;
  /** Generation of the stored periods (periods/_state.json) the period answers were read from. */
  periodsGeneration: string;
  /** Per cik bucket, the identity of the stored periods and statements files its period answers were read from. */
  buckets: Record<string, string>;
  /** Commit manifests the generation reflects (the next render recomputes the buckets named by newer ones). */
  manifests: string[];
  builtAt: string;
  keys: number;
}

/** One rendered answer: the rows of a JSON array, as the live path renders each (a record keeps the row boundaries). */
export interface RenderedRows {
  /** `[row,row,...]`, byte for byte what the live path streams for the whole result. */
  readonly array: Buffer;
  /** Byte offset just past each row inside `array`. */
  readonly ends: Uint32Array;
}

export function readRenderedState(warehouseDir: string): RenderedState | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(warehouseDir, RENDERED_DIR, STATE), 'utf8')) as RenderedState;
  } catch {
    return null;
  }
}

/** Publishes `state` (atomic rename): also how an unchanged generation is re-stamped for a new warehouse version. */
export function writeState(warehouseDir: string, state: RenderedState): void {
  const root = path.join(warehouseDir, RENDERED_DIR);
  const tmp = path.join(root, `${STATE}.${String(process.pid)}`);
  fs.writeFileSync(tmp, JSON.stringify(state, null, 2));
  fs.renameSync(tmp, path.join(root, STATE));
}

/** The size from which an answer is kept gzipped too: koa-compress's threshold, below which the app sends it raw. */
export const GZIP_FROM_BYTES = 1024;

/** Record layout: u32 row count n, n u32 row ends, then the array bytes. */
export function encodeRows(rows: readonly string[]): Buffer {
  const parts = rows.map((r) => Buffer.from(r, 'utf8'));
  const head = Buffer.alloc(4 * (rows.length + 1));
  head.writeUInt32LE(rows.length, 0);
  let at = 1;
  parts.forEach((p, i) => {
    at += p.length;
    head.writeUInt32LE(at, 4 * (i + 1));
    at += 1;
  });
  const body = Buffer.allocUnsafe(rows.length === 0 ? 2 : at);
  body[0] = 0x5b;
  let pos = 1;
  parts.forEach((p, i) => {
    if (i > 0) body[pos++] = 0x2c;
    pos += p.copy(body, pos);
  });
  body[pos] = 0x5d;
  return Buffer.concat([head, body]);
}

/** Typed arrays use the host's byte order; the records are little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function decodeRows(record: Buffer): RenderedRows {
  const n = record.readUInt32LE(0);
  // the row ends are viewed in place when they can be (a little-endian host and a 4-byte aligned record: one read into
  // its own buffer is), not copied one by one: the view keeps nothing alive that `array` does not already
  let ends: Uint32Array;
  if (LITTLE_ENDIAN && (record.byteOffset & 3) === 0) {
    ends = new Uint32Array(record.buffer, record.byteOffset + 4, n);
  } else {
    ends = new Uint32Array(n);
    for (let i = 0; i < n; i++) ends[i] = record.readUInt32LE(4 * (i + 1));
  }
  return { array: record.subarray(4 * (n + 1)), ends };
}

/** The record's JSON array (after the row count and the row ends) and its row count. */
function arrayOf(record: Buffer): { array: Buffer; rows: number } {
  const rows = record.readUInt32LE(0);
  return { array: record.subarray(4 * (rows + 1)), rows };
}

/** gzip of an answer's array as the store keeps it (level 6, koa-compress's gzip level here). */
export function gzipArray(array: Buffer): Buffer {
  return zlib.gzipSync(array, { level: 6 });
}

/** Where a record lies in the records file; `gzipLength` > 0: its array's gzip follows it. */
interface Entry { offset: number; length: number; gzipLength: number; rows: number }

/** Appends records to a new generation and publishes it; nothing is visible to readers before `publish`. */
export class RenderedStoreWriter {
  private readonly dir: string;
  private readonly fd: number;
  private offset = 0;
  private readonly index: string[] = [];
  private readonly gzip: boolean;

  /** `gzip: false` writes records alone (the format of generations written before gzip was kept). */
  constructor(private readonly warehouseDir: string, readonly generation: string, options: { gzip?: boolean } = {}) {
    this.dir = path.join(warehouseDir, RENDERED_DIR, generation);
    this.gzip = options.gzip ?? true;
    fs.mkdirSync(this.dir, { recursive: true });
    this.fd = fs.openSync(path.join(this.dir, RECORDS), 'w');
  }

  /** A record (encodeRows' layout); its gzip is computed here when the answer is large enough, or taken as given. */
  put(key: string, record: Buffer, gzipped?: Buffer): void {
    if (key.includes('\t') || key.includes('\n')) throw new Error(`rendered store key has a tab or newline: ${JSON.stringify(key)}`);
    const { array, rows } = arrayOf(record);
    const gz = !this.gzip ? undefined : gzipped ?? (array.length >= GZIP_FROM_BYTES ? gzipArray(array) : undefined);
    fs.writeSync(this.fd, record);
    if (gz) fs.writeSync(this.fd, gz);
    this.index.push(gz ? `${key}\t${String(this.offset)}\t${String(record.length)}\t${String(gz.length)}\t${String(rows)}` : `${key}\t${String(this.offset)}\t${String(record.length)}`);
    this.offset += record.length + (gz?.length ?? 0);
  }

  /** A record of another generation, with its gzip when that generation kept one (not compressed again). */
  copy(from: RenderedStoreReader, key: string): void {
    const record = from.record(key);
    if (record) this.put(key, record, from.gzipped(key)?.gzip);
  }

  putRows(key: string, rows: readonly string[]): void {
    this.put(key, encodeRows(rows));
  }

  /** Writes the index and the state last (atomic rename), then removes every other generation. */
  publish(state: Omit<RenderedState, 'generation' | 'builtAt' | 'keys'>): RenderedState {
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
    fs.writeFileSync(path.join(this.dir, INDEX), this.index.join('\n'));
    const full: RenderedState = { ...state, generation: this.generation, builtAt: new Date().toISOString(), keys: this.index.length };
    writeState(this.warehouseDir, full);
    const root = path.join(this.warehouseDir, RENDERED_DIR);
    // a reader holding an older generation open keeps reading it (unlinked files live until closed)
    for (const other of fs.readdirSync(root)) {
      if (other !== STATE && other !== this.generation) fs.rmSync(path.join(root, other), { recursive: true, force: true });
    }
    return full;
  }

  /** Drops an unpublished generation (a render that failed). */
  abandon(): void {
    try {
      fs.closeSync(this.fd);
    } catch {
      // already closed by publish
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Where decoded records of hot keys are kept, so a repeated key costs no read, no allocation, no decode: the process's
 * one bounded cache of hot answers (engine/query/AnswerCache.ts), keyed by generation since a reader lives per one.
 */
export interface HotRecords {
  rows(generation: string, key: string): RenderedRows | undefined;
  keep(generation: string, key: string, rows: RenderedRows): void;
  gzipped(generation: string, key: string): GzippedAnswer | undefined;
  keepGzipped(generation: string, key: string, answer: GzippedAnswer): void;
}

/** A record's JSON array gzipped, as stored beside it, and the record's row count (a `limit` below it cannot use it). */
export interface GzippedAnswer {
  readonly gzip: Buffer;
  readonly rows: number;
}

/** One published generation opened for point reads: the index in memory, the records read by position. */
export class RenderedStoreReader {
  private constructor(
    readonly state: RenderedState,
    private readonly fd: number,
    private readonly index: Map<string, Entry>,
  ) {}

  /** The published generation, or null when there is none or it cannot be opened (a newer render replaced it). */
  static open(warehouseDir: string): RenderedStoreReader | null {
    const state = readRenderedState(warehouseDir);
    if (!state) return null;
    const dir = path.join(warehouseDir, RENDERED_DIR, state.generation);
    let fd: number;
    let text: string;
    try {
      fd = fs.openSync(path.join(dir, RECORDS), 'r');
      text = fs.readFileSync(path.join(dir, INDEX), 'utf8');
    } catch {
      return null;
    }
    const index = new Map<string, Entry>();
    for (const line of text.split('\n')) {
      const [key, offset, length, gzipLength, rows] = line.split('\t');
      if (key !== undefined && offset !== undefined && length !== undefined) {
        index.set(key, { offset: Number(offset), length: Number(length), gzipLength: Number(gzipLength ?? 0), rows: Number(rows ?? 0) });
      }
    }
    return new RenderedStoreReader(state, fd, index);
  }

  get size(): number {
    return this.index.size;
  }

  keys(): IterableIterator<string> {
    return this.index.keys();
  }

  /** The record's bytes, undefined when the key was not rendered. */
  record(key: string): Buffer | undefined {
    const at = this.index.get(key);
    return at && this.read(key, at.offset, at.length);
  }

  /** The gzip kept beside the record, undefined when the key was not rendered or its generation kept none. */
  gzipped(key: string, hot?: HotRecords): GzippedAnswer | undefined {
    const kept = hot?.gzipped(this.state.generation, key);
    if (kept) return kept;
    const at = this.index.get(key);
    if (!at || at.gzipLength === 0) return undefined;
    const answer = { gzip: this.read(key, at.offset + at.length, at.gzipLength), rows: at.rows };
    hot?.keepGzipped(this.state.generation, key, answer);
    return answer;
  }

  private read(key: string, offset: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    let read = 0;
    while (read < length) {
      const n = fs.readSync(this.fd, buf, read, length - read, offset + read);
      if (n === 0) throw new Error(`rendered store ${this.state.generation}: record ${key} is truncated`);
      read += n;
    }
    return buf;
  }

  /** The decoded record (shared: callers must not write into it), undefined when the key was not rendered. */
  rows(key: string, hot?: HotRecords): RenderedRows | undefined {
    const kept = hot?.rows(this.state.generation, key);
    if (kept) return kept;
    const record = this.record(key);
    if (!record) return undefined;
    const rows = decodeRows(record);
    hot?.keep(this.state.generation, key, rows);
    return rows;
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
