// Renders a fund document (tailored shareholder report, prospectus risk/return summary) as inline XBRL the way fund
// filers write it: contexts on the share-class axis (and the series' dei:LegalEntityAxis), numbers as ix:nonFraction
// with the display a reader sees ("0.59%", "$59"), and the per-class labels (dei:TradingSymbol, oef:ClassName, dates)
// as ix:nonNumeric on the class contexts, so the ingest reads it as it reads a real filing.
import { xmlText } from './xmlText.ts';
import { IXBRL_NAMESPACES } from './inlineXbrlDocument.ts';

export type FundIxDimension = readonly [axis: string, member: string];

interface FundIxContextual {
  concept: string;
  /** YYYY-MM-DD; null for an instant. */
  start: string | null;
  end: string;
  dims: readonly FundIxDimension[];
}

export interface FundIxNumber extends FundIxContextual {
  /** usd: dollars as shown; rate: a fraction of 1 shown as a percent (scale -2); count: a plain number. */
  unit: 'usd' | 'rate' | 'count';
  value: number;
}

export interface FundIxText extends FundIxContextual {
  text: string;
  /** Inline transform of a date shown for people, e.g. ixt:date-monthname-day-year-en. */
  format?: string;
}

export interface FundIxDocument {
  cik: number;
  registrantName: string;
  documentType: string;
  periodEnd: string;
  /** The filer's extension prefix and namespace (class and series members live there). */
  prefix: string;
  namespace: string;
  title: string;
  numbers: readonly FundIxNumber[];
  texts: readonly FundIxText[];
}


/** How the page shows each kind of number: rates as percents with two decimals, dollars and counts whole. */
const DISPLAY = {
  usd: { scale: 0, decimals: 0, digits: 0, unitRef: 'USD', before: '$', after: '' },
  rate: { scale: -2, decimals: 4, digits: 2, unitRef: 'pure', before: '', after: '%' },
  count: { scale: 0, decimals: 0, digits: 0, unitRef: 'pure', before: '', after: '' },
} as const;

/** The number a reader of the page gets back (what the ingest must store): the displayed digits, scaled. */
export function fundStatedValue(value: number, unit: FundIxNumber['unit']): number {
  const { scale, digits } = DISPLAY[unit];
  const shown = Math.round((Math.abs(value) / 10 ** scale) * 10 ** digits) / 10 ** digits;
  return Math.sign(value) * Number((shown * 10 ** scale).toPrecision(15));
}

function contextXml(id: string, cik: number, c: FundIxContextual): string {
  const segment = c.dims.length === 0 ? '' :
    `<xbrli:segment>${c.dims.map(([axis, member]) => `<xbrldi:explicitMember dimension="${axis}">${member}</xbrldi:explicitMember>`).join('')}</xbrli:segment>`;
  const period = c.start === null ? `<xbrli:instant>${c.end}</xbrli:instant>`
    : `<xbrli:startDate>${c.start}</xbrli:startDate><xbrli:endDate>${c.end}</xbrli:endDate>`;
  return `<xbrli:context id="${id}"><xbrli:entity><xbrli:identifier scheme="http://www.sec.gov/CIK">${String(cik).padStart(10, '0')}</xbrli:identifier>${segment}</xbrli:entity><xbrli:period>${period}</xbrli:period></xbrli:context>`;
}

/** The XHTML text of the document. */
export function fundIxDocument(doc: FundIxDocument): string {
  const ids = new Map<string, string>();
  const xml: string[] = [];
  const contextId = (c: Omit<FundIxContextual, 'concept'>) => {
    const key = `${c.start ?? ''}|${c.end}|${c.dims.map((d) => d.join('=')).join(',')}`;
    let id = ids.get(key);
    if (!id) {
      id = `c-${String(ids.size + 1)}`;
      ids.set(key, id);
      xml.push(contextXml(id, doc.cik, { concept: '', ...c }));
    }
    return id;
  };
  const cover = contextId({ start: doc.periodEnd, end: doc.periodEnd, dims: [] });
  const dei = (name: string, value: string) => `<ix:nonNumeric contextRef="${cover}" name="dei:${name}">${xmlText(value)}</ix:nonNumeric>`;
  const numbers = doc.numbers.map((f, i) => {
    const d = DISPLAY[f.unit];
    const shown = (Math.abs(f.value) / 10 ** d.scale).toLocaleString('en-US', { minimumFractionDigits: d.digits, maximumFractionDigits: d.digits });
    const sign = f.value < 0 ? ' sign="-"' : '';
    return `<tr><td>${f.concept}</td><td>${d.before}<ix:nonFraction unitRef="${d.unitRef}" contextRef="${contextId(f)}" decimals="${String(d.decimals)}" name="${f.concept}" format="ixt:num-dot-decimal" scale="${String(d.scale)}" id="n-${String(i + 1)}"${sign}>${shown}</ix:nonFraction>${d.after}</td></tr>`;
  });
  const texts = doc.texts.map((t, i) => {
    const format = t.format ? ` format="${t.format}"` : '';
    return `<tr><td>${t.concept}</td><td><ix:nonNumeric contextRef="${contextId(t)}" name="${t.concept}" id="t-${String(i + 1)}"${format}>${xmlText(t.text)}</ix:nonNumeric></td></tr>`;
  });
  const xmlns = Object.entries({ ...IXBRL_NAMESPACES, [doc.prefix]: doc.namespace })
    .map(([p, uri]) => (p ? `xmlns:${p}="${uri}"` : `xmlns="${uri}"`)).join(' ');
  return `<?xml version="1.0" encoding="utf-8"?>
<html ${xmlns} xml:lang="en-US"><head><meta http-equiv="Content-Type" content="text/html"/><title>${xmlText(doc.title)}</title></head><body>
<div style="display:none"><ix:header><ix:hidden>${dei('EntityCentralIndexKey', String(doc.cik).padStart(10, '0'))}${dei('EntityRegistrantName', doc.registrantName)}${dei('EntityInvCompanyType', 'N-1A')}${dei('AmendmentFlag', 'false')}</ix:hidden>
<ix:references><link:schemaRef xlink:type="simple" xlink:href="${doc.prefix}-${doc.periodEnd.replaceAll('-', '')}.xsd"/></ix:references>
<ix:resources>
${xml.join('\n')}
<xbrli:unit id="USD"><xbrli:measure>iso4217:USD</xbrli:measure></xbrli:unit><xbrli:unit id="pure"><xbrli:measure>xbrli:pure</xbrli:measure></xbrli:unit>
</ix:resources></ix:header></div>
<p>${xmlText(doc.registrantName)}: ${dei('DocumentType', doc.documentType)} for the period ended ${dei('DocumentPeriodEndDate', doc.periodEnd)} (DEMO DATA: synthetic figures, not a real fund)</p>
<table>
${texts.join('\n')}
${numbers.join('\n')}
</table>
</body></html>
`;
}
