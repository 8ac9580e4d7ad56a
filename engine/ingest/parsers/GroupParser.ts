// Parsers for inputs that only make sense together (an FS data set's sub/num/tag/pre tables).
import type { SourceGroup } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';

export interface GroupParser {
  readonly kind: string;
  detect(group: SourceGroup): boolean;
  parse(group: SourceGroup, batch: Batch): void;
}
