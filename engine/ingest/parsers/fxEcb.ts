// ECB euro foreign exchange reference rates (eurofxref-hist.csv inside eurofxref-hist.zip, or the one-day
// eurofxref.csv): wide CSV, a Date column then one column per currency, EUR base, `N/A` where a currency was not
// quoted. Each cell becomes 1 EUR = rate <column>; the ECB publishes each day's rates that afternoon, so published = date.
import { defined } from '../../query/defined.ts';
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { FxRateRow } from '../rows.ts';
import { dayOf, isCalendarDay, rateOf } from './fxRows.ts';

const HEADER = /^\uFEFF?Date\s*,(\s*[A-Z]{3}\s*,)*\s*[A-Z]{3}\s*,?\s*$/;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** eurofxref.csv writes `13 April 2026`; the history file writes ISO dates. */
function ecbDay(file: string, where: string, raw: string): string {
  const text = raw.trim();
  if (isCalendarDay(text)) return text;
  const m = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text);
  const month = m ? MONTHS.indexOf(defined(m[2], 'm[2]').toLowerCase()) : -1;
  if (m && month >= 0) return dayOf(file, where, `${String(m[3])}-${String(month + 1).padStart(2, '0')}-${defined(m[1], 'm[1]').padStart(2, '0')}`);
  return dayOf(file, where, text);
}

export const fxEcbParser: Parser = {
  kind: 'fx-ecb',
  detect(_file, head) {
    return HEADER.test(head.split(/\r?\n/, 1)[0] ?? '');
  },
  parse(file, batch) {
    const lines = file.bytes.toString('utf8').split(/\r?\n/);
    const columns = defined(lines[0], 'lines[0]').replace(/^\uFEFF/, '').split(',').map((c) => c.trim());
    const rows: FxRateRow[] = [];
    for (let n = 1; n < lines.length; n++) {
      const line = defined(lines[n], 'lines[n]');
      if (line.trim() === '') continue;
      const cells = line.split(',');
      const where = `line ${String(n + 1)}`;
      const date = ecbDay(file.name, where, cells[0] ?? '');
      for (let i = 1; i < columns.length; i++) {
        const quote = defined(columns[i], 'columns[i]');
        if (quote === '') continue;
        const rate = rateOf(file.name, `${where} ${quote}`, cells[i]);
        if (rate !== null) rows.push({ date, base: 'EUR', quote, rate, source: 'ecb', published: date });
      }
    }
    if (rows.length === 0) throw new IngestError(file.name, 'ECB reference rates: no rate in the file');
    for (const row of rows) batch.fx_rates.push(row);
  },
};
