// Form N-CEN XML (namespace http://www.sec.gov/edgar/ncen): the registrant's series (name, id, LEI) and each share
// class's id, name and ticker (sharesOutstanding), as fund identity rows. The census answers themselves are not stored.
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { child, children, cikOf, dateOf, isNode, parseXml, text } from './ownershipXmlTools.ts';

function attr(node: unknown, name: string): string | null {
  return isNode(node) ? text(node[`@_${name}`]) : null;
}

export const ncenXmlParser: Parser = {
  kind: 'ncen-xml',
  detect(_file, head) {
    return head.includes('<edgarSubmission') && head.includes('http://www.sec.gov/edgar/ncen"') && !head.includes('<SEC-DOCUMENT>');
  },
  parse(file, batch) {
    const root = parseXml(file.name, file.bytes.toString('utf8'), 'N-CEN');
    const form = child(child(root, 'edgarSubmission'), 'formData');
    const registrant = child(form, 'registrantInfo');
    const meta = filingMetaOf(file);
    const cik = cikOf(text(registrant, 'registrantCik')) ?? meta.primaryCik;
    if (cik === null) throw new IngestError(file.name, 'N-CEN: no registrant CIK (<registrantCik>)');
    const asOf = meta.filed ?? dateOf(attr(child(form, 'generalInfo'), 'reportEndingPeriod')) ?? '1970-01-01';
    const accession = meta.accession;
    // open-end funds answer in managementInvestmentQuestion; ETFs organised as UITs and closed-end funds elsewhere,
    // but every form lists a series with its id and its classes the same way
    for (const q of children(child(form, 'managementInvestmentQuestionSeriesInfo'), 'managementInvestmentQuestion')) {
      const seriesId = text(q, 'mgmtInvSeriesId');
      if (!seriesId) continue;
      batch.fund_series.push({ cik, seriesId, seriesName: text(q, 'mgmtInvFundName'), lei: text(q, 'mgmtInvLei'), source: 'n-cen', accession, asOf });
      for (const s of children(child(q, 'sharesOutstandings'), 'sharesOutstanding')) {
        const classId = attr(s, 'sharesOutstandingClassId');
        if (!classId) continue;
        batch.fund_classes.push({
          cik, seriesId, classId, className: attr(s, 'sharesOutstandingClassName'),
          ticker: attr(s, 'sharesOutstandingTickerSymbol'), source: 'n-cen', accession, asOf,
        });
      }
    }
  },
};
