// A Schedule 13G in the SEC's XML (schedule13g namespace, in use since December 2024): cover page header with the
// issuer's CIK and CUSIP, one reporting person's cover-page row, and Item 4, as EDGAR publishes it.
import type { DemoCompany } from './DemoCompany.ts';
import type { DemoManager } from './ownershipCast.ts';
import { xmlText } from './xmlText.ts';

export interface DemoSchedule13g {
  issuer: DemoCompany;
  cusip: string;
  filer: DemoManager;
  eventDate: string;
  shares: number;
  percentOfClass: number;
}

const usDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

export function schedule13gXml(s: DemoSchedule13g): string {
  const a = s.issuer.address;
  return `<?xml version="1.0" encoding="UTF-8"?><edgarSubmission xmlns="http://www.sec.gov/edgar/schedule13g" xmlns:com="http://www.sec.gov/edgar/common">
  <headerData>
    <submissionType>SCHEDULE 13G</submissionType>
    <filerInfo>
      <filer><filerCredentials><cik>${String(s.filer.cik).padStart(10, '0')}</cik><ccc>XXXXXXXX</ccc></filerCredentials></filer>
      <liveTestFlag>LIVE</liveTestFlag>
    </filerInfo>
  </headerData>
  <formData>
    <coverPageHeader>
      <securitiesClassTitle>Common Stock</securitiesClassTitle>
      <eventDateRequiresFilingThisStatement>${usDate(s.eventDate)}</eventDateRequiresFilingThisStatement>
      <issuerInfo>
        <issuerCik>${String(s.issuer.cik).padStart(10, '0')}</issuerCik>
        <issuerName>${xmlText(s.issuer.name)}</issuerName>
        <issuerCusip>${s.cusip}</issuerCusip>
        <issuerPrincipalExecutiveOfficeAddress><com:street1>${xmlText(a.street1)}</com:street1><com:city>${xmlText(a.city)}</com:city><com:stateOrCountry>${a.stateOrCountry}</com:stateOrCountry><com:zipCode>${a.zipCode}</com:zipCode></issuerPrincipalExecutiveOfficeAddress>
      </issuerInfo>
      <designateRulesPursuantThisScheduleFiled><designateRulePursuantThisScheduleFiled>Rule 13d-1(b)</designateRulePursuantThisScheduleFiled></designateRulesPursuantThisScheduleFiled>
    </coverPageHeader>
    <coverPageHeaderReportingPersonDetails>
      <reportingPersonName>${xmlText(s.filer.name)}</reportingPersonName>
      <citizenshipOrOrganization>DE</citizenshipOrOrganization>
      <reportingPersonBeneficiallyOwnedNumberOfShares>
        <soleVotingPower>${s.shares.toFixed(2)}</soleVotingPower>
        <sharedVotingPower>0.00</sharedVotingPower>
        <soleDispositivePower>${s.shares.toFixed(2)}</soleDispositivePower>
        <sharedDispositivePower>0.00</sharedDispositivePower>
      </reportingPersonBeneficiallyOwnedNumberOfShares>
      <reportingPersonBeneficiallyOwnedAggregateNumberOfShares>${s.shares.toFixed(2)}</reportingPersonBeneficiallyOwnedAggregateNumberOfShares>
      <classPercent>${String(s.percentOfClass)}</classPercent>
      <typeOfReportingPerson>IA</typeOfReportingPerson>
    </coverPageHeaderReportingPersonDetails>
    <items>
      <item1><issuerName>${xmlText(s.issuer.name)}</issuerName></item1>
      <item2><filingPersonName>${xmlText(s.filer.name)}</filingPersonName></item2>
      <item4>
        <amountBeneficiallyOwned>${String(s.shares)}</amountBeneficiallyOwned>
        <classPercent>${String(s.percentOfClass)}</classPercent>
        <numberOfSharesPersonHas><solePowerOrDirectToVote>${String(s.shares)}</solePowerOrDirectToVote><sharedPowerOrDirectToVote>0</sharedPowerOrDirectToVote><solePowerOrDirectToDispose>${String(s.shares)}</solePowerOrDirectToDispose><sharedPowerOrDirectToDispose>0</sharedPowerOrDirectToDispose></numberOfSharesPersonHas>
      </item4>
    </items>
  </formData>
</edgarSubmission>`;
}
