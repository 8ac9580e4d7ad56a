// The document rows of an SGML submission: its document list (filing_documents) and, for every HTML or plain-text
// document, its readable text and sections (document_text, document_sections). XML parts (XBRL instances,
// schemas, linkbases), images and uuencoded files carry no text to read. A filing's documents are the filing's,
// whoever lists it: the list is written under every party the header names (a few small rows each, in the bucket
// that party's readers open), the text and sections once, under the filing's primary party.
import type { Batch } from '../Batch.ts';
import { IngestError } from '../IngestError.ts';
import { documentText, isHtml } from '../../documents/documentText.ts';
import type { Section } from '../../documents/Section.ts';
import type { SgmlDocument } from './sgml.ts';

export interface SubmissionKey {
  /** The primary party: the text and sections are stored under it. */
  cik: number;
  accession: string;
  form: string;
  /** Every party the header names (the primary included): each gets the document list. */
  listedBy: readonly number[];
}

const NO_TEXT = /^(EX-101|GRAPHIC|ZIP|EXCEL|XML|JSON|PDF|COVER)/i;

/** JavaScript string offsets to code-point offsets, so SQL's substring (code points) slices the same text. */
function codePoints(text: string, sections: readonly Section[]): Section[] {
  if (!/[\uD800-\uDFFF]/.test(text)) return [...sections];
  // Each surrogate pair is one code point: subtract the low halves before the offset.
  const at = (i: number) => i - (text.slice(0, i).match(/[\uDC00-\uDFFF]/g)?.length ?? 0);
  return sections.map((s) => ({ ...s, start: at(s.start), end: at(s.end) }));
}

function hasText(d: SgmlDocument): d is SgmlDocument & { body: Buffer } {
  if (!d.body || NO_TEXT.test(d.type ?? '') || /\.(xml|xsd|jpg|gif|png|pdf|zip|xlsx|json)$/i.test(d.filename ?? '')) return false;
  const head = d.body.subarray(0, 4096).toString('latin1');
  // An XML part (instance, schema) is not text to read; XHTML (inline XBRL) is.
  return !/^\s*<(\?xml|xbrl|xs:schema|schema|link:linkbase)/i.test(head) || isHtml(head, d.filename ?? '');
}

export function pushDocumentRows(batch: Batch, key: SubmissionKey, docs: readonly SgmlDocument[], fileName: string): void {
  docs.forEach((d, i) => {
    const sequence = d.sequence !== null && /^\d+$/.test(d.sequence) ? Number(d.sequence) : i + 1;
    const size = d.size ?? d.body?.length ?? null;
    for (const cik of key.listedBy) {
      batch.filing_documents.push({
        cik, accession: key.accession, sequence, filename: d.filename, type: d.type, description: d.description, size,
        source: 'sgml-header',
      });
    }
    if (!hasText(d)) return;
    // 1990s submissions name no files: the text is keyed by its sequence (filing_texts maps it back).
    const filename = d.filename ?? `${String(sequence)}.txt`;
    let read;
    try {
      read = documentText(d.body, filename, { form: i === 0 ? key.form : d.type });
    } catch (e) {
      throw new IngestError(`${fileName}!${filename}`, `document text: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (read.text === '') return;
    batch.document_text.push({
      cik: key.cik, accession: key.accession, filename, form: key.form, type: d.type, text: read.text, source: 'sgml-header',
    });
    for (const s of codePoints(read.text, read.sections)) {
      batch.document_sections.push({
        cik: key.cik, accession: key.accession, filename, code: s.code, title: s.title, sectionStart: s.start,
        sectionEnd: s.end, source: 'sgml-header',
      });
    }
  });
}
