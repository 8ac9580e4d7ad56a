// Whether a stored model was built from an annual report older than the newest one the warehouse holds (a 10-K
// ingested since): the newest is looked up once per company per warehouse version, on the request pool (a lookup in
// the in-memory filing index, not a build's query), so a GET of a ready model costs a map read while nothing changed.
import type { Engine } from '../db/Engine.ts';
import type { StoredModel } from './ModelJobs.ts';

export function newerAnnualReport(engine: Engine): (model: StoredModel) => Promise<boolean> {
  const latest = new Map<number, { version: string; accession: string | null }>();
  return async (model) => {
    const { version } = engine.warehouse();
    let seen = latest.get(model.cik);
    if (seen?.version !== version) {
      const [row] = await engine.query<{ accession: string }>('SELECT accession FROM model_annual_filing($1)', [model.cik]);
      seen = { version, accession: row?.accession ?? null };
      latest.set(model.cik, seen);
    }
    const built = (model['filing'] as { accession?: unknown } | undefined)?.accession;
    return seen.accession !== null && seen.accession !== built;
  };
}
