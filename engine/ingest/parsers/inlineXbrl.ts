// Inline XBRL documents (.htm/.html with ix:header): contexts and units from ix:resources, numeric facts from
// ix:nonFraction (format transform, then scale, then sign; nil skipped; nested nonFraction each counted once),
// the dei cover facts and every short ix:nonNumeric (symbols, class names, dates; text blocks are not kept). Yields the same rows as the instance EDGAR extracts from it.
// An unknown `format` is an IngestError naming it, not a skipped fact: a silently missing number would leave
// statements wrong without a trace. ix:fraction and ix:tuple are not read (not used for EDGAR financials).
// A standalone document whose contexts sit in another document of its set fails with "context not defined";
// inside a container the whole set is read together (parseInlineSet).
import type { SaxesTagNS } from 'saxes';
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { Parser } from './Parser.ts';
import { isInlineNs, NS, standardPrefix } from './xbrlNamespaces.ts';
import { attr, attrNs, parseXml, type Resolve } from './xbrlXml.ts';
import { XbrlResources } from './xbrlResources.ts';
import { DEI_FACTS, emitXbrl, ShortText, type DeiFact, type RawFact, type RawText, type XbrlYield } from './xbrlFiling.ts';
import { isTransformNamespace, TransformError, transformNumber } from './ixtTransforms.ts';
import { scaledDecimal } from './xbrlNumber.ts';

export function looksLikeInline(head: string): boolean {
  return (head.includes(NS.ix[0]) || head.includes(NS.ix[1])) && /<(?:[\w.-]+:)?html[\s>]/i.test(head);
}

interface Frame {
  numeric: boolean;
  tag: SaxesTagNS;
  concept: string;
  /** Local name of a dei cover fact we keep, else null. */
  dei: string | null;
  format: { uri: string; local: string; name: string } | null;
  parts: string[] | null;
  /** Text of a non-numeric fact other than the kept dei ones, dropped once it is too long to be a label. */
  short: ShortText | null;
}

/**
 * Read one inline document, or all documents of an inline XBRL document set (one filing's main document and
 * exhibits), whose facts may use contexts and units declared in any of them.
 */
