// What the ingest's main thread and its parse workers (parseWorker.ts, ParsePool.ts) say to each other.
import type { FactColumnsPart } from '../warehouse/FactColumns.ts';
import type { DatasetRows } from '../warehouse/datasets.ts';
import type { MemberEntry } from './zipMember.ts';

/** A document to parse: a zip member still compressed (entry set), or a file's bytes. */
export interface ParseRequest {
  id: number;
  name: string;
  bytes: Uint8Array;
  entry: MemberEntry | null;
}

export type ParseReply =
  /** A companyfacts document: its facts as columns, its other rows (filings, entities) as objects. */
  | { id: number; kind: 'parsed'; size: number; parser: string; part: FactColumnsPart; rows: Partial<DatasetRows> }
  /** The document is malformed: the batch is rejected, as when the main thread parses it. */
  | { id: number; kind: 'invalid'; size: number; file: string; reason: string }
  /** The member could not be read (inflate, CRC, gunzip): the ingest stops, as when the reader fails. */
  | { id: number; kind: 'unreadable'; file: string; reason: string };

/** Test hook: the worker given this dies (exit) or throws outside any request (throw) when it meets the member. */
export interface WorkerFault {
  member: string;
  how: 'exit' | 'throw';
}
