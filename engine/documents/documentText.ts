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

/** Tags that only wrap a text document (a converter's <html><body><div>), and EDGAR's own text-table tags. */
const WRAPPER = /<\/?(?:html|head|body|div|pre)\b[^>]*>|<title\b[^>]*>[^<]*<\/title>|<\/?(?:table|caption|s|c|fn|page)>/gi;

/**
 * A plain-text filing wrapped into HTML without its line breaks being marked (AEGON's 2000 20-F inside one <div>,
 * with EDGAR's <TABLE>/<S>/<C> text tables): no tag but the wrapper, and lines laid out with newlines. Read as HTML,
 * its whole text would run together on a few lines and no heading would stand on its own.
 */
function wrappedText(raw: string): string | null {
  const inner = raw.replace(WRAPPER, '');
  if (/<[a-z!/][^>]*>/i.test(inner)) return null;
  return inner.split('\n').filter((l) => l.trim() !== '').length >= 20 ? inner : null;
}

export function documentText(input: Buffer | string, kind: string, options: DocumentTextOptions = {}): DocumentText {
  const raw = decodeBytes(input);
  const html = isHtml(raw, kind);
  const wrapped = html ? wrappedText(raw) : null;
  const text = wrapped !== null ? plainText(wrapped) : html ? htmlText(raw) : plainText(raw);
  return { text, sections: findSections(text, options.form) };
}
