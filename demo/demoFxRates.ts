// Synthetic daily exchange rates for the demo warehouse, so `currency=` converts the demo's EUR 20-F filer (and any
// demo company into EUR, JPY or GBP) on a fresh clone with no network. Written in the snapshot-feed format with
// `"demo": true`, so they are stored under source `demo` (ranked below every real source) and never pass for ECB data.
import fs from 'node:fs';
import path from 'node:path';
import { addDays } from './isoDate.ts';

/** Smooth, deterministic curves around plausible levels (units per EUR), business days only. */
const CURVES: Readonly<Record<string, { level: number; swing: number; days: number }>> = Object.freeze({
  usd: { level: 1.12, swing: 0.06, days: 410 },
  jpy: { level: 135, swing: 12, days: 530 },
  gbp: { level: 0.87, swing: 0.03, days: 370 },
});

export function demoFxLines(years: { first: number; last: number }): string[] {
  const lines: string[] = [];
  const end = `${String(years.last + 1)}-12-31`;
  for (let day = `${String(years.first - 1)}-12-01`, n = 0; day <= end; day = addDays(day, 1), n++) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const rates: Record<string, number> = {};
    for (const [code, c] of Object.entries(CURVES)) rates[code] = Number((c.level + c.swing * Math.sin((2 * Math.PI * n) / c.days)).toFixed(4));
    lines.push(JSON.stringify({ date: day, base: 'eur', rates, demo: true }));
  }
  return lines;
}

/** Writes the demo rates beside the demo filers' source files, for the same ingest to pick up. */
export function writeDemoFxRates(dir: string, years: { first: number; last: number }): string {
  const file = path.join(dir, 'demo-fx-rates.jsonl');
  fs.writeFileSync(file, `${demoFxLines(years).join('\n')}\n`);
  return file;
}
