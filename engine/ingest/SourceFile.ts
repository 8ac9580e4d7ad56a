// A unit of ingest input: one document's bytes (already gunzipped), named as the user would find it.

export interface SourceFile {
  /** Display name: a path, or `archive.zip!member`. Errors name it. */
  readonly name: string;
  readonly bytes: Buffer;
}

/** A group of files that only parse together (an FS data set's sub/num/tag/pre). */
export interface SourceGroup {
  readonly name: string;
  readonly files: ReadonlyMap<string, SourceFile>;
}

export function textOf(file: SourceFile): string {
  return file.bytes.toString('utf8');
}
