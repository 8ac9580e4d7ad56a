// The real SEC inputs the rendered-store suites ingest: every companyfacts file, every company's main submissions file,
// every XBRL instance and inline XBRL document, the ticker list and the ECB rates (for the statements' USD conversion).
import fs from 'node:fs';
import path from 'node:path';
import { fixture } from '../helpers/tempWarehouse.ts';

const filesIn = (dir: string, keep: (f: string) => boolean = () => true): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir).filter(keep).sort().map((f) => path.join(dir, f)) : [];

export const COMPANYFACTS = filesIn(fixture('edgar', 'companyfacts'));
export const SUBMISSIONS = filesIn(fixture('edgar', 'submissions'), (f) => /^CIK\d{10}\.json\.gz$/.test(f));
export const XBRL = [...filesIn(fixture('edgar', 'xbrl', 'instances')), ...filesIn(fixture('edgar', 'xbrl', 'ixbrl'))];
export const REFERENCE = [fixture('edgar', 'reference', 'company_tickers_exchange.json.gz'), fixture('edgar', 'fx', 'ecb', 'eurofxref-hist.zip')];

/** The companies of the companyfacts files (the ones with long histories: Apple and the others), from the file names. */
export const COMPANYFACTS_CIKS: ReadonlySet<number> = new Set(COMPANYFACTS.map((f) => Number(/CIK(\d{10})/.exec(path.basename(f))?.[1])));
