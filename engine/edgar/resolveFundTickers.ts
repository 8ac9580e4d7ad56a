// Maps fund ticker symbols to the registrant CIK, series and share class with the SEC's company_tickers_mf.json
// ({"fields": ["cik", "seriesId", "classId", "symbol"], "data": [[2110, "S000009184", "C000024954", "LACAX"], ...]}).
import { normaliseTicker } from './resolveTickers.ts';

export interface FundTickerRef {
  /** The symbol as the user wrote it, upper-cased. */
  ticker: string;
  /** Registrant (trust) CIK. */
  cik: number;
  seriesId: string | null;
  classId: string | null;
}

const SERIES = /^S\d{9}$/;
const CLASS = /^C\d{9}$/;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function idOf(v: unknown, shape: RegExp): string | null {
  const s = typeof v === 'string' ? v.trim().toUpperCase() : '';
  return shape.test(s) ? s : null;
}

/** Normalised symbol -> its fund; rows without a symbol or a CIK are skipped (they name no ticker to look up). */
export function fundTickerTable(doc: unknown, where: string): Map<string, Omit<FundTickerRef, 'ticker'>> {
  if (!isRecord(doc) || !Array.isArray(doc.fields) || !Array.isArray(doc.data)) {
    throw new Error(`${where}: expected {"fields": [...], "data": [[...]]} (company_tickers_mf.json)`);
  }
  const fields = doc.fields.map(String);
  const [ci, si, ki, ti] = ['cik', 'seriesId', 'classId', 'symbol'].map((f) => fields.indexOf(f)) as [number, number, number, number];
  if ([ci, si, ki, ti].some((i) => i < 0)) throw new Error(`${where}: "fields" must name cik, seriesId, classId and symbol (got ${JSON.stringify(doc.fields)})`);
  const table = new Map<string, Omit<FundTickerRef, 'ticker'>>();
  for (const row of doc.data as unknown[]) {
    if (!Array.isArray(row)) continue;
    const cells = row as unknown[];
    const cik = Number(cells[ci]);
    const symbol = cells[ti];
    if (typeof symbol !== 'string' || symbol.trim() === '' || !Number.isInteger(cik) || cik <= 0) continue;
    table.set(normaliseTicker(symbol), { cik, seriesId: idOf(cells[si], SERIES), classId: idOf(cells[ki], CLASS) });
  }
  return table;
}

/** The tickers the table knows as funds, and the rest (left to company_tickers.json). */
export function splitFundTickers(table: ReadonlyMap<string, Omit<FundTickerRef, 'ticker'>>, tickers: readonly string[]): { funds: FundTickerRef[]; others: string[] } {
  const funds: FundTickerRef[] = [];
  const others: string[] = [];
  for (const t of tickers) {
    const hit = table.get(normaliseTicker(t));
    if (hit) funds.push({ ticker: t.trim().toUpperCase(), ...hit });
    else others.push(t);
  }
  return { funds, others };
}
