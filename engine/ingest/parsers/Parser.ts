// The contract every source-format parser meets: recognise a file cheaply, then turn it into warehouse rows.
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';

interface ParserBase {
  /** Stable name, shown in reports (`companyfacts`, `xbrl-instance`, ...). */
  readonly kind: string;
  /** Looks at the head of the file (and its name) only. */
  detect(file: SourceFile, head: string): boolean;
}

/**
 * A parser of one document: adds its rows to the batch. Throws IngestError naming the file on malformed input.
 * A parser that returns the documents a file holds must be a ContainerParser: declare it with that type, since a
 * `void` method here would accept the array and the documents would never be dispatched.
 */
export interface DocumentParser extends ParserBase {
  readonly container?: false;
  parse(file: SourceFile, batch: Batch): void;
}

/**
 * A parser of a container (an SGML submission): adds the container's own rows and returns the documents it holds, to
 * be dispatched in turn. Throws IngestError naming the file on malformed input.
 */
export interface ContainerParser extends ParserBase {
  readonly container: true;
  parse(file: SourceFile, batch: Batch): SourceFile[];
}

export type Parser = DocumentParser | ContainerParser;

/** Runs the parser over the file; returns the documents it holds (none for a document parser). */
export function parseInto(parser: Parser, file: SourceFile, batch: Batch): SourceFile[] {
  if (parser.container) return parser.parse(file, batch);
  parser.parse(file, batch);
  return [];
}
