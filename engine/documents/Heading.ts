// A heading found in a text: where it starts, the section code it opens, its order in the form's numbering.
export interface Heading {
  /** Index into the text's lines. */
  line: number;
  start: number;
  code: string;
  /** Position in the form's canonical order; sections of a document appear in increasing order. */
  order: number;
  title: string;
}
