// A Form 4 in the SEC's ownershipDocument XML (schema X0508): issuer, one reporting owner, its non-derivative and
// derivative transactions, footnotes and signature, element for element as EDGAR publishes them.
import type { DemoCompany } from './DemoCompany.ts';
import type { DemoInsider } from './ownershipCast.ts';
import { xmlText } from './xmlText.ts';

export interface DemoTrade {
  derivative: boolean;
  securityTitle: string;
  date: string;
  /** SEC transaction code: P, S, A, M, F ... */
  code: string;
  shares: number;
  price: number;
  acquiredDisposed: 'A' | 'D';
  sharesAfter: number;
  /** Derivative rows: the option's terms and the common stock underneath. */
  exercisePrice?: number;
  expirationDate?: string;
  underlyingShares?: number;
  footnoteId?: string;
}

export interface DemoForm4 {
  issuer: DemoCompany;
  owner: DemoInsider;
  periodOfReport: string;
  signatureDate: string;
  trades: DemoTrade[];
  footnotes: { id: string; text: string }[];
}

const value = (tag: string, v: string | number, footnoteId?: string) =>
  `<${tag}><value>${xmlText(v)}</value>${footnoteId ? `<footnoteId id="${footnoteId}"/>` : ''}</${tag}>`;

function amounts(t: DemoTrade): string {
  return `<transactionCoding><transactionFormType>4</transactionFormType><transactionCode>${t.code}</transactionCode>` +
    `<equitySwapInvolved>0</equitySwapInvolved></transactionCoding>` +
    `<transactionAmounts>${value('transactionShares', t.shares)}${value('transactionPricePerShare', t.price, t.footnoteId)}` +
    `${value('transactionAcquiredDisposedCode', t.acquiredDisposed)}</transactionAmounts>`;
}

function nonDerivative(t: DemoTrade): string {
  return `<nonDerivativeTransaction>${value('securityTitle', t.securityTitle)}${value('transactionDate', t.date)}${amounts(t)}` +
    `<postTransactionAmounts>${value('sharesOwnedFollowingTransaction', t.sharesAfter)}</postTransactionAmounts>` +
    `<ownershipNature>${value('directOrIndirectOwnership', 'D')}</ownershipNature></nonDerivativeTransaction>`;
}

function derivative(t: DemoTrade): string {
  return `<derivativeTransaction>${value('securityTitle', t.securityTitle)}${value('conversionOrExercisePrice', t.exercisePrice ?? 0)}` +
    `${value('transactionDate', t.date)}${amounts(t)}<exerciseDate><footnoteId id="F1"/></exerciseDate>` +
    `${value('expirationDate', t.expirationDate ?? '')}<underlyingSecurity>${value('underlyingSecurityTitle', 'Common Stock')}` +
    `${value('underlyingSecurityShares', t.underlyingShares ?? t.shares)}</underlyingSecurity>` +
    `<postTransactionAmounts>${value('sharesOwnedFollowingTransaction', t.sharesAfter)}</postTransactionAmounts>` +
    `<ownershipNature>${value('directOrIndirectOwnership', 'D')}</ownershipNature></derivativeTransaction>`;
}

export function form4Xml(f: DemoForm4): string {
  const o = f.owner;
  const nonDerivatives = f.trades.filter((t) => !t.derivative).map(nonDerivative).join('');
  const derivatives = f.trades.filter((t) => t.derivative).map(derivative).join('');
  return `<?xml version="1.0"?>
<ownershipDocument>
<schemaVersion>X0508</schemaVersion>
<documentType>4</documentType>
<periodOfReport>${f.periodOfReport}</periodOfReport>
<notSubjectToSection16>0</notSubjectToSection16>
<issuer><issuerCik>${String(f.issuer.cik).padStart(10, '0')}</issuerCik><issuerName>${xmlText(f.issuer.name)}</issuerName><issuerTradingSymbol>${f.issuer.ticker}</issuerTradingSymbol></issuer>
<reportingOwner>
<reportingOwnerId><rptOwnerCik>${String(o.cik).padStart(10, '0')}</rptOwnerCik><rptOwnerName>${xmlText(o.name)}</rptOwnerName></reportingOwnerId>
<reportingOwnerAddress><rptOwnerStreet1>C/O ${xmlText(f.issuer.address.street1)}</rptOwnerStreet1><rptOwnerStreet2/><rptOwnerCity>${xmlText(f.issuer.address.city)}</rptOwnerCity><rptOwnerState>${f.issuer.address.stateOrCountry}</rptOwnerState><rptOwnerZipCode>${f.issuer.address.zipCode}</rptOwnerZipCode><rptOwnerStateDescription/></reportingOwnerAddress>
<reportingOwnerRelationship><isDirector>${String(o.isDirector ? 1 : 0)}</isDirector><isOfficer>${String(o.isOfficer ? 1 : 0)}</isOfficer><isTenPercentOwner>0</isTenPercentOwner><isOther>0</isOther>${o.officerTitle ? `<officerTitle>${xmlText(o.officerTitle)}</officerTitle>` : ''}</reportingOwnerRelationship>
</reportingOwner>
<aff10b5One>0</aff10b5One>
${nonDerivatives ? `<nonDerivativeTable>${nonDerivatives}</nonDerivativeTable>` : ''}
${derivatives ? `<derivativeTable>${derivatives}</derivativeTable>` : ''}
<footnotes>${f.footnotes.map((n) => `<footnote id="${n.id}">${xmlText(n.text)}</footnote>`).join('')}</footnotes>
<remarks>Synthetic filing generated for the demo warehouse (DEMO DATA).</remarks>
<ownerSignature><signatureName>/s/ ${xmlText(o.name)}</signatureName><signatureDate>${f.signatureDate}</signatureDate></ownerSignature>
</ownershipDocument>`;
}
