// Maps ticker symbols to CIKs with the SEC's company_tickers.json ({"0": {cik_str, ticker, title}, ...}).

export class UnknownTickerError extends Error {
  constructor(readonly tickers: string[]) {
    super(`unknown ticker${tickers.length > 1 ? 's' : ''} (not in the SEC's company_tickers.json): ${tickers.join(', ')}`);
    this.name = 'UnknownTickerError';
  }
}

/** The SEC writes share classes with a dash (BRK-B); users often type a dot (BRK.B). */
export function normaliseTicker(t: string): string {
  return t.trim().toUpperCase().replace(/[./]/g, '-');
}

export function tickerTable(doc: unknown, where: string): Map<string, number> {
  if (typeof doc !== 'object' || doc === null) throw new Error(`${where}: not a company_tickers.json object`);
  const table = new Map<string, number>();
  for (const row of Object.values(doc as Record<string, unknown>)) {
    const r = row as { cik_str?: unknown; ticker?: unknown } | null;
    const cik = Number(r?.cik_str);
    if (typeof r?.ticker === 'string' && Number.isInteger(cik) && cik > 0) table.set(normaliseTicker(r.ticker), cik);
  }
  if (table.size === 0) throw new Error(`${where}: no ticker rows found`);
  return table;
}

/** Resolves every ticker or throws naming all that are unknown. */
export function resolveTickers(table: ReadonlyMap<string, number>, tickers: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const unknown: string[] = [];
  for (const t of tickers) {
    const cik = table.get(normaliseTicker(t));
    if (cik === undefined) unknown.push(t);
    else out.set(t.toUpperCase(), cik);
  }
  if (unknown.length > 0) throw new UnknownTickerError(unknown);
  return out;
}
