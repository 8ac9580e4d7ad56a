// Test-side readers of the raw FX fixture files: the figures the tests compare against come from here, not from SQL.
import fs from 'node:fs';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { fixture } from '../helpers/tempWarehouse.ts';

export const FX_DIR = fixture('edgar', 'fx');

/** ECB history: date -> currency -> units per EUR (N/A days absent). */
export async function ecbTable(): Promise<Map<string, Map<string, number>>> {
  const csv = await new Promise<string>((resolve, reject) => {
    yauzl.open(`${FX_DIR}/ecb/eurofxref-hist.zip`, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (e: yauzl.Entry) => zip.openReadStream(e, (err2, s) => {
        if (err2 || !s) return reject(err2);
        const parts: Buffer[] = [];
        s.on('data', (d: Buffer) => parts.push(d));
        s.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      }));
      zip.readEntry();
    });
  });
  const lines = csv.trim().split('\n');
  const cols = lines[0]!.split(',');
  const out = new Map<string, Map<string, number>>();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const row = new Map<string, number>();
    cols.forEach((c, i) => { if (i > 0 && c && cells[i] && cells[i] !== 'N/A') row.set(c, Number(cells[i])); });
    out.set(cells[0]!, row);
  }
  return out;
}

/** A FRED series file: its series ID and date -> value. */
export function fredSeries(file: string): { id: string; values: Map<string, number> } {
  const lines = zlib.gunzipSync(fs.readFileSync(`${FX_DIR}/fred-h10/${file}`)).toString('utf8').trim().split('\n');
  const values = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const [d, v] = line.split(',');
    if (v && v.trim() !== '') values.set(d!, Number(v));
  }
  return { id: lines[0]!.split(',')[1]!.trim(), values };
}

/** IMF annual file: currency -> date -> national currency per USD (first row seen, as several countries share one). */
export function imfTable(): Map<string, Map<string, number>> {
  const lines = zlib.gunzipSync(fs.readFileSync(`${FX_DIR}/imf/imf_exchangerates_A_ENDA_USD.csv.gz`)).toString('utf8').trim().split('\n');
  const out = new Map<string, Map<string, number>>();
  for (const line of lines.slice(1)) {
    const [d, v, cur] = line.split(',');
    if (!v) continue;
    const m = out.get(cur!) ?? new Map<string, number>();
    if (!m.has(d!)) m.set(d!, Number(v));
    out.set(cur!, m);
  }
  return out;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Latest key of `series` on or before `day`. */
export function latestOnOrBefore(series: Map<string, unknown>, day: string): string | null {
  let best: string | null = null;
  for (const d of series.keys()) if (d <= day && (best === null || d > best)) best = d;
  return best;
}
