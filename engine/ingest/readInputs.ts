// Turns user-given paths (files, folders, .zip, .gz) into source units, one at a time, without loading a whole
// archive: each zip member is read when its turn comes. An FS data set (sub/num/tag/pre) becomes one group.
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { IngestError } from './IngestError.ts';
import type { SourceFile, SourceGroup } from './SourceFile.ts';
import { gunzipIfNeeded, inflateMember, type MemberEntry } from './zipMember.ts';

export type SourceUnit = { kind: 'file'; file: SourceFile } | { kind: 'group'; group: SourceGroup } | RawMember;

/** A zip member not yet inflated (readInputs' rawMembers option): a parse worker inflates and checks it. */
export interface RawMember {
  kind: 'raw';
  name: string;
  /** The member's compressed data, in a buffer of its own. */
  compressed: Uint8Array;
  entry: MemberEntry;
}

export interface ReadOptions {
  /** Yield a zip's members (those of no data-set group) compressed, as RawMember units: the reader then only reads. */
  rawMembers?: boolean;
}

const FS_TABLE = /^(sub|num|tag|pre|txt|dim|cal|ren)\.(txt|tsv)$/i;

// SEC Insider Transactions data set (Forms 3/4/5): SUBMISSION plus child tables joined on ACCESSION_NUMBER.
const INSIDER_TABLE = /^(submission|reportingowner|nonderiv_trans|nonderiv_holding|deriv_trans|deriv_holding|footnotes|owner_signature)\.(tsv|txt)$/i;

function isInsiderGroup(names: string[]): boolean {
  const base = new Set(names.map((n) => path.basename(n).toLowerCase().replace(/\.txt$/, '.tsv')));
  return base.has('submission.tsv') && ['reportingowner.tsv', 'nonderiv_trans.tsv', 'deriv_trans.tsv', 'nonderiv_holding.tsv', 'deriv_holding.tsv'].some((n) => base.has(n));
}

// SEC Form 13F data set: SUBMISSION plus COVERPAGE, SUMMARYPAGE, INFOTABLE, ... joined on ACCESSION_NUMBER.
const FORM13F_TABLE = /^(submission|coverpage|summarypage|infotable|othermanager|othermanager2|signature)\.tsv$/i;

function isForm13fGroup(names: string[]): boolean {
  const base = new Set(names.map((n) => path.basename(n).toLowerCase()));
  return base.has('submission.tsv') && base.has('infotable.tsv');
}

// SEC Form N-PORT data set: SUBMISSION and REGISTRANT plus FUND_REPORTED_INFO, FUND_REPORTED_HOLDING, IDENTIFIERS,
// MONTHLY_TOTAL_RETURN, ... joined on ACCESSION_NUMBER (holdings' identifiers on HOLDING_ID).
const NPORT_TABLE = /^(submission|registrant|fund_reported_info|fund_reported_holding|identifiers|monthly_total_return)\.tsv$/i;

function isNportGroup(names: string[]): boolean {
  const base = new Set(names.map((n) => path.basename(n).toLowerCase()));
  return base.has('submission.tsv') && (base.has('registrant.tsv') || base.has('fund_reported_info.tsv'));
}

/** The table pattern of the data-set group these names form, if any. */
function groupTableOf(names: string[]): RegExp | null {
  if (isFsGroup(names.filter((n) => FS_TABLE.test(path.basename(n))))) return FS_TABLE;
  if (isInsiderGroup(names.filter((n) => INSIDER_TABLE.test(path.basename(n))))) return INSIDER_TABLE;
  if (isForm13fGroup(names.filter((n) => FORM13F_TABLE.test(path.basename(n))))) return FORM13F_TABLE;
  if (isNportGroup(names.filter((n) => NPORT_TABLE.test(path.basename(n))))) return NPORT_TABLE;
  return null;
}

function groupKey(table: RegExp, name: string): string {
  const base = path.basename(name).toLowerCase();
  return table === FS_TABLE ? base.replace(/\.tsv$/, '.txt') : base.replace(/\.txt$/, '.tsv');
}

function isFsGroup(names: string[]): boolean {
  const base = new Set(names.map((n) => path.basename(n).toLowerCase()));
  return (base.has('num.txt') || base.has('num.tsv')) && (base.has('sub.txt') || base.has('sub.tsv') || base.has('pre.txt'));
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => { if (err) reject(err); else resolve(zip); });
  });
}

/** A local file header's fixed part; its file name and extra field follow, with lengths of their own. */
const LOCAL_HEADER = 30;
const LOCAL_HEADER_SIGNATURE = 0x04034b50;
/** Longest file name plus extra field a local header can add (two 16-bit lengths). */
const LOCAL_HEADER_MAX_TAIL = 2 * 0xffff;

/**
 * A member's bytes: its local header and compressed data in one positioned read on libuv's thread pool (issued while
 * the JavaScript thread still parses the previous member, see readAhead), then one inflate call. yauzl's read stream
 * took a callback per 64 KiB chunk, each waiting for the JavaScript thread: reading cost 2.5x JSON.parse of the same
 * bytes for a 34 MB bulk zip on the loaded box.
 */
async function readEntry(fd: fs.promises.FileHandle, fileSize: number, entry: yauzl.Entry): Promise<Buffer> {
  return inflateMember(await readCompressed(fd, fileSize, entry), memberEntry(entry));
}

function memberEntry(entry: yauzl.Entry): MemberEntry {
  return { method: entry.compressionMethod, crc32: entry.crc32, uncompressedSize: entry.uncompressedSize };
}

