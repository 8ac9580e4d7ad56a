// Schedules 13D and 13G in the structured XML form mandatory since December 2024 (namespaces schedule13D /
// schedule13g): one beneficial_owners row per reporting person, plus the CUSIP -> issuer mapping the cover page states.
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { BeneficialOwnerRow } from '../rows.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { child, children, cikOf, dateOf, num, parseXml, text } from './ownershipXmlTools.ts';
import { cusipOf } from './schedule13Cusip.ts';

export const schedule13XmlParser: Parser = {
  kind: '13dg-xml',
  detect(_file, head) {
    return head.includes('<edgarSubmission') && /schedule13[dDgG]|<submissionType>\s*SCHEDULE 13/.test(head) && !head.includes('<SEC-DOCUMENT>');
  },
  parse(file, batch) {
    const root = parseXml(file.name, file.bytes.toString('utf8'), 'Schedule 13D/G');
    const sub = child(root, 'edgarSubmission');
    const header = child(sub, 'headerData');
    const form = text(header, 'submissionType')?.toUpperCase() ?? null;
    if (!form || !/13[DG]/.test(form)) throw new IngestError(file.name, `Schedule 13D/G: <submissionType> is ${JSON.stringify(form)}`);
    const isD = form.includes('13D');
    const filerCik = cikOf(text(child(child(child(header, 'filerInfo'), 'filer'), 'filerCredentials'), 'cik'));
    const formData = child(sub, 'formData');
    const cover = child(formData, 'coverPageHeader');
    const issuer = child(cover, 'issuerInfo');
    const cusip = cusipOf(text(issuer, 'issuerCUSIP') ?? text(issuer, 'issuerCusip'));
    if (!cusip) throw new IngestError(file.name, 'Schedule 13D/G: the cover page states no valid issuer CUSIP');
    const meta = filingMetaOf(file);
    const issuerCik = cikOf(text(issuer, 'issuerCIK') ?? text(issuer, 'issuerCik')) ?? meta.primaryCik;
    const issuerName = text(issuer, 'issuerName');
    const amendmentNo = num(text(cover, 'amendmentNo'));
    const persons = isD
      ? children(child(formData, 'reportingPersons'), 'reportingPersonInfo')
      : children(formData, 'coverPageHeaderReportingPersonDetails');
    const purpose = isD ? text(child(child(formData, 'items1To7'), 'item4'), 'transactionPurpose') : null;
    const rules = children(child(cover, 'designateRulesPursuantThisScheduleFiled'), 'designateRulePursuantThisScheduleFiled')
      .map((r) => text(r)?.replace(/^Rule\s*/i, '') ?? '').filter(Boolean);
    const rows: BeneficialOwnerRow[] = persons.map((p, i) => {
      const powers = isD ? p : child(p, 'reportingPersonBeneficiallyOwnedNumberOfShares');
      const name = text(p, 'reportingPersonName');
      if (!name) throw new IngestError(file.name, `Schedule 13D/G: reporting person ${i + 1} has no name`);
      const personCik = cikOf(text(p, 'reportingPersonCIK') ?? text(p, 'reportingPersonCik')) ??
        (persons.length === 1 ? filerCik : null);
      return {
        accession: meta.accession,
        form,
        isAmendment: form.endsWith('/A'),
        amendmentNo: amendmentNo === null ? null : Math.trunc(amendmentNo),
        filed: meta.filed,
        eventDate: dateOf(text(cover, 'dateOfEvent') ?? text(cover, 'eventDateRequiresFilingThisStatement')),
        issuerCik,
        issuerName,
        cusip,
        securityClassTitle: text(cover, 'securitiesClassTitle'),
        filerCik,
        seq: i + 1,
        personCik,
        personName: name,
        typeOfReportingPerson: text(p, 'typeOfReportingPerson'),
        citizenship: text(p, 'citizenshipOrOrganization'),
        soleVoting: num(text(powers, 'soleVotingPower')),
        sharedVoting: num(text(powers, 'sharedVotingPower')),
        soleDispositive: num(text(powers, 'soleDispositivePower')),
        sharedDispositive: num(text(powers, 'sharedDispositivePower')),
        aggregateAmount: num(text(p, isD ? 'aggregateAmountOwned' : 'reportingPersonBeneficiallyOwnedAggregateNumberOfShares')),
        percentOfClass: num(text(p, isD ? 'percentOfClass' : 'classPercent')),
        memberOfGroup: text(p, isD ? 'memberOfGroup' : 'memberGroup'),
        purpose,
        rule: rules.length > 0 ? rules.join(', ') : null,
        source: '13dg',
      };
    });
    if (rows.length === 0) throw new IngestError(file.name, 'Schedule 13D/G: no reporting person on the cover page');
    batch.beneficial_owners.push(...rows);
    batch.securities.push({
      cik: issuerCik, ticker: null, exchange: null, name: issuerName, cusip, compositeFigi: null, shareClassFigi: null, kind: null,
      asOf: meta.filed ?? rows[0]!.eventDate ?? '1970-01-01', source: '13dg',
    });
  },
};
