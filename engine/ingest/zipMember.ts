// A zip member's bytes from its compressed data, checked against its directory entry; and the gunzip of a .gz input.
// Shared by the reader (readInputs.ts) and the parse workers (parseWorker.ts), which inflate members off the main thread.
import zlib from 'node:zlib';
import { IngestError } from './IngestError.ts';

/** What the central directory says of a member's data. */
export interface MemberEntry {
  /** 0 stored, 8 deflated (the reader refuses any other). */
  readonly method: number;
  readonly crc32: number;
  readonly uncompressedSize: number;
}

/** Inflates (or copies) a member's compressed data; throws a plain Error the reader wraps with the member's name. */
export function inflateMember(raw: Uint8Array, entry: MemberEntry): Buffer {
  const bytes = entry.method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw);
  if (bytes.length !== entry.uncompressedSize) throw new Error(`member holds ${String(bytes.length)} bytes, its directory entry says ${String(entry.uncompressedSize)}`);
  if (zlib.crc32(bytes) !== entry.crc32) throw new Error('CRC-32 mismatch: the member is corrupt');
  return bytes;
}

export function gunzipIfNeeded(name: string, bytes: Buffer): Buffer {
  if (name.toLowerCase().endsWith('.gz') || (bytes[0] === 0x1f && bytes[1] === 0x8b)) {
    try {
      return zlib.gunzipSync(bytes);
    } catch (err) {
      throw new IngestError(name, `corrupt gzip data (${(err as Error).message})`);
    }
  }
  return bytes;
}
