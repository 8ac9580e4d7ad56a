// data.sec.gov submissions JSON (CIK##########.json, and each member of submissions.zip): the registrant's
// description -> one entity row, its ticker/exchange pairs -> security rows, filings.recent -> filing rows. Older
// filings come as paged files (CIK##########-submissions-001.json) holding only the columnar arrays, no wrapper: their
// CIK is read from the file name. Individuals (reporting owners) and filers without filings are entities too.
//
// acceptanceDateTime is written with a trailing `Z` but is EDGAR's Eastern wall-clock time (Apple's FY2024 10-K:
// 2024-11-01T06:01:36.000Z here, 2024-11-01 06:02:00 in the FS data set, filed after 17:30 -> next day), so it is
// stored without the zone, the same convention as the FS `accepted` column.
import path from 'node:path';
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { Address, EntityRow, FilingRow } from '../rows.ts';
import type { Parser } from './Parser.ts';
import { isoDate, isRecord, parseCik, parseJsonFile } from './json.ts';
import { securityKind } from './tickers.ts';

const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
const PAGE_NAME = /CIK(\d{10})-submissions-\d+\.json/i;

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function flag(v: unknown): boolean | null {
  if (v === 1 || v === true || v === '1') return true;
  if (v === 0 || v === false || v === '0') return false;
  return null;
}

function day(v: unknown): string | null {
  return typeof v === 'string' ? isoDate(v.slice(0, 10)) : null;
}

function address(v: unknown): Address | null {
  if (!isRecord(v)) return null;
  const a: Address = {
    street1: text(v.street1), street2: text(v.street2), city: text(v.city), stateOrCountry: text(v.stateOrCountry),
    stateOrCountryDescription: text(v.stateOrCountryDescription), zipCode: text(v.zipCode),
  };
  return Object.values(a).some((x) => x !== null) ? a : null;
}

/**
 * EDGAR's filer categories, which the submissions JSON joins with HTML line breaks ("Non-accelerated filer<br>Smaller
 * reporting company", "<br>Emerging growth company" when the first is blank): the categories stated, comma-separated.
 */
function filerCategory(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const parts = v.split(/<br\s*\/?>/i).map((p) => p.trim()).filter((p) => p !== '');
  return parts.length === 0 ? null : parts.join(', ');
}

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : '')) : [];
}

/** Filing rows of one columnar block (filings.recent or a paged file). Returns the newest filing date seen. */
function addFilings(file: SourceFile, cik: number, cols: Record<string, unknown>, batch: Batch): string {
  const acc = cols.accessionNumber;
  if (!Array.isArray(acc)) throw new IngestError(file.name, 'submissions: filings have no "accessionNumber" list');
  const col = (name: string): unknown[] => {
    const v = cols[name];
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.length !== acc.length) {
      throw new IngestError(file.name, `submissions: filings."${name}" is not a list as long as accessionNumber (${String(acc.length)})`);
    }
    return v;
  };
  const filingDate = col('filingDate'), reportDate = col('reportDate'), accepted = col('acceptanceDateTime');
  const act = col('act'), form = col('form'), fileNumber = col('fileNumber'), filmNumber = col('filmNumber');
  const items = col('items'), size = col('size'), isXbrl = col('isXBRL'), isIxbrl = col('isInlineXBRL');
  const primary = col('primaryDocument'), primaryDesc = col('primaryDocDescription');
  let newest = '';
  acc.forEach((a, i) => {
    const f = text(form[i]);
    if (typeof a !== 'string' || !ACCESSION.test(a) || f === null) {
      throw new IngestError(file.name, `submissions: filing #${String(i)} has no valid accessionNumber/form (${JSON.stringify(a)}, ${JSON.stringify(form[i])})`);
    }
    const filed = day(filingDate[i]);
    if (filed && filed > newest) newest = filed;
    const acceptedRaw = accepted[i];
    const acceptedAt = typeof acceptedRaw === 'string' ? /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})/.exec(acceptedRaw)?.[1] ?? null : null;
    const sz = size[i];
    const row: FilingRow = {
      cik, accession: a, form: f, filed, accepted: acceptedAt, reportDate: day(reportDate[i]),
      isAmendment: f.endsWith('/A'),
      items: (text(items[i]) ?? '').split(',').map((s) => s.trim()).filter((s) => s !== ''),
      isXbrl: flag(isXbrl[i]), isInlineXbrl: flag(isIxbrl[i]),
      primaryDocument: text(primary[i]), primaryDocDescription: text(primaryDesc[i]),
      documents: [], size: typeof sz === 'number' && Number.isFinite(sz) ? sz : null,
      fileNumber: text(fileNumber[i]), filmNumber: text(filmNumber[i]), act: text(act[i]),
      fy: null, fp: null, source: 'submissions',
    };
    batch.filings.push(row);
  });
  return newest;
}

