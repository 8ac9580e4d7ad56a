// A section of a document's text: its code ("7A", "II-1A", "2.02", "risk-factors"), the title as the document
// writes it, and [start, end) offsets into the text (JavaScript string indices).
export interface Section {
  code: string;
  title: string;
  start: number;
  end: number;
}

/** Which numbering a document's sections follow. */
export type SectionFamily = '10-K' | '10-Q' | '8-K' | '20-F' | 'prospectus';
