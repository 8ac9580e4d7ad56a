// Contexts and units of an XBRL instance or of an inline document's ix:resources: the same xbrli/xbrldi
// elements in both, fed here element by element from the SAX stream.
import type { SaxesTagNS } from 'saxes';
import type { Dimension } from '../rows.ts';
import { conceptName, NS } from './xbrlNamespaces.ts';
import { attr, type Resolve } from './xbrlXml.ts';

export interface XbrlContext {
  id: string;
  /** The entity identifier when it is a CIK (scheme http://www.sec.gov/CIK or all digits). */
  cik: number | null;
  start: string | null;
  /** Instant or end date; null only for `forever`. */
  end: string | null;
  forever: boolean;
  /** Segment and scenario dimensions, sorted by axis. */
  dims: Dimension[];
}

const DATE = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/;

export class XbrlResources {
  readonly contexts = new Map<string, XbrlContext>();
  /** unit id -> `USD`, `shares`, `USD/shares`, `pure`, `Country` (measure local names; see unitName). */
  readonly units = new Map<string, string>();

  private ctx: XbrlContext | null = null;
  private unit: { id: string; num: string[]; den: string[]; inDen: boolean } | null = null;
  private dim: { axis: string; typed: boolean } | null = null;
  private capture: string[] | null = null;

  constructor(
    private readonly resolve: Resolve,
    private readonly fail: (reason: string) => never,
  ) {}

  /** A QName written as text or attribute value (`us-gaap:IPhoneMember`), named like concepts are. */
  qname(text: string): string {
    const t = text.trim();
    const colon = t.indexOf(':');
    const prefix = colon < 0 ? '' : t.slice(0, colon);
    const local = colon < 0 ? t : t.slice(colon + 1);
    const uri = this.resolve(prefix);
    if (uri === undefined) this.fail(`QName "${t}" uses an undeclared prefix "${prefix}"`);
    return conceptName(uri, prefix, local);
  }

  get capturing(): boolean {
    return this.capture !== null;
  }

  open(tag: SaxesTagNS): void {
    if (tag.uri === NS.xbrli) {
      switch (tag.local) {
        case 'context':
          this.ctx = { id: attr(tag, 'id') ?? '', cik: null, start: null, end: null, forever: false, dims: [] };
          return;
        case 'identifier':
        case 'startDate':
        case 'endDate':
        case 'instant':
          if (this.ctx) this.capture = [];
          return;
        case 'forever':
          if (this.ctx) this.ctx.forever = true;
          return;
        case 'unit':
          this.unit = { id: attr(tag, 'id') ?? '', num: [], den: [], inDen: false };
          return;
        case 'unitDenominator':
          if (this.unit) this.unit.inDen = true;
          return;
        case 'measure':
          if (this.unit) this.capture = [];
          return;
      }
    } else if (tag.uri === NS.xbrldi && this.ctx && (tag.local === 'explicitMember' || tag.local === 'typedMember')) {
      const dimension = attr(tag, 'dimension');
      if (!dimension) this.fail(`context "${this.ctx.id}": ${tag.name} without a dimension attribute`);
      this.dim = { axis: this.qname(dimension), typed: tag.local === 'typedMember' };
      this.capture = [];
    }
  }

  text(t: string): void {
    this.capture?.push(t);
  }

  close(tag: SaxesTagNS): void {
    if (tag.uri === NS.xbrli) {
      const ctx = this.ctx;
      switch (tag.local) {
        case 'identifier':
          if (ctx) {
            const id = this.take();
            ctx.cik = /^\d{1,10}$/.test(id) ? Number(id) : null;
          }
          return;
        case 'startDate':
          if (ctx) ctx.start = this.date(ctx, this.take());
          return;
        case 'endDate':
        case 'instant':
          if (ctx) ctx.end = this.date(ctx, this.take());
          return;
        case 'context':
          if (ctx) {
            if (ctx.id === '') this.fail('a context has no id');
            if (!ctx.forever && ctx.end === null) this.fail(`context "${ctx.id}" has no period end or instant`);
            ctx.dims.sort((a, b) => (a.axis < b.axis ? -1 : a.axis > b.axis ? 1 : 0));
            this.contexts.set(ctx.id, ctx);
          }
          this.ctx = null;
          return;
        case 'measure':
          if (this.unit) {
            const m = this.take();
            const local = m.slice(m.indexOf(':') + 1);
            if (local === '') this.fail(`unit "${this.unit.id}" has an empty measure`);
            (this.unit.inDen ? this.unit.den : this.unit.num).push(local);
          }
          return;
        case 'unit':
          if (this.unit) {
            const { id, num, den } = this.unit;
            if (id === '' || num.length === 0) this.fail(`unit "${id}" has no id or no measure`);
            this.units.set(id, unitName(num, den));
          }
          this.unit = null;
          return;
      }
    } else if (tag.uri === NS.xbrldi && this.ctx && this.dim && (tag.local === 'explicitMember' || tag.local === 'typedMember')) {
      const text = this.take();
      const member = this.dim.typed ? text.replace(/\s+/g, ' ') : this.qname(text);
      this.ctx.dims.push({ axis: this.dim.axis, member, typed: this.dim.typed });
      this.dim = null;
    }
  }

  private take(): string {
    const t = (this.capture ?? []).join('').trim();
    this.capture = null;
    return t;
  }

  private date(ctx: XbrlContext, text: string): string {
    const m = DATE.exec(text);
    if (!m?.[1]) this.fail(`context "${ctx.id}" has an invalid date "${text}"`);
    return m[1];
  }
}

/**
 * Measures are named by local name: the iso4217 prefix is dropped (`USD`), and so are xbrli (`shares`, `pure`),
 * utr (`MMBTU`) and extension prefixes (`aapl:Vendor` -> `Vendor`), matching companyfacts' unit keys.
 * A divide is `num/den`; several measures multiply with `*`.
 */
export function unitName(num: string[], den: string[]): string {
  const n = num.join('*');
  return den.length === 0 ? n : `${n}/${den.join('*')}`;
}