export const submissionsParser: Parser = {
  kind: 'submissions',
  detect(file, head) {
    const h = head.trimStart();
    if (!h.startsWith('{')) return false;
    if (/^\{\s*"accessionNumber"\s*:\s*\[/.test(h)) return true;
    if (PAGE_NAME.test(path.basename(file.name)) && h.includes('"accessionNumber"')) return true;
    return /"cik"\s*:/.test(h) && /"entityType"\s*:/.test(h);
  },
  parse(file: SourceFile, batch: Batch) {
    const doc = parseJsonFile(file);
    if (!isRecord(doc)) throw new IngestError(file.name, 'submissions: top level is not an object');
    if (!('filings' in doc) && Array.isArray(doc.accessionNumber)) {
      const m = PAGE_NAME.exec(path.basename(file.name));
      if (!m) {
        throw new IngestError(file.name, 'submissions page: a paged file has no "cik" field, so its name must carry it (CIK##########-submissions-NNN.json)');
      }
      addFilings(file, Number(m[1]), doc, batch);
      return;
    }
    const cik = parseCik(doc.cik);
    if (cik === null) throw new IngestError(file.name, `submissions: missing or invalid "cik" (${JSON.stringify(doc.cik)})`);
    const name = text(doc.name);
    if (name === null) throw new IngestError(file.name, 'submissions: missing "name"');
    const filings = isRecord(doc.filings) ? doc.filings : null;
    if (!filings || !isRecord(filings.recent)) throw new IngestError(file.name, 'submissions: missing "filings.recent"');
    const newestFiling = addFilings(file, cik, filings.recent, batch);

    const formerNames = (Array.isArray(doc.formerNames) ? doc.formerNames : []).filter(isRecord).map((f) => ({
      name: text(f.name) ?? '', from: day(f.from), to: day(f.to),
    })).filter((f) => f.name !== '');
    // as_of must be a date the file states (re-ingest is a no-op): the newest filing, else the newest name change
    const asOf = newestFiling || formerNames.flatMap((f) => [f.from, f.to]).filter((d): d is string => d !== null).sort().at(-1) || '1970-01-01';
    const tickers = stringList(doc.tickers);
    const exchanges = stringList(doc.exchanges);
    const addresses = isRecord(doc.addresses) ? doc.addresses : {};
    const entity: EntityRow = {
      cik, name, entityType: text(doc.entityType), sic: text(doc.sic), sicDescription: text(doc.sicDescription),
      category: filerCategory(doc.category), stateOfIncorporation: text(doc.stateOfIncorporation),
      stateOfIncorporationDescription: text(doc.stateOfIncorporationDescription),
      fiscalYearEnd: text(doc.fiscalYearEnd), ein: text(doc.ein), description: text(doc.description),
      website: text(doc.website), phone: text(doc.phone), tickers: tickers.filter((t) => t !== ''),
      exchanges: exchanges.filter((e) => e !== ''), formerNames,
      businessAddress: address(addresses.business), mailingAddress: address(addresses.mailing),
      insiderTransactionForOwnerExists: flag(doc.insiderTransactionForOwnerExists),
      insiderTransactionForIssuerExists: flag(doc.insiderTransactionForIssuerExists),
      asOf, source: 'submissions',
    };
    batch.entities.push(entity);
    tickers.forEach((ticker, i) => {
      if (ticker === '') return;
      batch.securities.push({
        cik, ticker, exchange: exchanges[i] || null, name, cusip: null, compositeFigi: null, shareClassFigi: null,
        kind: securityKind(ticker), asOf, source: 'submissions',
      });
    });
  },
};
