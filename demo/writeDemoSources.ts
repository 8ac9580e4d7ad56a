// Writes synthetic filers as SEC source files (companyfacts and submissions JSON) into a folder, ready for ingestPaths.
import fs from 'node:fs';
import path from 'node:path';
import type { DemoCompany } from './DemoCompany.ts';
import { modelCompany } from './financialModel.ts';
import { filingSchedule } from './filingSchedule.ts';
import { companyFactsJson } from './companyFactsJson.ts';
import { submissionsJson } from './submissionsJson.ts';

export interface DemoYears {
  first: number;
  last: number;
}

export interface WrittenSources {
  companyfacts: string[];
  submissions: string[];
  bytes: number;
}

export function writeDemoSources(dir: string, companies: readonly DemoCompany[], years: DemoYears): WrittenSources {
  const written: WrittenSources = { companyfacts: [], submissions: [], bytes: 0 };
  for (const kind of ['companyfacts', 'submissions'] as const) fs.mkdirSync(path.join(dir, kind), { recursive: true });
  for (const company of companies) {
    // two prior years feed the first reports' comparatives; one more year feeds the trailing 10-Qs
    const model = modelCompany(company, years.first - 2, years.last + 1);
    const filings = filingSchedule(company, model, years.first, years.last);
    const name = `CIK${String(company.cik).padStart(10, '0')}.json`;
    const docs = { companyfacts: companyFactsJson(company, model, filings), submissions: submissionsJson(company, filings) };
    for (const kind of ['companyfacts', 'submissions'] as const) {
      const file = path.join(dir, kind, name);
      const text = JSON.stringify(docs[kind]);
      fs.writeFileSync(file, text);
      written[kind].push(file);
      written.bytes += Buffer.byteLength(text);
    }
  }
  return written;
}
