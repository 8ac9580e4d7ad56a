// SEC's company_tickers_mf.json ({fields:[cik,seriesId,classId,symbol], data:[[...]]}): one fund_classes row per share
// class with its ticker, and its series under the registrant. Detected by shape (a fields list naming seriesId and
// classId). Like company_tickers.json it states no date: as_of comes from a date in the file name, else "undated".
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import { isRecord, parseCik, parseJsonFile } from './json.ts';
import { asOfFromName } from './tickers.ts';

const SERIES = /^S\d{9}$/;
const CLASS = /^C\d{9}$/;

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim().toUpperCase() : null;
}

export const tickersMfParser: Parser = {
  kind: 'tickers-mf',
  detect(_file, head) {
    const h = head.trimStart();
    return /^\{\s*"fields"\s*:\s*\[/.test(h) && h.includes('"seriesId"') && h.includes('"classId"');
  },
  parse(file, batch) {
    const doc = parseJsonFile(file);
    if (!isRecord(doc) || !Array.isArray(doc.fields) || !Array.isArray(doc.data)) {
      throw new IngestError(file.name, 'company_tickers_mf: expected {"fields": [...], "data": [[...]]}');
    }
    const fields = doc.fields.map((f) => String(f));
    const [ci, si, ki, ti] = ['cik', 'seriesId', 'classId', 'symbol'].map((f) => fields.indexOf(f));
    if (ci === undefined || si === undefined || ki === undefined || ti === undefined || [ci, si, ki, ti].some((i) => i < 0)) {
      throw new IngestError(file.name, `company_tickers_mf: "fields" must name cik, seriesId, classId and symbol (got ${JSON.stringify(doc.fields)})`);
    }
    const asOf = asOfFromName(file.name);
    const series = new Set<string>();
    doc.data.forEach((row, i) => {
      const where = `company_tickers_mf: data[${String(i)}]`;
      if (!Array.isArray(row)) throw new IngestError(file.name, `${where} is not a list`);
      const cik = parseCik(row[ci]);
      const seriesId = str(row[si]);
      const classId = str(row[ki]);
      if (cik === null || !classId || !CLASS.test(classId) || (seriesId !== null && !SERIES.test(seriesId))) {
        throw new IngestError(file.name, `${where} has no valid cik / classId (C + 9 digits) / seriesId: ${JSON.stringify(row)}`);
      }
      batch.fund_classes.push({ cik, seriesId, classId, className: null, ticker: str(row[ti]), source: 'tickers-mf', accession: null, asOf });
      if (seriesId && !series.has(seriesId)) {
        series.add(seriesId);
        batch.fund_series.push({ cik, seriesId, seriesName: null, lei: null, source: 'tickers-mf', accession: null, asOf });
      }
    });
  },
};
