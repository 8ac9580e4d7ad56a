// A unit of ingest input: one document's bytes (already gunzipped), named as the user would find it.

export interface SourceFile {
  /** Display name: a path, `archive.zip!member`, or `container.txt!document.htm`. Errors name it. */
  readonly name: string;
  readonly bytes: Buffer;
  /** Set on the documents of an SEC container (.txt/.nc submission): the filing they belong to. */
  readonly container?: ContainerInfo;
}

/** What an SEC submission's header says about the filing a nested document belongs to. */
export interface ContainerInfo {
  readonly accession: string;
  readonly form: string | null;
  /** The filing's primary CIK (subject company / issuer first, else filer). */
  readonly cik: number | null;
  /** FILED AS OF DATE, YYYY-MM-DD. */
  readonly filed: string | null;
  /** ACCEPTANCE-DATETIME as an ISO timestamp without zone (EDGAR's wall clock, US Eastern). */
  readonly accepted: string | null;
  /** The document's own <TYPE> (e.g. `EX-101.INS`, `10-Q`). */
  readonly documentType: string | null;
  /** The parties the header names as having filed the submission (FILED BY / FILER): CIK and conformed name. */
  readonly filers?: readonly { readonly cik: number; readonly name: string }[];
}

/** A group of files that only parse together (an FS data set's sub/num/tag/pre). */
export interface SourceGroup {
  readonly name: string;
  readonly files: ReadonlyMap<string, SourceFile>;
}

export function textOf(file: SourceFile): string {
  return file.bytes.toString('utf8');
}
