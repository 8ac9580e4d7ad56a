// SEC Insider Transactions data sets (Form 3/4/5 quarterly TSVs: SUBMISSION, REPORTINGOWNER, NONDERIV_TRANS,
// NONDERIV_HOLDING, DERIV_TRANS, DERIV_HOLDING, FOOTNOTES), both the 13-column and the 14-column (AFF10B5ONE)
// SUBMISSION layouts: the same insider_filings / insider_transactions rows the XML parser emits, source 'insider-dataset'.
// Child rows whose accession is not in SUBMISSION are an error: the tables of one release belong together.
import { IngestError } from '../IngestError.ts';
import type { SourceFile, SourceGroup } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { GroupParser } from './GroupParser.ts';
import type { InsiderFilingRow, InsiderOwner, InsiderTransactionRow } from '../rows.ts';
import { readTsv, type TsvTable } from './insiderDatasetTsv.ts';
import { bool, cikOf, dateOf, num } from './ownershipXmlTools.ts';

export const INSIDER_TABLES = ['submission', 'reportingowner', 'nonderiv_trans', 'nonderiv_holding', 'deriv_trans', 'deriv_holding', 'footnotes', 'owner_signature'];

function table(group: SourceGroup, name: string, required: string[]): TsvTable | null {
  const file: SourceFile | undefined = group.files.get(`${name}.tsv`) ?? group.files.get(`${name}.txt`);
  return file ? readTsv(file, required) : null;
}

