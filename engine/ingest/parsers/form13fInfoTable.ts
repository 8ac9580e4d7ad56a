// 13F information table XML (namespace .../thirteenf/informationtable): one holdings_13f row per <infoTable>, value as
// filed. Whether that value is in thousands or dollars depends on the filing date and is decided in SQL, where the
// cover page (a separate document of the same accession) is joined.
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { SecurityRow } from '../rows.ts';
import type { Batch } from '../Batch.ts';
import { filingMetaOf } from './ownershipFilingMeta.ts';
import { child, children, num, parseXml, text } from './ownershipXmlTools.ts';

// nine letters or digits; the check digit is not verified (filers' tables contain CUSIPs with wrong check digits)
const CUSIP = /^[0-9A-Z]{9}$/;

export const form13fInfoTableParser: Parser = {
  kind: '13f-information-table',
  detect(_file, head) {
    return /<(\w+:)?informationTable[\s>]/.test(head) && !head.includes('<SEC-DOCUMENT>') && !head.includes('<SUBMISSION>');
  },
  parse(file, batch) {
    const root = parseXml(file.name, file.bytes.toString('utf8'), '13F information table');
    const table = child(root, 'informationTable');
    if (!table) throw new IngestError(file.name, '13F information table: no <informationTable> element');
    const meta = filingMetaOf(file);
    readInformationTable(file.name, table, meta.accession, meta.filed, batch);
  },
};

/** One holdings_13f row per <infoTable> of an information table, under the filing's accession, plus its CUSIPs. */
export function readInformationTable(fileName: string, table: unknown, accession: string, filed: string | null, batch: Batch): void {
  const securities = new Map<string, SecurityRow>();
  children(table, 'infoTable').forEach((row, i) => {
    const cusip = text(row, 'cusip')?.toUpperCase() ?? '';
    if (!CUSIP.test(cusip)) throw new IngestError(fileName, `13F information table: row ${String(i + 1)} has an invalid CUSIP ${JSON.stringify(cusip)}`);
    const amount = child(row, 'shrsOrPrnAmt');
    const voting = child(row, 'votingAuthority');
    const value = num(text(row, 'value'), fileName, `row ${String(i + 1)} <value>`);
    const shares = num(text(amount, 'sshPrnamt'), fileName, `row ${String(i + 1)} <sshPrnamt>`);
    if (value === null || shares === null) {
      throw new IngestError(fileName, `13F information table: row ${String(i + 1)} (${cusip}) lacks a numeric <value> or <sshPrnamt>`);
    }
    const nameOfIssuer = text(row, 'nameOfIssuer');
    batch.holdings_13f.push({
      accession,
      seq: i + 1,
      nameOfIssuer,
      titleOfClass: text(row, 'titleOfClass'),
      cusip,
      figi: text(row, 'figi'),
      value,
      shares,
      shareType: text(amount, 'sshPrnamtType'),
      putCall: text(row, 'putCall'),
      investmentDiscretion: text(row, 'investmentDiscretion'),
      otherManager: text(row, 'otherManager'),
      votingSole: num(text(voting, 'Sole'), fileName, `row ${String(i + 1)} <Sole>`),
      votingShared: num(text(voting, 'Shared'), fileName, `row ${String(i + 1)} <Shared>`),
      votingNone: num(text(voting, 'None'), fileName, `row ${String(i + 1)} <None>`),
      source: '13f',
    });
    if (!securities.has(cusip)) {
      securities.set(cusip, {
        cik: null, ticker: null, exchange: null, name: nameOfIssuer, cusip, compositeFigi: null, shareClassFigi: null,
        kind: null, asOf: filed ?? '1970-01-01', source: '13f',
      });
    }
  });
  batch.securities.push(...securities.values());
}
