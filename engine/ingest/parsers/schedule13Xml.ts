// Schedules 13D and 13G in the structured XML form mandatory since December 2024 (namespaces schedule13D /
// schedule13g): one beneficial_owners row per reporting person and issuer CUSIP, plus the CUSIP -> issuer mapping the
// cover page states. EDGAR has written the CUSIP three ways (issuerCUSIP, issuerCusip, and the current
// issuerCusips/issuerCusipNumber list, which may name several classes); every one is read.
import { defined } from '../../query/defined.ts';
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
    const cusips = issuerCusips(issuer);
    if (cusips.length === 0) throw new IngestError(file.name, 'Schedule 13D/G: the cover page states no valid issuer CUSIP');
    const meta = filingMetaOf(file);
    const issuerCik = cikOf(text(issuer, 'issuerCIK') ?? text(issuer, 'issuerCik')) ?? meta.primaryCik;
    const issuerName = text(issuer, 'issuerName');
    const amendmentNo = num(text(cover, 'amendmentNo'), file.name, '<amendmentNo>');
    const persons = isD
      ? children(child(formData, 'reportingPersons'), 'reportingPersonInfo')
      : children(formData, 'coverPageHeaderReportingPersonDetails');
    const purpose = isD ? text(child(child(formData, 'items1To7'), 'item4'), 'transactionPurpose') : null;
    const rules = children(child(cover, 'designateRulesPursuantThisScheduleFiled'), 'designateRulePursuantThisScheduleFiled')
      .map((r) => text(r)?.replace(/^Rule\s*/i, '') ?? '').filter(Boolean);
    const perPerson = persons.map((p, i): Omit<BeneficialOwnerRow, 'cusip'> => {
      const powers = isD ? p : child(p, 'reportingPersonBeneficiallyOwnedNumberOfShares');
      const name = text(p, 'reportingPersonName');
      if (!name) throw new IngestError(file.name, `Schedule 13D/G: reporting person ${String(i + 1)} has no name`);
      const personCik = cikOf(text(p, 'reportingPersonCIK') ?? text(p, 'reportingPersonCik') ?? text(p, 'reportingCik')) ??
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
        securityClassTitle: text(cover, 'securitiesClassTitle'),
        filerCik,
        seq: i + 1,
        personCik,
        personName: name,
        typeOfReportingPerson: reportingPersonTypes(p),
        citizenship: text(p, 'citizenshipOrOrganization'),
        soleVoting: num(text(powers, 'soleVotingPower'), file.name, `reporting person ${String(i + 1)} <soleVotingPower>`),
        sharedVoting: num(text(powers, 'sharedVotingPower'), file.name, `reporting person ${String(i + 1)} <sharedVotingPower>`),
        soleDispositive: num(text(powers, 'soleDispositivePower'), file.name, `reporting person ${String(i + 1)} <soleDispositivePower>`),
        sharedDispositive: num(text(powers, 'sharedDispositivePower'), file.name, `reporting person ${String(i + 1)} <sharedDispositivePower>`),
        aggregateAmount: num(text(p, isD ? 'aggregateAmountOwned' : 'reportingPersonBeneficiallyOwnedAggregateNumberOfShares'), file.name, `reporting person ${String(i + 1)} aggregate amount`),
        percentOfClass: num(text(p, isD ? 'percentOfClass' : 'classPercent'), file.name, `reporting person ${String(i + 1)} percent of class`),
        memberOfGroup: text(p, isD ? 'memberOfGroup' : 'memberGroup'),
        purpose,
        rule: rules.length > 0 ? rules.join(', ') : null,
        source: '13dg',
      };
    });
    if (perPerson.length === 0) throw new IngestError(file.name, 'Schedule 13D/G: no reporting person on the cover page');
    // one filing covering several classes reports each person's position once per class CUSIP; seq stays unique within
    // the accession (the stored key), numbering the first class's persons 1..n as a one-class filing does
    const rows: BeneficialOwnerRow[] = cusips.flatMap((cusip, c) => perPerson.map((r) => ({ ...r, cusip, seq: c * perPerson.length + r.seq })));
    batch.beneficial_owners.push(...rows);
    for (const cusip of cusips) {
      batch.securities.push({
        cik: issuerCik, ticker: null, exchange: null, name: issuerName, cusip, compositeFigi: null, shareClassFigi: null, kind: null,
        asOf: meta.filed ?? defined(perPerson[0], 'perPerson[0]').eventDate ?? '1970-01-01', source: '13dg',
      });
    }
  },
};

/** Every issuer CUSIP the cover page names, normalised and once each, in document order. */
function issuerCusips(issuer: unknown): string[] {
  const written = [
    ...children(issuer, 'issuerCUSIP'), ...children(issuer, 'issuerCusip'),
    ...children(child(issuer, 'issuerCusips'), 'issuerCusipNumber'), ...children(child(issuer, 'issuerCusips'), 'issuerCusip'),
  ].map((n) => cusipOf(text(n)));
  return [...new Set(written.filter((c): c is string => c !== null))];
}

/** Every type code a reporting person gave ("IA, PN"): the element repeats, and some filers list codes in one element. */
function reportingPersonTypes(person: unknown): string | null {
  const codes = children(person, 'typeOfReportingPerson')
    .flatMap((n) => (text(n) ?? '').toUpperCase().split(/[\s,;/]+/))
    .filter((c) => c !== '');
  return codes.length > 0 ? [...new Set(codes)].join(', ') : null;
}