function footnoteIdsOf(t: TsvTable, row: number): string[] {
  const ids: string[] = [];
  for (const c of t.columns) {
    if (!c.endsWith('_FN')) continue;
    for (const id of (t.get(row, c) ?? '').split(/[,\s]+/)) if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

function ownerOf(t: TsvTable, row: number): InsiderOwner {
  const rel = (t.get(row, 'RPTOWNER_RELATIONSHIP') ?? '').toLowerCase().split(/[,;]\s*/);
  return {
    cik: cikOf(t.get(row, 'RPTOWNERCIK')),
    name: t.get(row, 'RPTOWNERNAME') ?? '',
    isDirector: rel.includes('director'),
    isOfficer: rel.includes('officer'),
    isTenPercentOwner: rel.includes('tenpercentowner'),
    isOther: rel.includes('other'),
    officerTitle: t.get(row, 'RPTOWNER_TITLE'),
    otherText: t.get(row, 'RPTOWNER_TXT'),
  };
}

/** otherText of an owner known only from the filing's signature; SQL keeps such owners out of trade matching. */
export const SIGNATORY = 'signatory (no reporting-owner row)';

/** The person a signature names: the principal of "X, Attorney-in-Fact for Y", else the signer without "/s/". */
export function signerOf(raw: string | null): string | null {
  if (!raw) return null;
  const t = raw.replace(/^\s*\/s\/\s*/i, '').trim();
  const principal = /\b(?:attorney[- ]in[- ]fact|on behalf of|as agent)\s+for\s+(.+)$/i.exec(t)?.[1] ?? /\bon behalf of\s+(.+)$/i.exec(t)?.[1];
  const name = (principal ?? t).replace(/[\s,]+$/, '').trim();
  return name === '' ? null : name;
}

function signatoryOwner(name: string): InsiderOwner {
  return { cik: null, name, isDirector: false, isOfficer: false, isTenPercentOwner: false, isOther: true, officerTitle: null, otherText: SIGNATORY };
}

export const insiderDatasetParser: GroupParser = {
  kind: 'insider-dataset',
  detect(group) {
    const has = (n: string) => group.files.has(`${n}.tsv`) || group.files.has(`${n}.txt`);
    return has('submission') && ['reportingowner', 'nonderiv_trans', 'deriv_trans', 'nonderiv_holding', 'deriv_holding'].some(has);
  },
  parse(group, batch: Batch) {
    const sub = table(group, 'submission', ['ACCESSION_NUMBER', 'FILING_DATE', 'DOCUMENT_TYPE', 'ISSUERCIK']);
    if (!sub) throw new IngestError(group.name, 'insider data set: no SUBMISSION table');
    const filings = new Map<string, InsiderFilingRow>();
    for (let r = 0; r < sub.rows; r++) {
      const accession = sub.get(r, 'ACCESSION_NUMBER');
      const issuerCik = cikOf(sub.get(r, 'ISSUERCIK'));
      const documentType = sub.get(r, 'DOCUMENT_TYPE')?.toUpperCase() ?? null;
      if (!accession || issuerCik === null || !documentType) {
        throw new IngestError(sub.name, `insider data set: SUBMISSION line ${String(r + 2)} lacks an accession, issuer CIK or document type`);
      }
      filings.set(accession, {
        accession,
        issuerCik,
        issuerName: sub.get(r, 'ISSUERNAME'),
        issuerSymbol: sub.get(r, 'ISSUERTRADINGSYMBOL'),
        documentType,
        periodOfReport: dateOf(sub.get(r, 'PERIOD_OF_REPORT')),
        filed: dateOf(sub.get(r, 'FILING_DATE')),
        dateOfOriginalSubmission: dateOf(sub.get(r, 'DATE_OF_ORIG_SUB')),
        noSecuritiesOwned: bool(sub.get(r, 'NO_SECURITIES_OWNED')),
        notSubjectToSection16: bool(sub.get(r, 'NOT_SUBJECT_SEC16')),
        aff10b5One: bool(sub.get(r, 'AFF10B5ONE')),
        owners: [],
        footnotes: [],
        remarks: sub.get(r, 'REMARKS'),
        source: 'insider-dataset',
      });
    }
    const parentOf = (t: TsvTable, r: number): InsiderFilingRow => {
      const accession = t.get(r, 'ACCESSION_NUMBER') ?? '';
      const parent = filings.get(accession);
      if (!parent) throw new IngestError(t.name, `insider data set: line ${String(r + 2)} names accession ${JSON.stringify(accession)}, which SUBMISSION lacks`);
      return parent;
    };
    const owners = table(group, 'reportingowner', ['ACCESSION_NUMBER', 'RPTOWNERCIK', 'RPTOWNERNAME', 'RPTOWNER_RELATIONSHIP']);
    for (let r = 0; owners && r < owners.rows; r++) parentOf(owners, r).owners.push(ownerOf(owners, r));
    // a quarter published without its REPORTINGOWNER table (or a filing missing from it) still names who signed: those
    // trades are served under the signer, marked as such, rather than dropped
    const signatures = table(group, 'owner_signature', ['ACCESSION_NUMBER', 'OWNERSIGNATURENAME']);
    for (let r = 0; signatures && r < signatures.rows; r++) {
      const parent = parentOf(signatures, r);
      const name = signerOf(signatures.get(r, 'OWNERSIGNATURENAME'));
      if (name && parent.owners.every((o) => o.otherText === SIGNATORY)) parent.owners.push(signatoryOwner(name));
    }
    const notes = table(group, 'footnotes', ['ACCESSION_NUMBER', 'FOOTNOTE_ID', 'FOOTNOTE_TXT']);
    for (let r = 0; notes && r < notes.rows; r++) {
      parentOf(notes, r).footnotes.push({ id: notes.get(r, 'FOOTNOTE_ID') ?? '', text: notes.get(r, 'FOOTNOTE_TXT') ?? '' });
    }
    const specs: [string, boolean, boolean][] = [
      ['nonderiv_trans', false, false], ['nonderiv_holding', false, true], ['deriv_trans', true, false], ['deriv_holding', true, true],
    ];
    const seqs = new Map<string, number>();
    for (const [name, isDerivative, isHolding] of specs) {
      const t = table(group, name, ['ACCESSION_NUMBER', 'SECURITY_TITLE']);
      for (let r = 0; t && r < t.rows; r++) {
        const parent = parentOf(t, r);
        const key = `${parent.accession}|${name}`;
        const seq = (seqs.get(key) ?? 0) + 1;
        seqs.set(key, seq);
        const row: InsiderTransactionRow = {
          accession: parent.accession,
          issuerCik: parent.issuerCik,
          documentType: parent.documentType,
          isDerivative,
          isHolding,
          seq,
          securityTitle: t.get(r, 'SECURITY_TITLE'),
          transactionDate: dateOf(t.get(r, 'TRANS_DATE')),
          deemedExecutionDate: dateOf(t.get(r, 'DEEMED_EXECUTION_DATE')),
          transactionFormType: t.get(r, 'TRANS_FORM_TYPE'),
          transactionCode: t.get(r, 'TRANS_CODE'),
          equitySwapInvolved: bool(t.get(r, 'EQUITY_SWAP_INVOLVED')),
          timeliness: t.get(r, 'TRANS_TIMELINESS'),
          shares: num(t.get(r, 'TRANS_SHARES'), t.name, `line ${String(r + 2)} TRANS_SHARES`),
          pricePerShare: num(t.get(r, 'TRANS_PRICEPERSHARE'), t.name, `line ${String(r + 2)} TRANS_PRICEPERSHARE`),
          acquiredDisposed: t.get(r, 'TRANS_ACQUIRED_DISP_CD'),
          sharesAfter: num(t.get(r, 'SHRS_OWND_FOLWNG_TRANS'), t.name, `line ${String(r + 2)} SHRS_OWND_FOLWNG_TRANS`),
          valueAfter: num(t.get(r, 'VALU_OWND_FOLWNG_TRANS'), t.name, `line ${String(r + 2)} VALU_OWND_FOLWNG_TRANS`),
          directIndirect: t.get(r, 'DIRECT_INDIRECT_OWNERSHIP'),
          natureOfOwnership: t.get(r, 'NATURE_OF_OWNERSHIP'),
          exercisePrice: isDerivative ? num(t.get(r, 'CONV_EXERCISE_PRICE'), t.name, `line ${String(r + 2)} CONV_EXERCISE_PRICE`) : null,
          // the data set spells it EXCERCISE_DATE in DERIV_TRANS and EXERCISE_DATE in DERIV_HOLDING
          exerciseDate: isDerivative ? dateOf(t.get(r, 'EXCERCISE_DATE') ?? t.get(r, 'EXERCISE_DATE')) : null,
          expirationDate: isDerivative ? dateOf(t.get(r, 'EXPIRATION_DATE')) : null,
          underlyingSecurity: isDerivative ? t.get(r, 'UNDLYNG_SEC_TITLE') : null,
          underlyingShares: isDerivative ? num(t.get(r, 'UNDLYNG_SEC_SHARES'), t.name, `line ${String(r + 2)} UNDLYNG_SEC_SHARES`) : null,
          footnoteIds: footnoteIdsOf(t, r),
          source: 'insider-dataset',
        };
        batch.insider_transactions.push(row);
      }
    }
    batch.insider_filings.push(...filings.values());
  },
};
