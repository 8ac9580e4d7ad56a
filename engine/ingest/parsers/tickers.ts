// SEC ticker files: company_tickers.json ({"0":{cik_str,ticker,title},...}) and company_tickers_exchange.json
// ({fields:[cik,name,ticker,exchange], data:[[...]]}) -> one security row per (cik, ticker).
//
// Neither file states a date, and a row's identity in the warehouse is a hash of the whole staged row, so as_of must
// come from the input for re-ingest to be a no-op: a date in the file name (company_tickers-2024-05-14.json, as an
// archive of snapshots would name them) or else 1970-01-01, meaning "undated snapshot". The same content therefore
// always yields the same rows (the gzipped and plain copies of one snapshot collapse into one set). No entity rows are
// made: the security row already carries the name, and 8k name-only registrants would crowd the entities view.
import path from 'node:path';
import { IngestError } from '../IngestError.ts';
import type { SourceFile } from '../SourceFile.ts';
import type { Batch } from '../Batch.ts';
import type { SecurityRow } from '../rows.ts';
import type { Parser } from './Parser.ts';
import { isRecord, parseCik, parseJsonFile } from './json.ts';

export const UNDATED = '1970-01-01';

/** `YYYY-MM-DD` or `YYYYMMDD` in a file's base name, else the undated sentinel. */
export function asOfFromName(name: string): string {
  const m = /(?:^|[^0-9])((?:19|20)\d{2})-?(0[1-9]|1[0-2])-?(0[1-9]|[12]\d|3[01])(?![0-9])/.exec(path.basename(name));
  return m ? `${String(m[1])}-${String(m[2])}-${String(m[3])}` : UNDATED;
}

/**
 * Kind of a listed security from its ticker alone. Exchange tickers mark share classes and other instruments after a
 * dash (BRK-B, TWO-PA): `-P`/`-P<series>` is a preferred series, warrants/units/rights are none of our kinds. Anything
 * else is taken to be a stock; OTC preferreds written without a dash (FNMAS) are not recognisable and stay 'stock'.
 */
export function securityKind(ticker: string): string {
  const t = ticker.toUpperCase();
  if (/-P[A-Z]?$/.test(t)) return 'preferred';
  if (/-(WT|WS|W|U|UN|R|RT)$/.test(t)) return 'unknown';
  return 'stock';
}

function security(cik: number, ticker: string, exchange: string | null, name: string | null, asOf: string): SecurityRow {
  return {
    cik, ticker, exchange, name, cusip: null, compositeFigi: null, shareClassFigi: null,
    kind: securityKind(ticker), asOf, source: 'tickers',
  };
}

function text(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

export const tickersParser: Parser = {
  kind: 'tickers',
  detect(_file, head) {
    const h = head.trimStart();
    if (!h.startsWith('{')) return false;
    return /"cik_str"\s*:/.test(h) || (/^\{\s*"fields"\s*:\s*\[/.test(h) && h.includes('"ticker"'));
  },
  parse(file: SourceFile, batch: Batch) {
    const doc = parseJsonFile(file);
    if (!isRecord(doc)) throw new IngestError(file.name, 'tickers: top level is not an object');
    const asOf = asOfFromName(file.name);
    if (Array.isArray(doc.fields)) {
      const fields = doc.fields.map((f) => String(f).toLowerCase());
      const [ci, ni, ti, ei] = ['cik', 'name', 'ticker', 'exchange'].map((f) => fields.indexOf(f));
      if (ci === undefined || ci < 0 || ti === undefined || ti < 0) {
        throw new IngestError(file.name, `tickers: "fields" must name cik and ticker (got ${JSON.stringify(doc.fields)})`);
      }
      if (!Array.isArray(doc.data)) throw new IngestError(file.name, 'tickers: "data" is not a list');
      doc.data.forEach((row, i) => {
        if (!Array.isArray(row)) throw new IngestError(file.name, `tickers: data[${String(i)}] is not a list`);
        const cik = parseCik(row[ci]);
        const ticker = text(row[ti]);
        if (cik === null || ticker === null) throw new IngestError(file.name, `tickers: data[${String(i)}] has no valid cik/ticker: ${JSON.stringify(row)}`);
        batch.securities.push(security(cik, ticker, ei !== undefined && ei >= 0 ? text(row[ei]) : null, ni !== undefined && ni >= 0 ? text(row[ni]) : null, asOf));
      });
      return;
    }
    for (const [key, row] of Object.entries(doc)) {
      if (!isRecord(row)) throw new IngestError(file.name, `tickers: entry "${key}" is not an object`);
      const cik = parseCik(row.cik_str);
      const ticker = text(row.ticker);
      if (cik === null || ticker === null) throw new IngestError(file.name, `tickers: entry "${key}" has no valid cik_str/ticker: ${JSON.stringify(row)}`);
      batch.securities.push(security(cik, ticker, null, text(row.title), asOf));
    }
  },
};
