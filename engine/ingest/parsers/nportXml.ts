// Form N-PORT XML (namespace http://www.sec.gov/edgar/nport; bare, or unpacked from an SGML submission): one
// nport_reports row (totals, final-filing flag, the quarter's monthly flows), the monthly total returns per share class,
// one nport_holdings row per <invstOrSec> as filed (derivatives keep their derivativeInfo tree), and the fund identity
// the form states (registrant, series id/name/LEI, class ids). Values are kept as filed; which report of a quarter
// counts (an NPORT-P/A supersedes) is decided in SQL.
import { IngestError } from '../IngestError.ts';
import type { NportHoldingRow } from '../rows.ts';
import type { Parser } from './Parser.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { bool, child, children, cikOf, dateOf, isNode, num, parseXml, text, type XmlNode } from './ownershipXmlTools.ts';

const NAMESPACE = 'http://www.sec.gov/edgar/nport"';
const CUSIP = /^[0-9A-Z*@#]{9}$/;

/** A numeric field; N-PORT writes `N/A` where a value does not apply. */
function amount(v: string | null, fileName: string, field: string): number | null {
  return v === null || /^n\/?a$/i.test(v.trim()) ? null : num(v, fileName, field);
}

function attr(node: unknown, name: string): string | null {
  return isNode(node) ? text(node[`@_${name}`]) : null;
}

export const nportXmlParser: Parser = {
  kind: 'nport-xml',
  detect(_file, head) {
    return head.includes('<edgarSubmission') && head.includes(NAMESPACE) && !head.includes('<SEC-DOCUMENT>');
  },
  parse(file, batch) {
    const root = parseXml(file.name, file.bytes.toString('utf8'), 'N-PORT');
    const sub = child(root, 'edgarSubmission');
    const header = child(sub, 'headerData');
    const form = child(sub, 'formData');
    const gen = child(form, 'genInfo');
    if (!gen) throw new IngestError(file.name, 'N-PORT: no <formData><genInfo> element');
    const meta = filingMetaOf(file);
    const filerInfo = child(header, 'filerInfo');
    const cik = cikOf(text(gen, 'regCik')) ?? cikOf(text(child(child(filerInfo, 'filer'), 'issuerCredentials'), 'cik')) ?? meta.primaryCik;
    if (cik === null) throw new IngestError(file.name, 'N-PORT: no registrant CIK (<regCik> or filer <cik>)');
    const repPdDate = dateOf(text(gen, 'repPdDate'));
    if (repPdDate === null) throw new IngestError(file.name, `N-PORT: <repPdDate> is not a date: ${JSON.stringify(text(gen, 'repPdDate'))}`);
    const formType = text(header, 'submissionType') ?? meta.form ?? 'NPORT-P';
    const seriesInfo = child(filerInfo, 'seriesClassInfo');
    const seriesId = text(gen, 'seriesId') ?? text(seriesInfo, 'seriesId');
    const seriesName = text(gen, 'seriesName');
    const fund = child(form, 'fundInfo');
    const field = (node: unknown, name: string, where: string) => amount(text(node, name), file.name, `N-PORT ${where}<${name}>`);
    const flow = (month: number, kind: string) => {
      const f = child(fund, `mon${String(month)}Flow`);
      return amount(attr(f, kind), file.name, `N-PORT <mon${String(month)}Flow ${kind}>`);
    };
    batch.nport_reports.push({
      accession: meta.accession, cik, form: formType, filed: meta.filed, seriesId, seriesName, seriesLei: text(gen, 'seriesLei'),
      regName: text(gen, 'regName'), repPdEnd: dateOf(text(gen, 'repPdEnd')), repPdDate,
      isFinal: bool(text(gen, 'isFinalFiling')) ?? false,
      totAssets: field(fund, 'totAssets', ''), totLiabs: field(fund, 'totLiabs', ''), netAssets: field(fund, 'netAssets', ''),
      sales1: flow(1, 'sales'), reinvest1: flow(1, 'reinvestment'), redemption1: flow(1, 'redemption'),
      sales2: flow(2, 'sales'), reinvest2: flow(2, 'reinvestment'), redemption2: flow(2, 'redemption'),
      sales3: flow(3, 'sales'), reinvest3: flow(3, 'reinvestment'), redemption3: flow(3, 'redemption'),
      source: 'nport',
    });

    for (const r of children(child(child(fund, 'returnInfo'), 'monthlyTotReturns'), 'monthlyTotReturn')) {
      const rtn = (k: string) => amount(attr(r, k), file.name, `N-PORT <monthlyTotReturn ${k}>`);
      batch.nport_returns.push({ accession: meta.accession, classId: attr(r, 'classId'), rtn1: rtn('rtn1'), rtn2: rtn('rtn2'), rtn3: rtn('rtn3'), source: 'nport' });
    }

    const asOf = meta.filed ?? repPdDate;
    if (seriesId) {
      batch.fund_series.push({ cik, seriesId, seriesName, lei: text(gen, 'seriesLei'), source: 'nport', accession: meta.accession, asOf });
      for (const classId of children(seriesInfo, 'classId').map((c) => text(c)).filter((c) => c !== null)) {
        batch.fund_classes.push({ cik, seriesId, classId, className: null, ticker: null, source: 'nport', accession: meta.accession, asOf });
      }
    }

    // every CUSIP a fund holds becomes a known security (as 13F tables do), so reverse lookup by CUSIP resolves it
    const cusips = new Map<string, string | null>();
    children(child(form, 'invstOrSecs'), 'invstOrSec').forEach((h, i) => {
      const row = holding(h, i + 1, meta.accession, file.name);
      batch.nport_holdings.push(row);
      const cusip = row.cusip?.toUpperCase() ?? '';
      if (CUSIP.test(cusip) && !/^0+$/.test(cusip) && !cusips.has(cusip)) cusips.set(cusip, row.name);
    });
    for (const [cusip, name] of cusips) {
      batch.securities.push({ cik: null, ticker: null, exchange: null, name, cusip, compositeFigi: null, shareClassFigi: null, kind: null, asOf, source: 'nport' });
    }
  },
};

function holding(h: unknown, seq: number, accession: string, fileName: string): NportHoldingRow {
  const ids = child(h, 'identifiers');
  const where = `holding ${String(seq)} `;
  const n = (name: string) => amount(text(h, name), fileName, `N-PORT ${where}<${name}>`);
  const derivative = child(h, 'derivativeInfo');
  return {
    accession, seq, name: text(h, 'name'), lei: text(h, 'lei'), title: text(h, 'title'), cusip: text(h, 'cusip'),
    isin: attr(child(ids, 'isin'), 'value'), ticker: attr(child(ids, 'ticker'), 'value'),
    otherIds: children(ids, 'other').flatMap((o) => {
      const value = attr(o, 'value');
      return value === null ? [] : [{ desc: attr(o, 'otherDesc'), value }];
    }),
    balance: n('balance'), units: text(h, 'units'),
    currency: text(h, 'curCd') ?? attr(child(h, 'currencyConditional'), 'curCd'),
    valueUsd: n('valUSD'), pctVal: n('pctVal'), payoffProfile: text(h, 'payoffProfile'),
    assetCat: text(h, 'assetCat') ?? attr(child(h, 'assetConditional'), 'assetCat'),
    issuerCat: text(h, 'issuerCat') ?? attr(child(h, 'issuerConditional'), 'issuerCat'),
    country: text(h, 'invCountry'), isRestricted: bool(text(h, 'isRestrictedSec')), fairValLevel: text(h, 'fairValLevel'),
    derivative: derivative ? withoutPrefix(derivative) : null, source: 'nport',
  };
}

/** The parser's `@_` attribute prefix dropped, so the stored tree reads like the XML. */
function withoutPrefix(node: XmlNode): unknown {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    const key = k.startsWith('@_') ? k.slice(2) : k;
    out[key] = Array.isArray(v) ? v.map((x: unknown) => (isNode(x) ? withoutPrefix(x) : x)) : isNode(v) ? withoutPrefix(v) : v;
  }
  return out;
}
