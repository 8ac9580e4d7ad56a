// Reads numeric facts straight out of an XBRL instance or inline XBRL document for the footnote tests, independently
// of the ingest parsers: contexts (period, explicit members) and facts (instance elements or ix:nonFraction with
// scale, sign and the common number formats). Enough to name a figure in a document, not a general XBRL processor.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { defined } from '../helpers/defined.ts';

export interface DocFact {
  concept: string;
  value: number;
  unit: string;
  start: string | null;
  end: string;
  /** axis -> member; empty for the undimensioned fact. */
  dims: Record<string, string>;
}

interface Context { start: string | null; end: string; dims: Record<string, string> }

function readText(file: string): string {
  const raw = fs.readFileSync(file);
  return (file.endsWith('.gz') ? zlib.gunzipSync(raw) : raw).toString('utf8');
}

function contextsOf(text: string): Map<string, Context> {
  const out = new Map<string, Context>();
  for (const m of text.matchAll(/<(?:xbrli:)?context\b[^>]*\bid="([^"]+)"[^>]*>([\s\S]*?)<\/(?:xbrli:)?context>/g)) {
    const [, id, body] = m;
    if (id === undefined || body === undefined) continue;
    const instant = /<(?:xbrli:)?instant>\s*([^<\s]+)\s*</.exec(body)?.[1];
    const start = /<(?:xbrli:)?startDate>\s*([^<\s]+)\s*</.exec(body)?.[1] ?? null;
    const end = instant ?? /<(?:xbrli:)?endDate>\s*([^<\s]+)\s*</.exec(body)?.[1];
    const dims: Record<string, string> = {};
    for (const [, axis, member] of body.matchAll(/<xbrldi:explicitMember[^>]*dimension="([^"]+)"[^>]*>\s*([^<\s]+)\s*</g)) {
      if (axis !== undefined && member !== undefined) dims[axis] = member;
    }
    for (const [, axis, member] of body.matchAll(/<xbrldi:typedMember[^>]*dimension="([^"]+)"[^>]*>([\s\S]*?)<\/xbrldi:typedMember>/g)) {
      if (axis !== undefined && member !== undefined) dims[axis] = member.replace(/<[^>]+>/g, '').trim();
    }
    if (end) out.set(id, { start: instant ? null : start, end, dims });
  }
  return out;
}

function attr(attrs: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];
}

function inlineNumber(textValue: string, format: string | undefined): number {
  const t = textValue.replace(/<[^>]+>/g, '').trim();
  if (format?.includes('fixed-zero') || t === '-' || t === '—') return 0;
  const digits = format?.includes('comma-decimal') ? t.replace(/[.\s]/g, '').replace(',', '.') : t.replace(/[,\s]/g, '');
  return Number(digits);
}

export function documentFacts(file: string): DocFact[] {
  return documentFactsOf(readText(file));
}

/** The facts of a document already in memory (a generated filer's inline XBRL). */
export function documentFactsOf(text: string): DocFact[] {
  const contexts = contextsOf(text);
  const facts: DocFact[] = [];
  const push = (concept: string, contextRef: string, unit: string, value: number) => {
    const c = contexts.get(contextRef);
    if (c && Number.isFinite(value)) facts.push({ concept, value, unit, start: c.start, end: c.end, dims: c.dims });
  };
  if (text.includes('<ix:nonFraction')) {
    // nonFraction elements may nest (one number tagged twice): a stack pairs each open tag with its close
    const stack: { attrs: string; from: number }[] = [];
    for (const m of text.matchAll(/<ix:nonFraction\b([^>]*?)(\/?)>|<\/ix:nonFraction>/g)) {
      if (m[0].startsWith('</')) {
        const open = stack.pop();
        if (!open) continue;
        const a = open.attrs;
        let value = inlineNumber(text.slice(open.from, m.index), attr(a, 'format')) * 10 ** Number(attr(a, 'scale') ?? 0);
        if (attr(a, 'sign') === '-') value = -value;
        const [name, contextRef] = [attr(a, 'name'), attr(a, 'contextRef')];
        if (name !== undefined && contextRef !== undefined) push(name, contextRef, attr(a, 'unitRef') ?? '', value);
      } else if (m[2] !== '/') {
        stack.push({ attrs: m[1] ?? '', from: m.index + m[0].length });
      }
    }
  } else {
    for (const m of text.matchAll(/<([A-Za-z][\w.-]*:[A-Za-z_][\w.-]*)\b([^>]*\bcontextRef="[^"]*"[^>]*)>([^<]*)<\/\1>/g)) {
      const [, concept, a, text] = m;
      const unit = a === undefined ? undefined : attr(a, 'unitRef');
      if (concept === undefined || a === undefined || text === undefined || !unit) continue;
      push(concept, defined(attr(a, 'contextRef'), `contextRef of ${concept}`), unit, Number(text.trim()));
    }
  }
  return facts;
}

/** The one value of a concept at a period end (and start, for durations) with exactly these dimensions. */
export function docValue(facts: DocFact[], concept: string, end: string, dims: Record<string, string> = {}, start: string | null = null): number {
  const key = JSON.stringify(Object.entries(dims).sort());
  const hits = facts.filter((f) => f.concept === concept && f.end === end && f.start === start && JSON.stringify(Object.entries(f.dims).sort()) === key);
  const values = [...new Set(hits.map((f) => f.value))];
  if (values.length !== 1) throw new Error(`${concept} at ${start ?? ''}..${end} ${key}: ${String(values.length)} distinct values in the document`);
  return defined(values[0], `${concept} at ${end}`);
}
