// What the writer knows about one warehouse dataset: its name, layout and staging columns, typed against its row
// interface so that a field added to (or misspelt in) the row type and not here is a compile error.

/** Staging column types; JSON columns hold the field's value as JSON text in a VARCHAR, typed by final_<name>(). */
export type StageType = 'VARCHAR' | 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'JSON';

/** The staging types a row field of type T may be stored as. */
export type StageTypeFor<T> = [NonNullable<T>] extends [string]
  ? 'VARCHAR'
  : [NonNullable<T>] extends [number]
    ? 'INTEGER' | 'BIGINT' | 'DOUBLE'
    : [NonNullable<T>] extends [boolean]
      ? 'BOOLEAN'
      : 'JSON';

/** Every field of Row, each with a staging type its TypeScript type allows; no other keys. */
export type Columns<Row> = { readonly [K in keyof Row & string]-?: StageTypeFor<Row[K]> };

export interface DatasetDescriptor<Name extends string, Row> {
  /** Folder under the warehouse, and the suffix of stage_<name>, final_<name>() and new_<name>(). */
  readonly name: Name;
  /** Partitioned datasets live under `<name>/bucket=N/` (final_<name>() emits `bucket`); the rest under `<name>/`. */
  readonly partitioned: boolean;
  /**
   * No parser reads this dataset's rows back within a batch, so the ingest moves them into the staging table as they
   * accumulate instead of holding a whole batch of row objects in memory (absent: staged at commit).
   */
  readonly streamed?: boolean;
  /** Row field -> staging type, in the staging table's column order. */
  readonly columns: Columns<Row>;
  /** The row fields in staging column order, and their snake_case column names. */
  readonly fields: readonly string[];
  readonly columnNames: readonly string[];
  /** Type carrier only (never set): the row interface this dataset stores. */
  readonly row?: Row;
}

/** `fooBarBaz` -> `foo_bar_baz`, the staging column of a row field. */
export function columnName(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Describe a dataset of Row (curried so the name is inferred as a literal while Row is given). */
export function datasetOf<Row>() {
  return <const Name extends string>(spec: { name: Name; partitioned: boolean; streamed?: boolean; columns: Columns<Row> }): DatasetDescriptor<Name, Row> => {
    const fields = Object.freeze(Object.keys(spec.columns));
    return Object.freeze({ ...spec, columns: Object.freeze(spec.columns), fields, columnNames: Object.freeze(fields.map(columnName)) });
  };
}