export function readInline(...files: SourceFile[]): XbrlYield {
  const facts: RawFact[] = [];
  const texts: RawText[] = [];
  const dei = new Map<string, DeiFact[]>();
  let current = files[0]?.name ?? '';
  const fail: (reason: string) => never = (reason) => {
    throw new IngestError(current, `inline-xbrl: ${reason}`);
  };
  let scope: Resolve = () => undefined;
  const res = new XbrlResources((prefix) => scope(prefix), fail);
  const stack: Frame[] = [];
  let excluded = 0;
  let capturing = 0;

  const qnameParts = (q: string) => {
    const colon = q.indexOf(':');
    const prefix = colon < 0 ? '' : q.slice(0, colon);
    const uri = scope(prefix);
    if (uri === undefined) fail(`QName "${q}" uses an undeclared prefix "${prefix}"`);
    return { uri, local: colon < 0 ? q : q.slice(colon + 1), name: q };
  };

  const openFact = (tag: SaxesTagNS, numeric: boolean) => {
    const name = attr(tag, 'name');
    if (!name) fail(`<${tag.name}> without a name attribute`);
    const q = qnameParts(name);
    const isDei = !numeric && standardPrefix(q.uri) === 'dei' && DEI_FACTS.has(q.local);
    const fmt = attr(tag, 'format');
    const frame: Frame = {
      numeric, tag, concept: res.qname(name), dei: isDei ? q.local : null,
      format: fmt ? qnameParts(fmt.trim()) : null, parts: numeric || isDei ? [] : null,
      short: numeric || isDei ? null : new ShortText(),
    };
    if (frame.parts || frame.short) capturing++;
    stack.push(frame);
  };

  const closeFact = (frame: Frame) => {
    if (frame.parts || frame.short) capturing--;
    const { tag } = frame;
    const contextRef = attr(tag, 'contextRef');
    if (!contextRef) fail(`${frame.concept} (id "${attr(tag, 'id') ?? ''}") has no contextRef`);
    const text = (frame.parts ?? []).join('').trim();
    if (frame.dei) {
      const list = dei.get(frame.dei) ?? [];
      list.push({ contextRef, value: text, format: frame.format?.local ?? null });
      dei.set(frame.dei, list);
    }
    if (frame.dei || frame.short) {
      const value = frame.dei ? text.replace(/\s+/g, ' ') : frame.short?.value() ?? null;
      const nil = attrNs(tag, NS.xsi, 'nil') === 'true';
      if (value !== null && !nil) texts.push({ concept: frame.concept, contextRef, value, format: frame.format?.local ?? null });
    }
    if (!frame.numeric || attrNs(tag, NS.xsi, 'nil') === 'true') return;
    const unitRef = attr(tag, 'unitRef');
    const where = `${frame.concept} (id "${attr(tag, 'id') ?? ''}", context "${contextRef}")`;
    if (!unitRef) fail(`${where} is an ix:nonFraction without a unitRef`);
    let digits = text;
    if (frame.format) {
      if (!isTransformNamespace(frame.format.uri)) fail(`${where} uses format ${frame.format.name} from an unknown namespace ${frame.format.uri}`);
      try {
        digits = transformNumber(frame.format.local, text);
      } catch (err) {
        if (err instanceof TransformError) fail(`${where}: ${err.message}`);
        throw err;
      }
    }
    const scaleText = attr(tag, 'scale')?.trim() ?? '0';
    if (!/^-?\d{1,3}$/.test(scaleText)) fail(`${where} has an invalid scale "${scaleText}"`);
    const value = scaledDecimal(digits, Number(scaleText), attr(tag, 'sign') === '-');
    if (value === null) fail(`${where} has a non-numeric value "${text.slice(0, 60)}"`);
    facts.push({ concept: frame.concept, contextRef, unitRef, decimals: attr(tag, 'decimals'), value });
  };

  for (const file of files) {
    current = file.name;
    stack.length = 0;
    excluded = 0;
    capturing = 0;
    parseXml(file, 'inline-xbrl', (resolve) => {
      scope = resolve;
      return {
        open(tag) {
          if (tag.uri === NS.xbrli || tag.uri === NS.xbrldi) { res.open(tag); return; }
          if (!isInlineNs(tag.uri)) return;
          if (tag.local === 'nonFraction') openFact(tag, true);
          else if (tag.local === 'nonNumeric') openFact(tag, false);
          else if (tag.local === 'exclude') excluded++;
        },
        text(t) {
          if (res.capturing) res.text(t);
          if (capturing === 0 || excluded > 0) return;
          for (const f of stack) {
            f.parts?.push(t);
            f.short?.push(t);
          }
        },
        close(tag) {
          if (tag.uri === NS.xbrli || tag.uri === NS.xbrldi) { res.close(tag); return; }
          if (!isInlineNs(tag.uri)) return;
          if (tag.local === 'nonFraction' || tag.local === 'nonNumeric') {
            const frame = stack.pop();
            if (frame) closeFact(frame);
          } else if (tag.local === 'exclude') excluded--;
        },
      };
    });
  }
  return { contexts: res.contexts, units: res.units, facts, texts, dei };
}

/** An inline XBRL document set as one filing: facts of every document, filed under the first (primary) one. */
export function parseInlineSet(files: SourceFile[], batch: Batch): void {
  const [primary] = files;
  if (primary) emitXbrl(primary, 'inline-xbrl', readInline(...files), batch);
}

export const inlineXbrlParser: Parser = {
  kind: 'inline-xbrl',
  detect(_file, head) {
    return looksLikeInline(head);
  },
  parse(file: SourceFile, batch: Batch) {
    emitXbrl(file, 'inline-xbrl', readInline(file), batch);
  },
};
