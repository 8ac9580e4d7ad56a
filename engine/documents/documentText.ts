// A document's readable text and its sections, from its bytes and its name or content type.
import { decodeBytes } from './decodeBytes.ts';
import { htmlText } from './htmlText.ts';
import { plainText } from './plainText.ts';
import { findSections } from './findSections.ts';
import type { Section } from './Section.ts';

export interface DocumentText {
  text: string;
  sections: Section[];
}

export interface DocumentTextOptions {
  /** The filing's form type (10-K, 10-Q, 8-K, 20-F, S-1...): picks the section numbering; guessed when absent. */
  form?: string | null;
}

/** Whether a document's content is HTML: by name or content type, else by sniffing its first markup. */
export function isHtml(head: string, kind: string): boolean {
  const k = kind.toLowerCase();
  if (/\.(x?html?)$|html/.test(k)) return true;
  if (/\.(xml|xsd)$|xml/.test(k)) return false;
  return /<(html|body|!doctype\s+html)\b|<(p|div|font|br|td)\b[^>]*>/i.test(head.slice(0, 8192));
}

export function documentText(input: Buffer | string, kind: string, options: DocumentTextOptions = {}): DocumentText {
  const raw = decodeBytes(input);
  const text = isHtml(raw, kind) ? htmlText(raw) : plainText(raw);
  return { text, sections: findSections(text, options.form) };
}
