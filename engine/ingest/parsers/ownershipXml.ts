// SEC ownership documents (Forms 3, 4, 5 and amendments, `<ownershipDocument>` XML), bare or unpacked from an SGML
// submission: one insider_filings row (issuer, every reporting owner, footnote texts) and one insider_transactions row
// per table row (transactions and holdings, non-derivative and derivative), footnote references kept per row.
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { Parser } from './Parser.ts';
import type { InsiderOwner, InsiderTransactionRow } from '../rows.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { bool, child, children, cikOf, dateOf, footnoteIds, num, parseXml, text, valueOf, type XmlNode } from './ownershipXmlTools.ts';

const FORMS = /^[345](\/A)?$/;

function ownerOf(node: unknown): InsiderOwner | null {
  const id = child(node, 'reportingOwnerId');
  const rel = child(node, 'reportingOwnerRelationship');
  const name = text(id, 'rptOwnerName');
  if (!name) return null;
  return {
    cik: cikOf(text(id, 'rptOwnerCik')),
    name,
    isDirector: bool(text(rel, 'isDirector')) ?? false,
    isOfficer: bool(text(rel, 'isOfficer')) ?? false,
    isTenPercentOwner: bool(text(rel, 'isTenPercentOwner')) ?? false,
    isOther: bool(text(rel, 'isOther')) ?? false,
    officerTitle: text(rel, 'officerTitle'),
    otherText: text(rel, 'otherText'),
  };
}

function tableRow(node: unknown, base: Pick<InsiderTransactionRow, 'accession' | 'issuerCik' | 'documentType' | 'source'>,
  isDerivative: boolean, isHolding: boolean, seq: number, fileName: string): InsiderTransactionRow {
  const where = `${isDerivative ? 'derivative' : 'non-derivative'} ${isHolding ? 'holding' : 'transaction'} ${String(seq)}`;
  const n = (node: unknown, field: string) => num(valueOf(node, field), fileName, `${where} <${field}>`);
  const coding = child(node, 'transactionCoding');
  const amounts = child(node, 'transactionAmounts');
  const post = child(node, 'postTransactionAmounts');
  const nature = child(node, 'ownershipNature');
  const underlying = child(node, 'underlyingSecurity');
  return {
    ...base,
    isDerivative,
    isHolding,
    seq,
    securityTitle: valueOf(node, 'securityTitle'),
    transactionDate: dateOf(valueOf(node, 'transactionDate')),
    deemedExecutionDate: dateOf(valueOf(node, 'deemedExecutionDate')),
    transactionFormType: text(coding, 'transactionFormType'),
    transactionCode: text(coding, 'transactionCode'),
    equitySwapInvolved: bool(text(coding, 'equitySwapInvolved')),
    timeliness: valueOf(node, 'transactionTimeliness'),
    shares: n(amounts, 'transactionShares'),
    pricePerShare: n(amounts, 'transactionPricePerShare'),
    acquiredDisposed: valueOf(amounts, 'transactionAcquiredDisposedCode'),
    sharesAfter: n(post, 'sharesOwnedFollowingTransaction'),
    valueAfter: n(post, 'valueOwnedFollowingTransaction'),
    directIndirect: valueOf(nature, 'directOrIndirectOwnership'),
    natureOfOwnership: valueOf(nature, 'natureOfOwnership'),
    exercisePrice: isDerivative ? n(node, 'conversionOrExercisePrice') : null,
    exerciseDate: isDerivative ? dateOf(valueOf(node, 'exerciseDate')) : null,
    expirationDate: isDerivative ? dateOf(valueOf(node, 'expirationDate')) : null,
    underlyingSecurity: isDerivative ? valueOf(underlying, 'underlyingSecurityTitle') : null,
    underlyingShares: isDerivative ? n(underlying, 'underlyingSecurityShares') : null,
    footnoteIds: footnoteIds(node),
  };
}

export function parseOwnershipDocument(file: SourceFile, batch: Batch): void {
  const root = parseXml(file.name, file.bytes.toString('utf8'), 'ownership document');
  const doc = child(root, 'ownershipDocument');
  if (!doc) throw new IngestError(file.name, 'ownership document: no <ownershipDocument> element');
  const documentType = text(doc, 'documentType')?.toUpperCase() ?? null;
  if (!documentType || !FORMS.test(documentType)) {
    throw new IngestError(file.name, `ownership document: <documentType> is ${JSON.stringify(documentType)}, expected 3, 4, 5 or an amendment`);
  }
  const issuer = child(doc, 'issuer');
  const issuerCik = cikOf(text(issuer, 'issuerCik'));
  if (issuerCik === null) throw new IngestError(file.name, 'ownership document: missing or invalid <issuerCik>');
  const owners = children(doc, 'reportingOwner').map(ownerOf).filter((o): o is InsiderOwner => o !== null);
  if (owners.length === 0) throw new IngestError(file.name, 'ownership document: no <reportingOwner> with a name');
  const meta = filingMetaOf(file);
  const base = { accession: meta.accession, issuerCik, documentType, source: 'ownership-xml' as const };
  const footnotes = children(child(doc, 'footnotes'), 'footnote').flatMap((f) => {
    const id = (f as XmlNode)['@_id'];
    return typeof id === 'string' ? [{ id, text: text(f) ?? '' }] : [];
  });
  const periodOfReport = dateOf(text(doc, 'periodOfReport'));
  batch.insider_filings.push({
    accession: meta.accession,
    issuerCik,
    issuerName: text(issuer, 'issuerName'),
    issuerSymbol: text(issuer, 'issuerTradingSymbol'),
    documentType,
    periodOfReport,
    filed: meta.filed,
    dateOfOriginalSubmission: dateOf(text(doc, 'dateOfOriginalSubmission')),
    noSecuritiesOwned: bool(text(doc, 'noSecuritiesOwned')),
    notSubjectToSection16: bool(text(doc, 'notSubjectToSection16')),
    aff10b5One: bool(text(doc, 'aff10b5One')),
    owners,
    footnotes,
    remarks: text(doc, 'remarks'),
    source: 'ownership-xml',
  });
  const tables: [string, string, boolean, boolean][] = [
    ['nonDerivativeTable', 'nonDerivativeTransaction', false, false],
    ['nonDerivativeTable', 'nonDerivativeHolding', false, true],
    ['derivativeTable', 'derivativeTransaction', true, false],
    ['derivativeTable', 'derivativeHolding', true, true],
  ];
  for (const [table, row, isDerivative, isHolding] of tables) {
    children(child(doc, table), row).forEach((node, i) => {
      batch.insider_transactions.push(tableRow(node, base, isDerivative, isHolding, i + 1, file.name));
    });
  }
  const symbol = text(issuer, 'issuerTradingSymbol');
  if (symbol && !/^(none|n\/a)$/i.test(symbol)) {
    batch.securities.push({
      cik: issuerCik, ticker: symbol.toUpperCase(), exchange: null, name: text(issuer, 'issuerName'), cusip: null,
      compositeFigi: null, shareClassFigi: null, kind: null, asOf: meta.filed ?? periodOfReport ?? '1970-01-01', source: 'ownership-xml',
    });
  }
}

export const ownershipXmlParser: Parser = {
  kind: 'ownership-xml',
  detect(_file, head) {
    return head.includes('<ownershipDocument') && !head.includes('<SEC-DOCUMENT>') && !head.includes('<SUBMISSION>');
  },
  parse(file, batch) {
    parseOwnershipDocument(file, batch);
  },
};
