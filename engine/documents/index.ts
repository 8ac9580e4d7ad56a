// Document text: SEC documents (HTML, inline XBRL, plain text, SGML full submissions) decoded to readable text
// and cut into sections (10-K/10-Q/8-K/20-F items, prospectus sections). The only module others import.
export { documentText, isHtml, type DocumentText, type DocumentTextOptions } from './documentText.ts';
export { findSections } from './findSections.ts';
export { sectionFamily } from './sectionFamily.ts';
export { sgmlDocuments, type Submission, type SubmissionDocument } from './sgmlDocuments.ts';
export type { Section, SectionFamily } from './Section.ts';
