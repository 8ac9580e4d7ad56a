// A 13F-HR as EDGAR publishes it: the cover page (edgarSubmission, thirteenffiler schema X0202) and the information
// table (informationTable, one infoTable per position; values in dollars, as filed since 2023).
import type { DemoManager } from './ownershipCast.ts';
import { xmlText } from './xmlText.ts';

export interface DemoPosition {
  nameOfIssuer: string;
  cusip: string;
  value: number;
  shares: number;
  putCall: 'Put' | 'Call' | null;
}

/** EDGAR's 13F dates are MM-DD-YYYY. */
const usDate = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

export function form13fCoverXml(manager: DemoManager, quarterEnd: string, filed: string, positions: readonly DemoPosition[]): string {
  const total = positions.reduce((n, p) => n + p.value, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>
<edgarSubmission xmlns="http://www.sec.gov/edgar/thirteenffiler" xmlns:com="http://www.sec.gov/edgar/common">
  <schemaVersion>X0202</schemaVersion>
  <headerData>
    <submissionType>13F-HR</submissionType>
    <filerInfo>
      <liveTestFlag>LIVE</liveTestFlag>
      <flags><confirmingCopyFlag>false</confirmingCopyFlag><returnCopyFlag>false</returnCopyFlag><overrideInternetFlag>false</overrideInternetFlag></flags>
      <filer><credentials><cik>${String(manager.cik).padStart(10, '0')}</cik><ccc>XXXXXXXX</ccc></credentials></filer>
      <periodOfReport>${usDate(quarterEnd)}</periodOfReport>
    </filerInfo>
  </headerData>
  <formData>
    <coverPage>
      <reportCalendarOrQuarter>${usDate(quarterEnd)}</reportCalendarOrQuarter>
      <filingManager>
        <name>${xmlText(manager.name)}</name>
        <address><com:street1>1 DEMO SQUARE</com:street1><com:city>${manager.city}</com:city><com:stateOrCountry>${manager.stateOrCountry}</com:stateOrCountry><com:zipCode>99999</com:zipCode></address>
      </filingManager>
      <reportType>13F HOLDINGS REPORT</reportType>
      <form13FFileNumber>${manager.fileNumber}</form13FFileNumber>
      <provideInfoForInstruction5>N</provideInfoForInstruction5>
    </coverPage>
    <signatureBlock>
      <name>Demo Signer</name><title>Chief Compliance Officer</title><phone>555-0100</phone><signature>Demo Signer</signature>
      <city>${manager.city}</city><stateOrCountry>${manager.stateOrCountry}</stateOrCountry><signatureDate>${usDate(filed)}</signatureDate>
    </signatureBlock>
    <summaryPage>
      <otherIncludedManagersCount>0</otherIncludedManagersCount>
      <tableEntryTotal>${String(positions.length)}</tableEntryTotal>
      <tableValueTotal>${String(total)}</tableValueTotal>
      <isConfidentialOmitted>false</isConfidentialOmitted>
    </summaryPage>
  </formData>
</edgarSubmission>`;
}

export function form13fInfoTableXml(positions: readonly DemoPosition[]): string {
  const rows = positions.map((p) => `  <ns1:infoTable>
    <ns1:nameOfIssuer>${xmlText(p.nameOfIssuer)}</ns1:nameOfIssuer>
    <ns1:titleOfClass>COM</ns1:titleOfClass>
    <ns1:cusip>${p.cusip}</ns1:cusip>
    <ns1:value>${String(p.value)}</ns1:value>
    <ns1:shrsOrPrnAmt><ns1:sshPrnamt>${String(p.shares)}</ns1:sshPrnamt><ns1:sshPrnamtType>SH</ns1:sshPrnamtType></ns1:shrsOrPrnAmt>
    ${p.putCall ? `<ns1:putCall>${p.putCall}</ns1:putCall>` : ''}
    <ns1:investmentDiscretion>SOLE</ns1:investmentDiscretion>
    <ns1:votingAuthority><ns1:Sole>${String(p.shares)}</ns1:Sole><ns1:Shared>0</ns1:Shared><ns1:None>0</ns1:None></ns1:votingAuthority>
  </ns1:infoTable>`);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<ns1:informationTable xmlns:ns1="http://www.sec.gov/edgar/document/thirteenf/informationtable">
${rows.join('\n')}
</ns1:informationTable>`;
}
