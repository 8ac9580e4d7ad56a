// A parse worker: inflates a zip member the main thread detected as companyfacts (or takes a file's bytes), parses it
// and moves its facts into typed columns (FactColumns) posted back with their buffers transferred (no row object is
// cloned). Runs in a worker thread started by ParsePool; it imports the companyfacts parser alone, so it starts fast.
import { parentPort, workerData } from 'node:worker_threads';
import { Batch } from './Batch.ts';
import { IngestError } from './IngestError.ts';
import { companyFactsParser } from './parsers/companyfacts.ts';
import { FactColumns } from '../warehouse/FactColumns.ts';
import { DATASETS, type DatasetRows } from '../warehouse/datasets.ts';
import { gunzipIfNeeded, inflateMember } from './zipMember.ts';
import type { ParseReply, ParseRequest, WorkerFault } from './parseMessages.ts';

const port = parentPort;
if (!port) throw new Error('parseWorker.ts runs in a worker thread');
const fault = (workerData as { fault?: WorkerFault } | null)?.fault ?? null;

function answer(request: ParseRequest): { reply: ParseReply; transfer: ArrayBuffer[] } {
  const { id, name } = request;
  let bytes: Buffer;
  try {
    // a file's bytes come gunzipped already (the reader did it); a zip member may itself be a .gz
    bytes = request.entry
      ? gunzipIfNeeded(name, inflateMember(request.bytes, request.entry))
      : Buffer.from(request.bytes.buffer, request.bytes.byteOffset, request.bytes.byteLength);
  } catch (err) {
    // the reader's own words: a gunzip failure names the file, an inflate failure is a member that cannot be read
    if (err instanceof IngestError) return { reply: { id, kind: 'unreadable', file: err.file, reason: err.reason }, transfer: [] };
    return { reply: { id, kind: 'unreadable', file: name, reason: `cannot read zip member (${(err as Error).message})` }, transfer: [] };
  }
  const file = { name, bytes };
  const batch = new Batch();
  const columns = new FactColumns();
  try {
    companyFactsParser.parse(file, batch);
    columns.push(batch.facts);
  } catch (err) {
    if (err instanceof IngestError) return { reply: { id, kind: 'invalid', size: bytes.length, file: err.file, reason: err.reason }, transfer: [] };
    return { reply: { id, kind: 'invalid', size: bytes.length, file: name, reason: (err as Error).message }, transfer: [] };
  }
  const rows: Partial<DatasetRows> = {};
  const lists = batch as unknown as Record<string, unknown[]>;
  for (const { name: dataset } of DATASETS) {
    if (dataset === 'facts' || (lists[dataset]?.length ?? 0) === 0) continue;
    (rows as Record<string, unknown[]>)[dataset] = lists[dataset] ?? [];
  }
  const { part, transfer } = columns.toPart();
  return { reply: { id, kind: 'parsed', size: bytes.length, parser: companyFactsParser.kind, part, rows }, transfer };
}

port.on('message', (request: ParseRequest) => {
  if (fault && request.name.endsWith(fault.member)) {
    if (fault.how === 'exit') process.exit(3);
    setImmediate(() => { throw new Error(`injected fault at ${request.name}`); });
    return;
  }
  const { reply, transfer } = answer(request);
  port.postMessage(reply, transfer);
});
