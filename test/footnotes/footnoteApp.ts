// A warehouse ingested from real XBRL documents with the real app started over it, for the footnote endpoint suites.
import { fixture } from '../helpers/tempWarehouse.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

export const XBRL = (kind: 'instances' | 'ixbrl', name: string) => fixture('edgar', 'xbrl', kind, name);

export interface FootnoteApp {
  wh: TestWarehouse;
  app: TestApp;
  get(path: string, plan?: 'Pro' | 'Free' | 'Starter'): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** The SEC ticker list names the companies: a standalone XBRL document carries no EDGAR header to identify them. */
export const TICKERS = fixture('edgar', 'reference', 'company_tickers_exchange.json.gz');

export async function footnoteApp(files: string[]): Promise<FootnoteApp> {
  const wh = await fixtureWarehouse([...files, TICKERS]);
  const app = await startTestApp(wh.engine);
  return {
    wh,
    app,
    async get(path, plan = 'Pro') {
      const res = await fetch(`${app.base}${path}`, { headers: { Authorization: `Bearer ${app.tokens[plan]}` } });
      const text = await res.text();
      return { status: res.status, body: JSON.parse(text) };
    },
    async close() {
      await app.close();
      wh.cleanup();
    },
  };
}

/** Paths to every null inside a JSON value: the omission rule allows none below the top level. */
export function nullPaths(value: unknown, path = ''): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value as object).flatMap(([k, v]) => nullPaths(v, `${path}.${k}`));
  return [];
}
