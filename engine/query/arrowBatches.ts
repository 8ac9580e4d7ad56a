// DuckDB chunks -> Apache Arrow record batches (@duckdb/node-api hands out no Arrow). Scalars keep their type; nested
// values (LIST, STRUCT, MAP) travel as JSON text in a Utf8 column, which every Arrow reader can parse.
import { defined } from './defined.ts';
import * as arrow from 'apache-arrow';
import { DuckDBTypeId, JSDuckDBValueConverter, JsonDuckDBValueConverter, type DuckDBDataChunk, type DuckDBType } from '@duckdb/node-api';

type Column = { field: arrow.Field; convert: (chunk: DuckDBDataChunk, index: number) => unknown[] };

function jsValues(chunk: DuckDBDataChunk, index: number): unknown[] {
  return chunk.convertColumnValues(index, JSDuckDBValueConverter);
}

function jsonText(chunk: DuckDBDataChunk, index: number): unknown[] {
  return chunk.convertColumnValues(index, JsonDuckDBValueConverter).map((value) => (value === null ? null : JSON.stringify(value)));
}

function plainText(chunk: DuckDBDataChunk, index: number): unknown[] {
  return chunk.convertColumnValues(index, JsonDuckDBValueConverter).map((value) => (value === null ? null : typeof value === 'object' ? JSON.stringify(value) : String(value)));
}

function columnFor(name: string, type: DuckDBType): Column {
  const T = DuckDBTypeId;
  const f = (t: arrow.DataType, convert: Column['convert']): Column => ({ field: new arrow.Field(name, t, true), convert });
  switch (type.typeId) {
    case T.BOOLEAN: return f(new arrow.Bool(), jsValues);
    case T.TINYINT: case T.SMALLINT: case T.INTEGER: case T.UTINYINT: case T.USMALLINT: return f(new arrow.Int32(), jsValues);
    case T.UINTEGER: return f(new arrow.Float64(), jsValues);
    case T.BIGINT: return f(new arrow.Int64(), jsValues);
    case T.FLOAT: case T.DOUBLE: case T.DECIMAL: return f(new arrow.Float64(), jsValues);
    case T.DATE: return f(new arrow.DateDay(), jsValues);
    case T.TIMESTAMP: case T.TIMESTAMP_S: case T.TIMESTAMP_MS: case T.TIMESTAMP_NS: case T.TIMESTAMP_TZ:
      return f(new arrow.TimestampMillisecond(), jsValues);
    case T.VARCHAR: return f(new arrow.Utf8(), jsValues);
    case T.LIST: case T.STRUCT: case T.MAP: case T.ARRAY: case T.UNION: return f(new arrow.Utf8(), jsonText);
    default: return f(new arrow.Utf8(), plainText);
  }
}

export class ArrowBatcher {
  readonly schema: arrow.Schema;
  private readonly columns: Column[];

  constructor(names: readonly string[], types: readonly DuckDBType[]) {
    this.columns = names.map((name, i) => columnFor(name, defined(types[i], 'types[i]')));
    this.schema = new arrow.Schema(this.columns.map((c) => c.field));
  }

  batch(chunk: DuckDBDataChunk): arrow.RecordBatch {
    const children = this.columns.map((c, i) => columnData(c.convert(chunk, i), c.field));
    const data = arrow.makeData({ type: new arrow.Struct(this.schema.fields), length: chunk.rowCount, nullCount: 0, children });
    return new arrow.RecordBatch(this.schema, data);
  }

  empty(): arrow.RecordBatch {
    const children = this.columns.map((c) => columnData([], c.field));
    return new arrow.RecordBatch(this.schema, arrow.makeData({ type: new arrow.Struct(this.schema.fields), length: 0, nullCount: 0, children }));
  }
}

/** One column's values as Arrow data: a fresh vector of this length is built in a single chunk. */
function columnData(values: unknown[], field: arrow.Field): arrow.Data {
  // Field's default type parameter is `any`; every field here was built from a concrete DataType in columnFor
  const type = field.type as arrow.DataType;
  return defined(arrow.vectorFromArray<arrow.DataType>(values, type).data[0], 'the Arrow vector\'s first chunk');
}
