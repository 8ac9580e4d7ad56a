// IMF International Financial Statistics exchange rates in long CSV form (Date,Rate,Currency,Frequency,Source,...;
// e.g. imf_exchangerates_A_ENDA_USD.csv): national currency per U.S. dollar, stored as 1 USD = rate <Currency>.
// Several countries share a currency (EUR, XOF, USD itself); one rate per (date, currency) is kept, the first seen.
// IFS publishes with a lag that the file does not state, so published = the observation date (documented in
// sql/30_fx/README.md); IMF rates rank last and only price a date they were observed on.
import { defined } from '../../query/defined.ts';
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { FxRateRow } from '../rows.ts';
import { dayOf, rateOf } from './fxRows.ts';

function splitCsv(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = defined(line[i], 'line[i]');
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { field += '"'; i++; }
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { out.push(field); field = ''; }
    else field += ch;
  }
  out.push(field);
  return out;
}

export const fxImfParser: Parser = {
  kind: 'fx-imf',
  detect(_file, head) {
    return /^\uFEFF?Date,Rate,Currency,Frequency,Source\b/.test(head);
  },
  parse(file, batch) {
    const lines = file.bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
    const seen = new Set<string>();
    const rows: FxRateRow[] = [];
    for (let n = 1; n < lines.length; n++) {
      const line = defined(lines[n], 'lines[n]');
      if (line.trim() === '') continue;
      const [day, value, currency] = splitCsv(line);
      const where = `line ${String(n + 1)}`;
      const date = dayOf(file.name, where, day);
      const quote = (currency ?? '').trim().toUpperCase();
      if (!/^[A-Z]{3}$/.test(quote)) throw new IngestError(file.name, `${where}: "${String(currency)}" is not a currency code`);
      const rate = rateOf(file.name, where, value);
      if (rate === null || quote === 'USD' || seen.has(`${date}|${quote}`)) continue;
      seen.add(`${date}|${quote}`);
      rows.push({ date, base: 'USD', quote, rate, source: 'imf', published: date });
    }
    if (rows.length === 0) throw new IngestError(file.name, 'IMF exchange rates: no rate in the file');
    for (const row of rows) batch.fx_rates.push(row);
  },
};
