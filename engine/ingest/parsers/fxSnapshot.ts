// Daily rate snapshots of the open currency APIs (fawazahmed0-style, one JSON object per line or per file):
// {"date":"2025-07-30","base":"eur","rates":{"usd":1.15,...}} = 1 base = rate <code>. The feeds mix fiat currencies
// with crypto tokens and withdrawn codes; only active ISO 4217 codes are kept (fxIso4217.ts). A line marked
// `"demo": true` (the synthetic rates of engine/demo/demoFxRates.ts) is stored under source `demo`, ranked last.
import { defined } from '../../query/defined.ts';
import { IngestError } from '../IngestError.ts';
import type { Parser } from './Parser.ts';
import type { FxRateRow } from '../rows.ts';
import { isRecord } from './json.ts';
import { dayOf } from './fxRows.ts';
import { isActiveIso4217 } from './fxIso4217.ts';

export const fxSnapshotParser: Parser = {
  kind: 'fx-snapshot',
  detect(_file, head) {
    return /^\uFEFF?\s*\{\s*"date"\s*:\s*"\d{4}-\d{2}-\d{2}"\s*,\s*"base"\s*:\s*"[a-zA-Z]{3}"\s*,\s*"rates"\s*:\s*\{/.test(head);
  },
  parse(file, batch) {
    const lines = file.bytes.toString('utf8').replace(/^\uFEFF/, '').split(/\r?\n/);
    const rows: FxRateRow[] = [];
    for (let n = 0; n < lines.length; n++) {
      const line = defined(lines[n], 'lines[n]').trim();
      if (line === '') continue;
      const where = `line ${String(n + 1)}`;
      let doc: unknown;
      try {
        doc = JSON.parse(line);
      } catch (err) {
        throw new IngestError(file.name, `${where}: not valid JSON (${(err as Error).message})`);
      }
      if (!isRecord(doc) || typeof doc.base !== 'string' || !isRecord(doc.rates)) {
        throw new IngestError(file.name, `${where}: expected {"date","base","rates":{...}}`);
      }
      const date = dayOf(file.name, where, String(doc.date));
      const base = doc.base.toUpperCase();
      const source = doc.demo === true ? 'demo' : 'fx-snapshot';
      if (!isActiveIso4217(base)) throw new IngestError(file.name, `${where}: base "${doc.base}" is not an ISO 4217 currency`);
      for (const [code, value] of Object.entries(doc.rates)) {
        const quote = code.toUpperCase();
        if (quote === base || !isActiveIso4217(quote)) continue;
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
          throw new IngestError(file.name, `${where} ${quote}: ${JSON.stringify(value)} is not a positive exchange rate`);
        }
        rows.push({ date, base, quote, rate: value, source, published: date });
      }
    }
    if (rows.length === 0) throw new IngestError(file.name, 'rate snapshots: no ISO 4217 rate in the file');
    for (const row of rows) batch.fx_rates.push(row);
  },
};
