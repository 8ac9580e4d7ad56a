// XBRL 2.1 instance documents (.xml), including the `_htm.xml` instance EDGAR extracts from inline XBRL:
// numeric facts (items with a unitRef, nil skipped) with their contexts and units, the dei cover facts, and short
// non-numeric items (symbols, class names, dates; text blocks are not kept).
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { Parser } from './Parser.ts';
import { conceptName, NS, standardPrefix } from './xbrlNamespaces.ts';
import { attr, attrNs, parseXml, type Resolve } from './xbrlXml.ts';
import { XbrlResources } from './xbrlResources.ts';
import { DEI_FACTS, emitXbrl, ShortText, type RawFact, type RawText, type XbrlYield } from './xbrlFiling.ts';
import { parseXsNumber } from './xbrlNumber.ts';

const ROOT = /<(?:[A-Za-z_][\w.-]*:)?xbrl[\s>]/;

export function looksLikeInstance(head: string): boolean {
  return ROOT.test(head) && head.includes(NS.xbrli) && !/<(?:[\w.-]+:)?html[\s>]/i.test(head);
}

interface Pending {
  concept: string;
  contextRef: string;
  unitRef: string | undefined;
  decimals: string | undefined;
  dei: string | null;
  text: string;
  /** A non-numeric item's text, dropped once it is too long to be a label. */
  short: ShortText | null;
}

export function readInstance(file: SourceFile): XbrlYield {
  const facts: RawFact[] = [];
  const texts: RawText[] = [];
  const dei = new Map<string, { contextRef: string; value: string; format: null }[]>();
  const fail: (reason: string) => never = (reason) => {
    throw new IngestError(file.name, `xbrl-instance: ${reason}`);
  };
  let scope: Resolve = () => undefined;
  const res = new XbrlResources((prefix) => scope(prefix), fail);
  parseXml(file, 'xbrl-instance', (resolve) => {
    scope = resolve;
    let depth = 0;
    let pending: Pending | null = null;
    let pendingDepth = 0;
    return {
      open(tag) {
        depth++;
        if (depth === 1) {
          if (tag.uri !== NS.xbrli || tag.local !== 'xbrl') fail(`root element is <${tag.name}>, not an XBRL instance`);
          return;
        }
        if (tag.uri === NS.xbrli || tag.uri === NS.xbrldi) { res.open(tag); return; }
        if (tag.uri === NS.link || pending) return;
        const contextRef = attr(tag, 'contextRef');
        if (contextRef === undefined) return; // tuples and anything that is not an item
        if (attrNs(tag, NS.xsi, 'nil') === 'true') return;
        const unitRef = attr(tag, 'unitRef');
        const isDei = standardPrefix(tag.uri) === 'dei' && DEI_FACTS.has(tag.local);
        pending = {
          concept: conceptName(tag.uri, tag.prefix, tag.local), contextRef, unitRef,
          decimals: attr(tag, 'decimals'), dei: isDei ? tag.local : null, text: '',
          short: unitRef === undefined && !isDei ? new ShortText() : null,
        };
        pendingDepth = depth;
      },
      text(t) {
        if (pending?.short) pending.short.push(t);
        else if (pending) pending.text += t;
        else if (res.capturing) res.text(t);
      },
      close(tag) {
        if (pending && depth === pendingDepth) {
          const p = pending;
          pending = null;
          const text = p.text;
          if (p.dei) {
            const list = dei.get(p.dei) ?? [];
            list.push({ contextRef: p.contextRef, value: text, format: null });
            dei.set(p.dei, list);
            texts.push({ concept: p.concept, contextRef: p.contextRef, value: text.replace(/\s+/g, ' ').trim(), format: null });
          }
          const short = p.short?.value() ?? null;
          if (short !== null) texts.push({ concept: p.concept, contextRef: p.contextRef, value: short, format: null });
          if (p.unitRef !== undefined) {
            const value = parseXsNumber(text);
            if (value === null) fail(`fact ${p.concept} (context "${p.contextRef}") has a non-numeric value "${text.trim().slice(0, 60)}"`);
            facts.push({ concept: p.concept, contextRef: p.contextRef, unitRef: p.unitRef, decimals: p.decimals, value });
          }
        } else if (tag.uri === NS.xbrli || tag.uri === NS.xbrldi) {
          res.close(tag);
        }
        depth--;
      },
    };
  });
  return { contexts: res.contexts, units: res.units, facts, texts, dei };
}

export const xbrlInstanceParser: Parser = {
  kind: 'xbrl-instance',
  detect(_file, head) {
    return looksLikeInstance(head);
  },
  parse(file: SourceFile, batch: Batch) {
    emitXbrl(file, 'xbrl-instance', readInstance(file), batch);
  },
};
