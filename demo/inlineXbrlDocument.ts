// Renders a synthetic filer's facts as one inline XBRL document the way EDGAR filers write them: an XHTML page whose
// hidden ix:header holds the dei cover facts, the contexts (with explicit dimension members) and units, and whose
// body shows each number as an ix:nonFraction with a format, a scale and decimals, so the ingest reads it as it
// reads a real filing.
import { xmlText } from './xmlText.ts';

/** A dimension qualifier of a context: axis and member QNames. */
export type IxDimension = readonly [axis: string, member: string];

export interface IxFact {
  /** QName, e.g. us-gaap:OperatingLeaseLiability. */
  concept: string;
  /** YYYY-MM-DD; null for an instant. */
  start: string | null;
  end: string;
  dims: readonly IxDimension[];
  unit: 'money' | 'shares' | 'pure' | 'perShare' | 'employees';
  /** The value in units (dollars, shares, a fraction of 1 for rates). */
  value: number;
}

export interface IxDocument {
  cik: number;
  /** Prefix and namespace of the filer's extension taxonomy (its own members). */
  prefix: string;
  namespace: string;
  currency: string;
  documentType: string;
  fiscalYear: number;
  fiscalPeriod: string;
  /** The document's period: cover facts sit on this duration. */
  start: string;
  end: string;
  title: string;
  facts: readonly IxFact[];
}

/** The namespaces every generated inline XBRL document declares (operating-company and fund taxonomies alike). */
export const IXBRL_NAMESPACES: Readonly<Record<string, string>> = {
  '': 'http://www.w3.org/1999/xhtml',
  ix: 'http://www.xbrl.org/2013/inlineXBRL',
  ixt: 'http://www.xbrl.org/inlineXBRL/transformation/2020-02-12',
  'ixt-sec': 'http://www.sec.gov/inlineXBRL/transformation/2015-08-31',
  xbrli: 'http://www.xbrl.org/2003/instance',
  xbrldi: 'http://xbrl.org/2006/xbrldi',
  link: 'http://www.xbrl.org/2003/linkbase',
  xlink: 'http://www.w3.org/1999/xlink',
  iso4217: 'http://www.xbrl.org/2003/iso4217',
  xsi: 'http://www.w3.org/2001/XMLSchema-instance',
  'us-gaap': 'http://fasb.org/us-gaap/2024',
  srt: 'http://fasb.org/srt/2024',
  dei: 'http://xbrl.sec.gov/dei/2024',
  country: 'http://xbrl.sec.gov/country/2024',
  oef: 'http://xbrl.sec.gov/oef/2024',
  rr: 'http://xbrl.sec.gov/rr/2023',
};

/** How a filer shows each kind of number: money and shares in thousands (the model's own rounding), rates as percents. */
const DISPLAY: Record<IxFact['unit'], { scale: number; decimals: number; digits: number }> = {
  money: { scale: 3, decimals: -3, digits: 0 },
  shares: { scale: 3, decimals: -3, digits: 0 },
  pure: { scale: -2, decimals: 4, digits: 2 },
  perShare: { scale: 0, decimals: 2, digits: 2 },
  employees: { scale: 0, decimals: 0, digits: 0 },
};

