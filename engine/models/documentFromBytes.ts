// A filing document as the models read it: its text cut into sections by the document store's sectioning
// (engine/documents), each section named as citations name it ("Item 1A" for numbered items, else its title).
import { documentText } from '../documents/index.ts';
import type { ModelDocument, ModelFiling } from './modelTypes.ts';

export function sectionName(code: string, title: string): string {
  return /^(?:[IVX]+-)?\d/.test(code) ? `Item ${code}` : title || code;
}

export function documentFromBytes(bytes: Buffer | string, fileName: string, filing: ModelFiling & { cik: number }): ModelDocument {
  const { text, sections } = documentText(bytes, fileName, { form: filing.form });
  const named = new Map<string, string>();
  for (const s of sections) {
    const name = sectionName(s.code, s.title);
    // an item cut in two (a heading repeated) is one section for citing purposes
    named.set(name, `${named.get(name) ?? ''}${named.has(name) ? '\n' : ''}${text.slice(s.start, s.end)}`);
  }
  return { ...filing, sections: [...named].map(([name, t]) => ({ name, text: t })) };
}

/** The document's address in the EDGAR Archives; for an accession that is not EDGAR's (a standalone document ingested
 * from a file), the company's EDGAR filing index, where the filing is found. */
export function edgarDocumentUrl(cik: number, accession: string, primaryDocument: string | null): string {
  if (/^\d{10}-\d{2}-\d{6}$/.test(accession) && primaryDocument) {
    return `https://www.sec.gov/Archives/edgar/data/${String(cik)}/${accession.replace(/-/g, '')}/${primaryDocument}`;
  }
  return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${String(cik).padStart(10, '0')}&type=10-K&dateb=&owner=include&count=40`;
}
