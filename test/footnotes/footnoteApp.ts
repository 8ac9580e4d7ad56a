// A warehouse ingested from real XBRL documents with the real app started over it, for the footnote endpoint suites.
import type * as v from 'valibot';
import { fixture } from '../helpers/tempWarehouse.ts';
import { bodyAs } from '../helpers/bodyAs.ts';
import { fixtureWarehouse, startTestApp, type TestApp, type TestWarehouse } from '../http/testApp.ts';

export const XBRL = (kind: 'instances' | 'ixbrl', name: string) => fixture('edgar', 'xbrl', kind, name);

type Plan = 'Pro' | 'Free' | 'Starter';

export interface FootnoteApp {
  wh: TestWarehouse;
  app: TestApp;
  /** The status and the parsed JSON body, as served. */
  get(path: string, plan?: Plan): Promise<{ status: number; body: unknown }>;
  /** The status and the body, failing the test unless `schema` (what the API publishes for the answer) accepts it. */
  json<S extends v.GenericSchema>(path: string, schema: S, plan?: Plan): Promise<{ status: number; body: v.InferInput<S> }>;
  close(): Promise<void>;
}

/** The SEC ticker list names the companies: a standalone XBRL document carries no EDGAR header to identify them. */
export const TICKERS = fixture('edgar', 'reference', 'company_tickers_exchange.json.gz');

export async function footnoteApp(files: string[]): Promise<FootnoteApp> {
  const wh = await fixtureWarehouse([...files, TICKERS]);
  const app = await startTestApp(wh.engine);
  const get = async (path: string, plan: Plan = 'Pro') => {
    const res = await fetch(`${app.base}${path}`, { headers: { Authorization: `Bearer ${app.tokens[plan]}` } });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as unknown };
  };
  return {
    wh,
    app,
    get,
    async json(path, schema, plan) {
      const { status, body } = await get(path, plan);
      return { status, body: bodyAs(schema, body, `${path} (${String(status)})`) };
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
  if (Array.isArray(value)) return value.flatMap((v: unknown, i) => nullPaths(v, `${path}[${String(i)}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => nullPaths(v, `${path}.${k}`));
  return [];
}
