// A macro's result as a byte stream in one of the served formats: JSON text rendered by DuckDB (optionally inside an
// envelope), Arrow IPC or CSV. The first piece is produced before the stream is returned, so a failing statement
// surfaces as an error the caller can still answer with a status; destroying the stream (client gone, HEAD, error)
// closes the cursor, which interrupts the statement and returns the connection.
import { defined } from './defined.ts';
import { Readable, pipeline } from 'node:stream';
import * as arrow from 'apache-arrow';
import type { BorrowOptions, Engine } from '../db/Engine.ts';
import type { MacroCall } from './MacroQuery.ts';
import { jsonRowsSql, rowsSql } from './macroSql.ts';
import { RowCursor } from './RowCursor.ts';
import { ArrowBatcher } from './arrowBatches.ts';
import { csvChunk, csvHeader } from './csvLines.ts';

export type Format = 'json' | 'arrow' | 'csv';

export interface StreamOptions extends BorrowOptions {
  /** Rows `offset` .. `offset + size` only. */
  page?: { size: number; offset: number };
  /** JSON only: the array is written as `${prefix}[...]${suffix}`. */
  envelope?: { prefix: string; suffix: string };
}

type Piece = string | arrow.RecordBatch;

export async function rowStream(engine: Engine, call: MacroCall, format: Format, options: StreamOptions = {}): Promise<Readable> {
  const paged = options.page !== undefined;
  const args = paged ? [...call.args, defined(options.page, 'options.page').size, defined(options.page, 'options.page').offset] : call.args;
  const sql = format === 'json' ? jsonRowsSql(call.macro, call.args.length, paged, call.omitWhenNull) : rowsSql(call.macro, call.args.length, paged);
  const cursor = await RowCursor.open(engine, sql, args, options);
  const next = format === 'json' ? jsonPieces(cursor, options.envelope) : format === 'csv' ? csvPieces(cursor) : arrowPieces(cursor);
  let first: Piece | null;
  try {
    first = await next();
  } catch (err) {
    cursor.close();
    throw err;
  }
  const source = new Readable({
    objectMode: format === 'arrow',
    read() {
      const piece = first;
      first = null;
      (piece !== null ? Promise.resolve(piece) : next()).then(
        (p) => this.push(p),
        (err: unknown) => this.destroy(err as Error),
      );
    },
    destroy(err, done) {
      cursor.close();
      done(err);
    },
  });
  // a compressing or encoding stage piped after this one does not destroy its source when it is destroyed itself
  options.signal?.addEventListener('abort', () => source.destroy(), { once: true });
  if (format !== 'arrow') return source;
  // pipeline (not pipe): destroying either end destroys both, so the cursor closes whichever side fails
  return pipeline(source, arrow.RecordBatchStreamWriter.throughNode(), () => {});
}

/** JSON: `prefix[` + rows joined by commas + `]suffix`, one piece per chunk. */
function jsonPieces(cursor: RowCursor, envelope: StreamOptions['envelope']): () => Promise<Piece | null> {
  let state: 'start' | 'rows' | 'done' = 'start';
  return async () => {
    if (state === 'done') return null;
    const chunk = await cursor.next();
    const open = state === 'start' ? `${envelope?.prefix ?? ''}[` : ',';
    if (!chunk) {
      const wasStart = state === 'start';
      state = 'done';
      return `${wasStart ? `${envelope?.prefix ?? ''}[` : ''}]${envelope?.suffix ?? ''}`;
    }
    state = 'rows';
    return open + (chunk.getColumnValues(0) as string[]).join(',');
  };
}

function csvPieces(cursor: RowCursor): () => Promise<Piece | null> {
  let header = false;
  let done = false;
  return async () => {
    if (done) return null;
    const head = header ? '' : csvHeader(cursor.columnNames);
    header = true;
    const chunk = await cursor.next();
    if (!chunk) {
      done = true;
      return head === '' ? null : head;
    }
    return head + csvChunk(chunk);
  };
}

function arrowPieces(cursor: RowCursor): () => Promise<Piece | null> {
  const batcher = new ArrowBatcher(cursor.columnNames, cursor.columnTypes);
  let sent = false;
  let done = false;
  return async () => {
    if (done) return null;
    const chunk = await cursor.next();
    if (!chunk) {
      done = true;
      // an empty result still carries its schema
      if (sent) return null;
      sent = true;
      return batcher.empty();
    }
    sent = true;
    return batcher.batch(chunk);
  };
}
