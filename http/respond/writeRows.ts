// Writes a macro's result to the response chunk by chunk: JSON text rendered by DuckDB, Arrow IPC or CSV. The first
// chunk is fetched before the body is handed to Koa, so a failing query still answers with a proper status.
import { Readable, pipeline } from 'node:stream';
import type Koa from 'koa';
import * as arrow from 'apache-arrow';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Engine } from '../../engine/db/Engine.ts';
import { ArrowBatcher } from './arrowBatches.ts';
import { csvChunk, csvHeader } from './csvLines.ts';
import { MEDIA, type Format } from './negotiate.ts';

export interface RowQuery {
  /** Statement yielding rows (Arrow, CSV). */
  rowsSql: string;
  /** Same rows as one JSON text each, column `j`. */
  jsonSql: string;
  args: DuckDBValue[];
}

/** JSON array of rows, optionally inside an envelope: `${prefix}[...]${suffix}`. */
async function* jsonPieces(engine: Engine, q: RowQuery, prefix: string, suffix: string): AsyncGenerator<string> {
  let out = `${prefix}[`;
  let sep = '';
  for await (const { chunk } of engine.stream(q.jsonSql, q.args)) {
    out += sep + (chunk.getColumnValues(0) as string[]).join(',');
    sep = ',';
    yield out;
    out = '';
  }
  yield `${out}]${suffix}`;
}

async function columnsOf(engine: Engine, q: RowQuery) {
  return engine.withConnection(async (c) => {
    const result = await c.run(`SELECT * FROM (${q.rowsSql}) LIMIT 0`, q.args);
    return { names: result.columnNames(), types: result.columnTypes() };
  });
}

async function* arrowPieces(engine: Engine, q: RowQuery): AsyncGenerator<arrow.RecordBatch> {
  let batcher: ArrowBatcher | null = null;
  for await (const { result, chunk } of engine.stream(q.rowsSql, q.args)) {
    batcher ??= new ArrowBatcher(result.columnNames(), result.columnTypes());
    yield batcher.batch(chunk);
  }
  if (!batcher) {
    const { names, types } = await columnsOf(engine, q);
    yield new ArrowBatcher(names, types).empty();
  }
}

async function* csvPieces(engine: Engine, q: RowQuery): AsyncGenerator<string> {
  let header = false;
  for await (const { result, chunk } of engine.stream(q.rowsSql, q.args)) {
    const lines = csvChunk(chunk);
    if (!header) {
      header = true;
      yield csvHeader(result.columnNames()) + lines;
    } else yield lines;
  }
  if (!header) yield csvHeader((await columnsOf(engine, q)).names);
}

/** Pull the first piece now (errors surface before headers), then stream the rest. */
async function primed<T>(pieces: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await pieces.next();
  return (async function* () {
    try {
      if (!first.done) yield first.value;
      yield* pieces;
    } finally {
      await pieces.return(undefined);
    }
  })();
}

export async function writeRows(ctx: Koa.Context, engine: Engine, format: Format, q: RowQuery, envelope?: { prefix: string; suffix: string }): Promise<void> {
  if (format === 'json') {
    const body = await primed(jsonPieces(engine, q, envelope?.prefix ?? '', envelope?.suffix ?? ''));
    ctx.type = `${MEDIA.json}; charset=utf-8`;
    ctx.body = Readable.from(body, { objectMode: false });
  } else if (format === 'csv') {
    const body = await primed(csvPieces(engine, q));
    ctx.type = `${MEDIA.csv}; charset=utf-8; header=present`;
    ctx.body = Readable.from(body, { objectMode: false });
  } else {
    const batches = await primed(arrowPieces(engine, q));
    ctx.type = MEDIA.arrow;
    // pipeline (not pipe) so a failure on either side destroys both and the client sees a truncated stream
    ctx.body = pipeline(Readable.from(batches), arrow.RecordBatchStreamWriter.throughNode(), () => {});
  }
}
