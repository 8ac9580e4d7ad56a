// Federal Reserve H.10 noon buying rates as FRED serves them (fredgraph.csv: `observation_date,DEXUSEU`; older
// downloads say `DATE`). The quote direction is read from the series ID, never from the file name: H.10 series are
// DEX<A><B> = units of A's currency for one unit of B's (DEXUSEU: U.S. dollars to one euro; DEXJPUS: yen to one
// U.S. dollar), with FRED's two-letter country codes. Rows are stored as quoted: 1 <B> = value <A>.
// H.10 is released weekly, on the Monday after the week observed, so a day's rate is published that Monday.
import { defined } from '../../query/defined.ts';
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { FxRateRow } from '../rows.ts';
import { dayOf, rateOf } from './fxRows.ts';

/** FRED's country codes in H.10 series IDs (fred.stlouisfed.org/release?rid=17). */
export const FRED_H10_COUNTRY: Readonly<Record<string, string>> = Object.freeze({
  US: 'USD', AL: 'AUD', EU: 'EUR', UK: 'GBP', NZ: 'NZD', BZ: 'BRL', CA: 'CAD', SZ: 'CHF', CH: 'CNY', DN: 'DKK',
  HK: 'HKD', IN: 'INR', JP: 'JPY', KO: 'KRW', SL: 'LKR', MX: 'MXN', MA: 'MYR', NO: 'NOK', SD: 'SEK', SI: 'SGD',
  TH: 'THB', TA: 'TWD', VZ: 'VEF', SF: 'ZAR',
});

const HEADER = /^\uFEFF?"?(observation_date|DATE)"?\s*,\s*"?(DEX[A-Z]{4})"?\s*$/;

/** Base and quote of an H.10 series: DEX<quote country><base country>. */
export function h10Pair(seriesId: string): { base: string; quote: string } | null {
  const m = /^DEX([A-Z]{2})([A-Z]{2})$/.exec(seriesId);
  if (!m) return null;
  const quote = FRED_H10_COUNTRY[defined(m[1], 'm[1]')];
  const base = FRED_H10_COUNTRY[defined(m[2], 'm[2]')];
  return quote && base && quote !== base ? { base, quote } : null;
}

/** The Monday after the observation's week (Monday .. Sunday): the H.10 release that first carries it. */
export function h10Release(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  const isoWeekday = ((d.getUTCDay() + 6) % 7) + 1;
  d.setUTCDate(d.getUTCDate() + 8 - isoWeekday);
  return d.toISOString().slice(0, 10);
}

export const fxFredParser: Parser = {
  kind: 'fx-fred-h10',
  detect(_file, head) {
    return HEADER.test(head.split(/\r?\n/, 1)[0] ?? '');
  },
  parse(file, batch) {
    const lines = file.bytes.toString('utf8').split(/\r?\n/);
    const series = defined(HEADER.exec(lines[0] ?? '')?.[2], 'FRED header series id (checked by detect)');
    const pair = h10Pair(series);
    if (!pair) throw new IngestError(file.name, `FRED series ${series}: not an H.10 exchange-rate series with known country codes (${Object.keys(FRED_H10_COUNTRY).join(' ')})`);
    const rows: FxRateRow[] = [];
    for (let n = 1; n < lines.length; n++) {
      const line = defined(lines[n], 'lines[n]').replace(/"/g, '');
      if (line.trim() === '') continue;
      const [day, value] = line.split(',');
      const where = `line ${String(n + 1)}`;
      const date = dayOf(file.name, where, day);
      const rate = rateOf(file.name, where, value);
      if (rate !== null) rows.push({ date, base: pair.base, quote: pair.quote, rate, source: 'fred-h10', published: h10Release(date) });
    }
    if (rows.length === 0) throw new IngestError(file.name, `FRED series ${series}: no observation in the file`);
    for (const row of rows) batch.fx_rates.push(row);
  },
};
