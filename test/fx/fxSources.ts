// Test-side readers of the raw FX fixture files: the figures the tests compare against come from here, not from SQL.
import fs from 'node:fs';
import zlib from 'node:zlib';
import yauzl from 'yauzl';
import { fixture } from '../helpers/tempWarehouse.ts';
import { defined } from '../helpers/defined.ts';

export const FX_DIR = fixture('edgar', 'fx');

/** ECB history: date -> currency -> units per EUR (N/A days absent). */
export async function ecbTable(): Promise<Map<string, Map<string, number>>> {
  const csv = await new Promise<string>((resolve, reject) => {
    yauzl.open(`${FX_DIR}/ecb/eurofxref-hist.zip`, { lazyEntries: true }, (err, zip) => {
      if (err) {
        reject(err);
        return;
      }
      zip.on('entry', (e: yauzl.Entry) => {
        zip.openReadStream(e, (err2, s) => {
          if (err2) {
            reject(err2);
            return;
          }
          const parts: Buffer[] = [];
          s.on('data', (d: Buffer) => { parts.push(d); });
          s.on('end', () => { resolve(Buffer.concat(parts).toString('utf8')); });
        });
      });
      zip.readEntry();
    });
  });
  const lines = csv.trim().split('\n');
  const cols = defined(lines[0], 'the ECB header line').split(',');
  const out = new Map<string, Map<string, number>>();
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const row = new Map<string, number>();
    cols.forEach((c, i) => {
      const cell = cells[i];
      if (i > 0 && c && cell && cell !== 'N/A') row.set(c, Number(cell));
    });
    out.set(defined(cells[0], 'the date cell'), row);
  }
  return out;
}

/** A FRED series file: its series ID and date -> value. */
export function fredSeries(file: string): { id: string; values: Map<string, number> } {
  const lines = zlib.gunzipSync(fs.readFileSync(`${FX_DIR}/fred-h10/${file}`)).toString('utf8').trim().split('\n');
  const values = new Map<string, number>();
  for (const line of lines.slice(1)) {
    const [d, v] = line.split(',');
    if (d !== undefined && v && v.trim() !== '') values.set(d, Number(v));
  }
  return { id: defined(lines[0]?.split(',')[1], `the series ID of ${file}`).trim(), values };
}

/** IMF annual file: currency -> date -> national currency per USD (first row seen, as several countries share one). */
export function imfTable(): Map<string, Map<string, number>> {
  const lines = zlib.gunzipSync(fs.readFileSync(`${FX_DIR}/imf/imf_exchangerates_A_ENDA_USD.csv.gz`)).toString('utf8').trim().split('\n');
  const out = new Map<string, Map<string, number>>();
  for (const line of lines.slice(1)) {
    const [d, v, cur] = line.split(',');
    if (!v || d === undefined || cur === undefined) continue;
    const m = out.get(cur) ?? new Map<string, number>();
    if (!m.has(d)) m.set(d, Number(v));
    out.set(cur, m);
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

/** The ECB rate (units of `currency` per EUR) published on `date`; fails the test when the file has none. */
export function ecbRate(ecb: Map<string, Map<string, number>>, date: string, currency: string): number {
  return defined(ecb.get(date)?.get(currency), `the ECB ${currency} rate of ${date}`);
}

/** The ECB rate carried to `day`: the latest publication on or before it, as every calendar day counts. */
export function ecbCarried(ecb: Map<string, Map<string, number>>, day: string, currency: string): number {
  return ecbRate(ecb, defined(latestOnOrBefore(ecb, day), `an ECB publication on or before ${day}`), currency);
}

/** USD -> EUR from the ECB file (which quotes USD per EUR): the spot on or before `day`. */
export function usdEurSpot(ecb: Map<string, Map<string, number>>, day: string): { date: string; rate: number } {
  const date = defined(latestOnOrBefore(ecb, day), `an ECB publication on or before ${day}`);
  return { date, rate: 1 / defined(ecb.get(date)?.get('USD'), `the ECB USD rate of ${date}`) };
}

/** USD -> EUR day-weighted average over [start, end]: every calendar day carries the latest ECB publication. */
export function usdEurAverage(ecb: Map<string, Map<string, number>>, start: string, end: string): number {
  let sum = 0;
  let n = 0;
  for (let d = start; d <= end; d = addDays(d, 1)) {
    sum += usdEurSpot(ecb, d).rate;
    n++;
  }
  return sum / n;
}
