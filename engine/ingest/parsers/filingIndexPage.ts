// EDGAR filing index pages (`<accession>-index.html`, "EDGAR Filing Documents for ..."): the filing's form, dates,
// period and items from the header block, and its documents (sequence, description, file, type, size) from the
// document tables. Read with parse5 like every HTML document, never with patterns over the markup.
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const TITLE = /<title>\s*EDGAR Filing Documents for \d{10}-\d{2}-\d{6}\s*<\/title>/i;

function isElement(n: Node): n is Element {
  return 'tagName' in n;
}

function kids(n: Node): readonly Node[] {
  return 'childNodes' in n ? n.childNodes : [];
}

function attr(el: Element, name: string): string | null {
  return el.attrs.find((a) => a.name === name)?.value ?? null;
}

function elements(n: Node, keep: (e: Element) => boolean, out: Element[] = []): Element[] {
  for (const c of kids(n)) {
    if (!isElement(c)) continue;
    if (keep(c)) out.push(c);
    elements(c, keep, out);
  }
  return out;
}

function text(n: Node): string {
  if (n.nodeName === '#text' && 'value' in n) return n.value;
  return kids(n).map(text).join(isElement(n) && n.tagName === 'br' ? '\n' : '');
}

const clean = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();
const hasClass = (el: Element, c: string) => (attr(el, 'class') ?? '').split(/\s+/).includes(c);

export const filingIndexPageParser: Parser = {
  kind: 'filing-index',
  detect(_file, head) {
    return TITLE.test(head);
  },
  parse(file: SourceFile, batch: Batch): void {
    const doc = parse(file.bytes.toString('utf8'));
    const byId = (id: string) => elements(doc, (e) => attr(e, 'id') === id)[0];
    const accession = /\d{10}-\d{2}-\d{6}/.exec(text(byId('secNum') ?? doc))?.[0];
    const form = /Form\s+(\S+)/.exec(clean(text(byId('formName') ?? doc)))?.[1];
    if (!accession || !form) throw new IngestError(file.name, 'filing index page: no accession number or form in its header');
    // "Filing Date", "Accepted", "Period of Report", "Items": each infoHead is followed by its info
    const info = new Map<string, string>();
    for (const group of elements(doc, (e) => hasClass(e, 'formGrouping'))) {
      const cells = kids(group).filter(isElement);
      cells.forEach((c, i) => {
        const next = cells[i + 1];
        if (hasClass(c, 'infoHead') && next && hasClass(next, 'info')) info.set(clean(text(c)), text(next));
      });
    }
    const rows = elements(doc, (e) => e.tagName === 'table' && hasClass(e, 'tableFile'))
      .flatMap((t) => elements(t, (e) => e.tagName === 'tr'))
      .map((tr) => elements(tr, (e) => e.tagName === 'td'))
      .filter((tds) => tds.length >= 5);
    const hrefs = rows.flatMap((tds) => elements(tds[2] ?? doc, (e) => e.tagName === 'a').map((a) => attr(a, 'href') ?? ''));
    const cik = Number(hrefs.map((h) => /\/Archives\/edgar\/data\/(\d+)\//.exec(h)?.[1]).find((c) => c !== undefined) ?? NaN);
    if (!Number.isInteger(cik) || cik <= 0) throw new IngestError(file.name, 'filing index page: no document link names the filer CIK');
    const documents = rows.map((tds) => {
      const [seq, description, name, type, size] = tds.map((td) => clean(text(td)));
      return {
        sequence: /^\d+$/.test(seq ?? '') ? Number(seq) : null, description: description || null,
        filename: name ? name.split(' ')[0] ?? null : null, type: type || null, size: /^\d+$/.test(size ?? '') ? Number(size) : null,
      };
    });
    const date = (k: string) => /\d{4}-\d{2}-\d{2}/.exec(info.get(k) ?? '')?.[0] ?? null;
    const accepted = /(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})/.exec(info.get('Accepted') ?? '');
    const items = [...(info.get('Items') ?? '').matchAll(/Item\s+(\d{1,2}\.\d{2})/g)].map((m) => m[1] ?? '');
    const primary = documents[0];
    batch.filings.push({
      cik, accession, form, filed: date('Filing Date'), accepted: accepted ? `${accepted[1] ?? ''}T${accepted[2] ?? ''}` : null,
      reportDate: date('Period of Report'), isAmendment: form.endsWith('/A'), items,
      isXbrl: documents.some((d) => d.type?.startsWith('EX-101') ?? false), isInlineXbrl: null,
      primaryDocument: primary?.filename ?? null, primaryDocDescription: primary?.description ?? null,
      documents: documents.flatMap((d) => (d.filename ? [d.filename] : [])), size: null, fileNumber: null, filmNumber: null,
      act: null, fy: null, fp: null, source: 'filing-index',
    });
    for (const d of documents) batch.filing_documents.push({ cik, accession, ...d, source: 'filing-index' });
  },
};
