// The documents of an SEC full submission (.txt with <SEC-HEADER>, .nc dissemination file): each with its
// type, sequence, filename, description and body bytes (null for uuencoded or PDF parts), plus the header's
// accession, form and dates.
import type { SourceFile } from '../ingest/SourceFile.ts';
import { isoDate, isoTimestamp, readHeader, splitDocuments } from '../ingest/parsers/sgml.ts';
import { value } from '../ingest/parsers/sgmlHeader.ts';

export interface SubmissionDocument {
  type: string | null;
  sequence: number | null;
  filename: string | null;
  description: string | null;
  /** Bytes of the document's <TEXT>, without an <XML>/<XBRL> wrapper; null for uuencoded or PDF parts. */
  body: Buffer | null;
}

export interface Submission {
  accession: string | null;
  form: string | null;
  filed: string | null;
  accepted: string | null;
  reportDate: string | null;
  documents: SubmissionDocument[];
}

/** Throws IngestError (naming `name`) on a submission without a header or with a truncated document. */
export function sgmlDocuments(bytes: Buffer, name = 'submission'): Submission {
  const file: SourceFile = { name, bytes };
  const { root, docsFrom } = readHeader(file);
  const sequence = (s: string | null) => (s !== null && /^\d+$/.test(s) ? Number(s) : null);
  return {
    accession: value(root, 'ACCESSION-NUMBER') ?? /(\d{10}-\d{2}-\d{6})/.exec(name)?.[1] ?? null,
    form: value(root, 'TYPE'),
    filed: isoDate(value(root, 'FILING-DATE')),
    accepted: isoTimestamp(value(root, 'ACCEPTANCE-DATETIME')),
    reportDate: isoDate(value(root, 'PERIOD')),
    documents: splitDocuments(file, docsFrom).map((d) => ({ ...d, sequence: sequence(d.sequence) })),
  };
}
