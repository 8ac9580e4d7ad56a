// A Form N-PORT (NPORT-P) XML document in the SEC's schema (namespace http://www.sec.gov/edgar/nport; the element
// names of real filings: genInfo, fundInfo, returnInfo/monthlyTotReturns, monN Flow, invstOrSecs/invstOrSec).
import type { DemoFund } from './demoFunds.ts';
import { xmlText } from './xmlText.ts';

export interface DemoNportHolding {
  name: string;
  title: string;
  cusip: string;
  isin: string;
  balance: number;
  units: 'NS' | 'PA';
  valueUsd: number;
  pctVal: number;
  assetCat: 'EC' | 'DBT';
  issuerCat: 'CORP' | 'UST';
}

export interface DemoNportReport {
  fund: DemoFund;
  /** Fiscal year end and the quarter end the report is as of. */
  repPdEnd: string;
  repPdDate: string;
  totAssets: number;
  totLiabs: number;
  netAssets: number;
  /** Monthly total returns (%) per class id. */
  returns: ReadonlyMap<string, readonly [number, number, number]>;
  flows: readonly { sales: number; reinvestment: number; redemption: number }[];
  holdings: readonly DemoNportHolding[];
  isFinal: boolean;
}

const money = (n: number) => n.toFixed(2);

function holdingXml(h: DemoNportHolding): string {
  return `      <invstOrSec>
        <name>${xmlText(h.name)}</name>
        <lei>N/A</lei>
        <title>${xmlText(h.title)}</title>
        <cusip>${h.cusip}</cusip>
        <identifiers>
          <isin value="${h.isin}"/>
        </identifiers>
        <balance>${h.balance.toFixed(2)}</balance>
        <units>${h.units}</units>
        <curCd>USD</curCd>
        <valUSD>${money(h.valueUsd)}</valUSD>
        <pctVal>${h.pctVal.toFixed(6)}</pctVal>
        <payoffProfile>Long</payoffProfile>
        <assetCat>${h.assetCat}</assetCat>
        <issuerCat>${h.issuerCat}</issuerCat>
        <invCountry>US</invCountry>
        <isRestrictedSec>N</isRestrictedSec>
        <fairValLevel>${h.assetCat === 'EC' ? '1' : '2'}</fairValLevel>
        <securityLending>
          <isCashCollateral>N</isCashCollateral>
          <isNonCashCollateral>N</isNonCashCollateral>
          <isLoanByFund>N</isLoanByFund>
        </securityLending>
      </invstOrSec>`;
}

export function nportXml(r: DemoNportReport): string {
  const f = r.fund;
  const returns = f.classes.map((c) => {
    const [a, b, d] = r.returns.get(c.classId) ?? [0, 0, 0];
    return `          <monthlyTotReturn classId="${c.classId}" rtn1="${a.toFixed(2)}" rtn2="${b.toFixed(2)}" rtn3="${d.toFixed(2)}"/>`;
  });
  const flows = r.flows.map((m, i) =>
    `      <mon${String(i + 1)}Flow redemption="${money(m.redemption)}" reinvestment="${money(m.reinvestment)}" sales="${money(m.sales)}"/>`);
  return `<?xml version="1.0" encoding="UTF-8"?><edgarSubmission xmlns="http://www.sec.gov/edgar/nport" xmlns:com="http://www.sec.gov/edgar/common" xmlns:ncom="http://www.sec.gov/edgar/nportcommon" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sec.gov/edgar/nport eis_NPORT_Filer.xsd">
  <headerData>
    <submissionType>NPORT-P</submissionType>
    <isConfidential>false</isConfidential>
    <filerInfo>
      <filer>
        <issuerCredentials>
          <cik>${String(f.cik).padStart(10, '0')}</cik>
          <ccc>XXXXXXXX</ccc>
        </issuerCredentials>
      </filer>
      <seriesClassInfo>
        <seriesId>${f.seriesId}</seriesId>
${f.classes.map((c) => `        <classId>${c.classId}</classId>`).join('\n')}
      </seriesClassInfo>
    </filerInfo>
  </headerData>
  <formData>
    <genInfo>
      <regName>${xmlText(f.registrantName)}</regName>
      <regFileNumber>${f.fileNumber}</regFileNumber>
      <regCik>${String(f.cik).padStart(10, '0')}</regCik>
      <regLei>${f.lei}</regLei>
      <seriesName>${xmlText(f.seriesName)}</seriesName>
      <seriesId>${f.seriesId}</seriesId>
      <seriesLei>${f.seriesLei}</seriesLei>
      <repPdEnd>${r.repPdEnd}</repPdEnd>
      <repPdDate>${r.repPdDate}</repPdDate>
      <isFinalFiling>${r.isFinal ? 'Y' : 'N'}</isFinalFiling>
    </genInfo>
    <fundInfo>
      <totAssets>${money(r.totAssets)}</totAssets>
      <totLiabs>${money(r.totLiabs)}</totLiabs>
      <netAssets>${money(r.netAssets)}</netAssets>
      <returnInfo>
        <monthlyTotReturns>
${returns.join('\n')}
        </monthlyTotReturns>
      </returnInfo>
${flows.join('\n')}
    </fundInfo>
    <invstOrSecs>
${r.holdings.map(holdingXml).join('\n')}
    </invstOrSecs>
  </formData>
</edgarSubmission>
`;
}
