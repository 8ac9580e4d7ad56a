// The contract every source-format parser meets: recognise a file cheaply, then turn it into warehouse rows.
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';

export interface Parser {
  /** Stable name, shown in reports (`companyfacts`, `xbrl-instance`, ...). */
  readonly kind: string;
  /** Looks at the head of the file (and its name) only. */
  detect(file: SourceFile, head: string): boolean;
  /**
   * Adds the file's rows to the batch. Throws IngestError naming the file on malformed input.
   * May return nested documents (an SGML container's parts) to be dispatched in turn.
   */
  parse(file: SourceFile, batch: Batch): SourceFile[] | void;
}
