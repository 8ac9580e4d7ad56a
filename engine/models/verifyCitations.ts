// The citation verifier: a model (from any provider) keeps a citation only when its quote is a verbatim excerpt of the
// cited section of the source document (20-400 characters; whitespace and typographic quotes normalized, nothing
// else). url, source and publisher are set here from the document, never taken from the provider: url is the
// document's EDGAR address, publisher its host, source the form type. A section left without a citation says so.
import { normalizeQuoteText } from './normalizeQuoteText.ts';
import { CITATION_SOURCES, type Citation, type CitationSource, type ModelDocument, type Sourced } from './modelTypes.ts';

export const QUOTE_MIN = 20;
export const QUOTE_MAX = 400;
export const NO_SOURCES_NOTE = 'no citation for this section could be verified verbatim in the source document';

/** A provider's citation before verification: only the section and the quote are its word. */
export interface ProposedCitation { section?: unknown; quote?: unknown }

/** The spec's citation source for a form type (amendments cite as their base form); null for forms it does not list. */
export function citationSource(form: string): CitationSource | null {
  const base = form.replace(/\/A$/i, '').toUpperCase();
  return (CITATION_SOURCES as readonly string[]).includes(base) ? (base as CitationSource) : null;
}

export function publisherOf(url: string): string {
  return new URL(url).host;
}

export class CitationVerifier {
  private readonly sections = new Map<string, string>();

  /** `document` null: it could not be re-read, so citations are kept unverified (validated: false). */
  constructor(private readonly document: ModelDocument | null, private readonly fallback: { url: string; form: string } | null = null) {
    for (const s of document?.sections ?? []) this.sections.set(s.name, normalizeQuoteText(s.text));
  }

  /** The verified citation, or null when the quote is not in the named section (or is out of bounds). */
  check(proposed: ProposedCitation): Citation | null {
    const { section, quote } = proposed;
    if (typeof section !== 'string' || typeof quote !== 'string') return null;
    const normalized = normalizeQuoteText(quote);
    if (normalized.length < QUOTE_MIN || normalized.length > QUOTE_MAX) return null;
    const origin = this.document ?? this.fallback;
    if (!origin) return null;
    const source = citationSource(origin.form);
    if (!source || !origin.url.startsWith('https://')) return null;
    const base = { url: origin.url, source, publisher: publisherOf(origin.url), section, quote: normalized };
    if (!this.document) return { ...base, validated: false };
    const text = this.sections.get(section);
    return text?.includes(normalized) ? base : null;
  }

  /** Verifies a section's citations in place of the proposed ones; adds the note when none survives. */
  section<T extends object>(part: T & { sources?: unknown }): T & Sourced {
    const proposed = Array.isArray(part.sources) ? (part.sources as ProposedCitation[]) : [];
    const seen = new Set<string>();
    const sources: Citation[] = [];
    for (const p of proposed) {
      const c = this.check(p);
      if (!c || seen.has(`${c.section}\n${c.quote}`)) continue;
      seen.add(`${c.section}\n${c.quote}`);
      sources.push(c);
    }
    const rest = Object.fromEntries(Object.entries(part).filter(([k]) => k !== 'sources' && k !== 'sourcesNote')) as T;
    return { ...rest, sources, ...(sources.length === 0 ? { sourcesNote: NO_SOURCES_NOTE } : {}) };
  }
}
