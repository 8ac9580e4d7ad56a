// The rendered side of the query dispatch: a macro call the rendered store holds for the warehouse version being
// served is answered from it, byte for byte what the macro would stream, with its `lim` applied by taking rows.
import type { Engine } from '../db/Engine.ts';
import type { MacroCall } from './MacroQuery.ts';
import { renderedStoreFor } from '../serving/renderedStoreFor.ts';
import { lookupKey, resolutionKey } from '../serving/renderedQueries.ts';
import type { RenderedRows } from '../serving/RenderedStore.ts';
import type { ResolvedEntity } from './resolveEntity.ts';
import { answerCache } from './AnswerCache.ts';

const CLOSE = Buffer.from(']');

function lookup(engine: Engine, call: MacroCall): { found: RenderedRows; limit: number | null } | null {
  const at = lookupKey(call.macro, call.args, call.omitWhenNull);
  if (!at) return null;
  const found = renderedStoreFor(engine)?.rows(at.key, answerCache(engine));
  return found ? { found, limit: at.limit } : null;
}

function take({ array, ends }: RenderedRows, limit: number | null): string[] {
  const n = limit === null ? ends.length : Math.min(limit, ends.length);
  const rows: string[] = [];
  let start = 1;
  for (let i = 0; i < n; i++) {
    const end = ends[i] ?? 0;
    rows.push(array.toString('utf8', start, end));
    start = end + 1;
  }
  return rows;
}

/** The call's rows as JSON texts, or null when the store does not hold it (the caller runs the macro). */
export function renderedRows(engine: Engine, call: MacroCall): string[] | null {
  const hit = lookup(engine, call);
  return hit && take(hit.found, hit.limit);
}

/** The call's whole JSON array (`[row,...]`, as rowStream writes it unpaged), or null when the store does not hold it. */
export function renderedJsonArray(engine: Engine, call: MacroCall): Buffer | null {
  const hit = lookup(engine, call);
  if (!hit) return null;
  const { array, ends } = hit.found;
  if (hit.limit === null || hit.limit >= ends.length) return array;
  if (hit.limit === 0) return Buffer.from('[]');
  return Buffer.concat([array.subarray(0, ends[hit.limit - 1]), CLOSE]);
}

/**
 * The call's whole JSON array gzipped as the store keeps it, or null when the store does not hold it gzipped (an answer
 * under 1 KiB, a generation written before gzip was kept) or the call's `limit` takes fewer rows than it has.
 */
export function renderedGzipArray(engine: Engine, call: MacroCall): Buffer | null {
  const at = lookupKey(call.macro, call.args, call.omitWhenNull);
  if (!at) return null;
  const found = renderedStoreFor(engine)?.gzipped(at.key, answerCache(engine));
  if (!found || (at.limit !== null && at.limit < found.rows)) return null;
  return found.gzip;
}

/** A CIK's rendered resolve_entity row: the row, null when the CIK names nothing, undefined when not rendered. */
export function renderedResolution(engine: Engine, cik: number): ResolvedEntity | null | undefined {
  const found = renderedStoreFor(engine)?.rows(resolutionKey(cik), answerCache(engine));
  if (!found) return undefined;
  const [row] = take(found, 1);
  return row === undefined ? null : (JSON.parse(row) as ResolvedEntity);
}
