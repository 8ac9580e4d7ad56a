// `ingest --fx`: downloads the ECB reference-rate history and the Fed H.10 series from FRED with the EDGAR client's
// rules (declared User-Agent, request ceiling, retries with backoff), into <warehouse>/_downloads/fx, for the normal
// ingest to parse. Offline with rates already stored, the fetch is skipped with a warning instead of failing.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { EdgarClient, EdgarRequestError } from './EdgarClient.ts';
import { FRED_H10_COUNTRY } from '../ingest/parsers/fxFred.ts';

/** Every H.10 pair FRED publishes daily, as DEX<quote><base> (fxFred.ts reads the direction back from the ID). */
export const H10_SERIES: readonly string[] = Object.freeze(Object.keys(FRED_H10_COUNTRY)
  .filter((c) => c !== 'US')
  .map((c) => (['AL', 'EU', 'UK', 'NZ'].includes(c) ? `DEXUS${c}` : `DEX${c}US`)));

export interface FxFetchResult {
  files: string[];
  /** Set when the network failed and the stored rates were kept. */
  offline: string | null;
}

/** True when the warehouse holds committed fx_rates files (beyond the zero-row schema file). */
export function warehouseHasRates(warehouseDir: string): boolean {
  const dir = path.join(warehouseDir, 'fx_rates');
  return fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith('.parquet') && !f.includes('-schema'));
}

export async function fetchFxRates(config: Config, client: EdgarClient = fxClient(config), series: readonly string[] = H10_SERIES): Promise<FxFetchResult> {
  const dir = path.join(config.warehouseDir, '_downloads', 'fx');
  fs.mkdirSync(dir, { recursive: true });
  const wanted = [
    { url: config.fxEcbUrl, file: 'eurofxref-hist.zip' },
    ...series.map((id) => ({ url: config.fxFredUrl.replace('{series}', encodeURIComponent(id)), file: `fred-${id}.csv` })),
  ];
  const files: string[] = [];
  try {
    for (const w of wanted) {
      const res = await client.get(w.url);
      if (!res.found) continue;
      const target = path.join(dir, w.file);
      fs.writeFileSync(`${target}.part`, res.body);
      fs.renameSync(`${target}.part`, target);
      files.push(target);
    }
  } catch (err) {
    if (err instanceof EdgarRequestError && warehouseHasRates(config.warehouseDir)) return { files: [], offline: err.message };
    throw err;
  }
  return { files, offline: null };
}

function fxClient(config: Config): EdgarClient {
  // ECB and FRED do not require a declared agent; the SEC one is sent when configured
  return new EdgarClient({ userAgent: config.secUserAgent ?? 'filings-engine fx-rates', maxRequestsPerSecond: config.edgarMaxRequestsPerSecond });
}
