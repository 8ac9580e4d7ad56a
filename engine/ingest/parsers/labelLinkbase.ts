// XBRL label linkbases (a filing's `*_lab.xml`, standalone or as an EX-101.LAB document of a submission): every
// label resource joined to the element its locator points at, as `labels` rows. The element QName is read from the
// locator's href fragment (`aapl-20250329.xsd#aapl_IPhoneMember` -> `aapl:IPhoneMember`: EDGAR requires element ids
// of the form prefix_LocalName). Scope: a submission's filer and accession; a standalone file has none.
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { LabelRow } from '../rows.ts';
import type { Parser } from './Parser.ts';
import { attrNs, parseXml } from './xbrlXml.ts';

const LINK = 'http://www.xbrl.org/2003/linkbase';
const XLINK = 'http://www.w3.org/1999/xlink';
const XML = 'http://www.w3.org/XML/1998/namespace';

/** `prefix_LocalName` (an href fragment) -> `prefix:LocalName`; null when the fragment has no prefix. */
export function elementOfHref(href: string): string | null {
  const fragment = href.slice(href.indexOf('#') + 1);
  const cut = fragment.indexOf('_');
  if (cut <= 0 || cut === fragment.length - 1 || !href.includes('#')) return null;
  return `${fragment.slice(0, cut)}:${fragment.slice(cut + 1)}`;
}

export const labelLinkbaseParser: Parser = {
  kind: 'label-linkbase',
  detect(file, head) {
    return /linkbase[\s>]/.test(head) && /labelLink/.test(head) && !/<(?:xbrli:)?xbrl[\s>]/.test(head) && /\.xml$/i.test(file.name.replace(/\.gz$/i, ''));
  },
  parse(file: SourceFile, batch: Batch) {
    const document = file.name.split(/[\\/!]/).at(-1) ?? file.name;
    const locs = new Map<string, string[]>();
    const resources = new Map<string, { role: string; lang: string; label: string }[]>();
    const arcs: [string, string][] = [];
    let open: { key: string; role: string; lang: string; text: string } | null = null;
    parseXml(file, 'label linkbase', () => ({
      open(tag) {
        if (tag.uri !== LINK) return;
        const label = attrNs(tag, XLINK, 'label');
        if (tag.local === 'loc' && label !== undefined) {
          const element = elementOfHref(attrNs(tag, XLINK, 'href') ?? '');
          if (element === null) throw new IngestError(file.name, `label linkbase: locator "${label}" has no element href`);
          locs.set(label, [...(locs.get(label) ?? []), element]);
        } else if (tag.local === 'label' && label !== undefined) {
          const role = (attrNs(tag, XLINK, 'role') ?? 'http://www.xbrl.org/2003/role/label').split('/').at(-1) ?? 'label';
          open = { key: label, role, lang: attrNs(tag, XML, 'lang') ?? '', text: '' };
        } else if (tag.local === 'labelArc') {
          const from = attrNs(tag, XLINK, 'from');
          const to = attrNs(tag, XLINK, 'to');
          if (from !== undefined && to !== undefined) arcs.push([from, to]);
        }
      },
      close(tag) {
        if (tag.uri === LINK && tag.local === 'label' && open) {
          const { key, role, lang, text } = open;
          resources.set(key, [...(resources.get(key) ?? []), { role, lang, label: text.replace(/\s+/g, ' ').trim() }]);
          open = null;
        }
      },
      text(t) {
        if (open) open.text += t;
      },
    }));
    const seen = new Set<string>();
    for (const [from, to] of arcs) {
      for (const element of locs.get(from) ?? []) {
        for (const r of resources.get(to) ?? []) {
          const key = `${element}|${r.role}|${r.lang}`;
          if (seen.has(key) || r.label === '') continue;
          seen.add(key);
          const row: LabelRow = {
            cik: file.container?.cik ?? null, accession: file.container?.accession ?? null, document, element,
            role: r.role, lang: r.lang, label: r.label, source: 'label-linkbase',
          };
          batch.labels.push(row);
        }
      }
    }
  },
};