/** The displayed text of a value under its scale, with thousands separators (ixt:num-dot-decimal). */
export function displayed(value: number, unit: IxFact['unit']): string {
  const { scale, digits } = DISPLAY[unit];
  const shown = Math.abs(value) / 10 ** scale;
  return shown.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** The value the document states for a fact: what a reader of the page gets back after format, scale and sign. */
export function statedValue(value: number, unit: IxFact['unit']): number {
  const { scale, digits } = DISPLAY[unit];
  const shown = Math.round((Math.abs(value) / 10 ** scale) * 10 ** digits) / 10 ** digits;
  return Math.sign(value) * Number((shown * 10 ** scale).toPrecision(15));
}

function contextXml(id: string, cik: number, f: Pick<IxFact, 'start' | 'end' | 'dims'>): string {
  const segment = f.dims.length === 0 ? '' :
    `<xbrli:segment>${f.dims.map(([axis, member]) => `<xbrldi:explicitMember dimension="${axis}">${member}</xbrldi:explicitMember>`).join('')}</xbrli:segment>`;
  const period = f.start === null ? `<xbrli:instant>${f.end}</xbrli:instant>`
    : `<xbrli:startDate>${f.start}</xbrli:startDate><xbrli:endDate>${f.end}</xbrli:endDate>`;
  return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">${String(cik).padStart(10, '0')}</xbrli:identifier>${segment}</xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`;
}

function unitsXml(currency: string, used: Set<IxFact['unit']>): string {
  const defs: Record<IxFact['unit'], string> = {
    money: `<xbrli:unit id="${currency}"><xbrli:measure>iso4217:${currency}</xbrli:measure></xbrli:unit>`,
    shares: '<xbrli:unit id="shares"><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unit>',
    pure: '<xbrli:unit id="number"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>',
    perShare: `<xbrli:unit id="${currency}PerShare"><xbrli:divide><xbrli:unitNumerator><xbrli:measure>iso4217:${currency}</xbrli:measure></xbrli:unitNumerator><xbrli:unitDenominator><xbrli:measure>xbrli:shares</xbrli:measure></xbrli:unitDenominator></xbrli:divide></xbrli:unit>`,
    employees: '<xbrli:unit id="employee"><xbrli:measure>utr:employee</xbrli:measure></xbrli:unit>',
  };
  return [...used].map((u) => defs[u]).join('');
}

function unitRef(currency: string, unit: IxFact['unit']): string {
  return { money: currency, shares: 'shares', pure: 'number', perShare: `${currency}PerShare`, employees: 'employee' }[unit];
}

/** The XHTML text of the document. */
export function inlineXbrlDocument(doc: IxDocument): string {
  const contexts = new Map<string, string>();
  const contextId = (f: Pick<IxFact, 'start' | 'end' | 'dims'>) => {
    const key = `${f.start ?? ''}|${f.end}|${f.dims.map((d) => d.join('=')).join(',')}`;
    let id = contexts.get(key);
    if (!id) {
      id = `c-${String(contexts.size + 1)}`;
      contexts.set(key, id);
      contexts.set(`xml:${id}`, contextXml(id, doc.cik, f));
    }
    return id;
  };
  const cover = contextId({ start: doc.start, end: doc.end, dims: [] });
  const used = new Set<IxFact['unit']>();
  // the page shows only the numbers: the concept and context say what each is, and the documents stay small
  const rows = doc.facts.map((f, i) => {
    used.add(f.unit);
    const { scale, decimals } = DISPLAY[f.unit];
    const sign = f.value < 0 ? ' sign="-"' : '';
    return `<tr><td><ix:nonFraction unitRef="${unitRef(doc.currency, f.unit)}" contextRef="${contextId(f)}" decimals="${String(decimals)}" name="${f.concept}" format="ixt:num-dot-decimal" scale="${String(scale)}" id="f-${String(i + 1)}"${sign}>${displayed(f.value, f.unit)}</ix:nonFraction></td></tr>`;
  });
  const xmlns = Object.entries({ ...IXBRL_NAMESPACES, [doc.prefix]: doc.namespace, utr: 'http://www.xbrl.org/2009/utr' })
    .map(([p, uri]) => (p ? `xmlns:${p}="${uri}"` : `xmlns="${uri}"`)).join(' ');
  const dei = (name: string, value: string, format = '') =>
    `<ix:nonNumeric contextRef="${cover}" name="dei:${name}"${format}>${xmlText(value)}</ix:nonNumeric>`;
  const contextXmls = [...contexts.entries()].filter(([k]) => k.startsWith('xml:')).map(([, v]) => v).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<html ${xmlns} xml:lang="en-US"><head><meta http-equiv="Content-Type" content="text/html"/><title>${xmlText(doc.title)}</title></head><body>
<div style="display:none"><ix:header><ix:hidden>${dei('EntityCentralIndexKey', String(doc.cik).padStart(10, '0'))}${dei('DocumentFiscalYearFocus', String(doc.fiscalYear))}${dei('DocumentFiscalPeriodFocus', doc.fiscalPeriod)}${dei('AmendmentFlag', 'false')}</ix:hidden>
<ix:references><link:schemaRef xlink:type="simple" xlink:href="${doc.prefix}-${doc.end.replaceAll('-', '')}.xsd"/></ix:references>
<ix:resources>
${contextXmls}
${unitsXml(doc.currency, used)}
</ix:resources></ix:header></div>
<p>${dei('DocumentType', doc.documentType)} for the period ended ${dei('DocumentPeriodEndDate', doc.end)} (DEMO DATA: synthetic figures, not a real registrant)</p>
<table>
${rows.join('\n')}
</table>
</body></html>
`;
}