/** A member's compressed data (its local header read and checked), in a buffer of its own. */
async function readCompressed(fd: fs.promises.FileHandle, fileSize: number, entry: yauzl.Entry): Promise<Buffer> {
  if (entry.isEncrypted()) throw new Error('encrypted zip members are not supported');
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw new Error(`unsupported zip compression method ${String(entry.compressionMethod)}`);
  const start = entry.relativeOffsetOfLocalHeader;
  // the local header's name and extra field may differ in length from the central directory's: read their most
  const length = Math.min(fileSize - start, LOCAL_HEADER + LOCAL_HEADER_MAX_TAIL + entry.compressedSize);
  const buffer = Buffer.allocUnsafe(Math.max(0, length));
  const { bytesRead } = await fd.read(buffer, 0, buffer.length, start);
  if (bytesRead < LOCAL_HEADER || buffer.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) throw new Error('invalid local file header');
  const dataStart = LOCAL_HEADER + buffer.readUInt16LE(26) + buffer.readUInt16LE(28);
  if (dataStart + entry.compressedSize > bytesRead) throw new Error(`truncated member: ${String(bytesRead - dataStart)} of ${String(entry.compressedSize)} compressed bytes`);
  return buffer.subarray(dataStart, dataStart + entry.compressedSize);
}

async function listZip(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => {
      entries.push(e);
      zip.readEntry();
    });
    zip.on('end', () => { resolve(); });
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries.filter((e) => !e.fileName.endsWith('/'));
}

async function* unitsOfZip(file: string, options: ReadOptions): AsyncGenerator<SourceUnit> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (err) {
    throw new IngestError(file, `not a readable zip archive (${(err as Error).message})`);
  }
  const fd = await fs.promises.open(file, 'r');
  const size = (await fd.stat()).size;
  try {
    const entries = await listZip(zip);
    const names = entries.map((e) => e.fileName);
    const groupTable = groupTableOf(names);
    if (groupTable) {
      const files = new Map<string, SourceFile>();
      for (const e of entries) {
        const base = path.basename(e.fileName).toLowerCase();
        if (!groupTable.test(base)) continue;
        const name = `${file}!${e.fileName}`;
        try {
          files.set(groupKey(groupTable, base), { name, bytes: await readEntry(fd, size, e) });
        } catch (err) {
          throw new IngestError(name, `cannot read zip member (${(err as Error).message})`);
        }
      }
      yield { kind: 'group', group: { name: file, files } };
      return;
    }
    for (const e of entries) {
      const name = `${file}!${e.fileName}`;
      let bytes: Buffer;
      try {
        if (options.rawMembers === true) {
          // a copy of just the member's data: the read buffer may be a slice of Node's shared pool
          yield { kind: 'raw', name, compressed: new Uint8Array(await readCompressed(fd, size, e)), entry: memberEntry(e) };
          continue;
        }
        bytes = await readEntry(fd, size, e);
      } catch (err) {
        throw new IngestError(name, `cannot read zip member (${(err as Error).message})`);
      }
      yield { kind: 'file', file: { name, bytes: gunzipIfNeeded(name, bytes) } };
    }
  } finally {
    await fd.close();
    zip.close();
  }
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => !e.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.isFile() ? [path.join(dir, e.name)] : []));
}

/** Data files we never try to parse (docs and metadata that sit beside data sets). */
export function isIgnorable(name: string): boolean {
  const base = path.basename(name).toLowerCase();
  return base === 'manifest.md' || base.endsWith('.md') || base.endsWith('readme.htm') || base.endsWith('-metadata.json') || base.endsWith('_metadata.json');
}

/** Total bytes on disk of the inputs, for progress. */
export function inputBytes(paths: string[]): number {
  let total = 0;
  for (const p of paths) {
    const st = fs.statSync(p);
    total += st.isDirectory() ? walk(p).reduce((s, f) => s + fs.statSync(f).size, 0) : st.size;
  }
  return total;
}

export async function* readInputs(paths: string[], options: ReadOptions = {}): AsyncGenerator<SourceUnit & { diskBytes: number }> {
  for (const p of paths) {
    if (!fs.existsSync(p)) throw new IngestError(p, 'no such file or folder');
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      const files = walk(p);
      const groupDirs = new Map<string, RegExp>();
      for (const dir of new Set(files.map((f) => path.dirname(f)))) {
        const table = groupTableOf(files.filter((f) => path.dirname(f) === dir));
        if (table) groupDirs.set(dir, table);
      }
      for (const [dir, table] of groupDirs) {
        const members = files.filter((f) => path.dirname(f) === dir && table.test(path.basename(f)));
        const map = new Map<string, SourceFile>();
        let size = 0;
        for (const f of members) {
          const bytes = fs.readFileSync(f);
          size += bytes.length;
          map.set(groupKey(table, f), { name: f, bytes });
        }
        yield { kind: 'group', group: { name: dir, files: map }, diskBytes: size };
      }
      for (const f of files) {
        if (groupDirs.get(path.dirname(f))?.test(path.basename(f))) continue;
        if (isIgnorable(f)) continue;
        yield* fileUnits(f, options);
      }
    } else {
      yield* fileUnits(p, options);
    }
  }
}

async function* fileUnits(file: string, options: ReadOptions): AsyncGenerator<SourceUnit & { diskBytes: number }> {
  const size = fs.statSync(file).size;
  if (file.toLowerCase().endsWith('.zip')) {
    let first = true;
    for await (const unit of unitsOfZip(file, options)) {
      yield { ...unit, diskBytes: first ? size : 0 };
      first = false;
    }
    return;
  }
  const bytes = fs.readFileSync(file);
  yield { kind: 'file', file: { name: file, bytes: gunzipIfNeeded(file, bytes) }, diskBytes: size };
}
