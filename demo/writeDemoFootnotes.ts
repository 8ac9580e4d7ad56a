// Writes the demo companies' footnote disclosures as EDGAR full submissions holding one inline XBRL 10-K document
// each (the notes to the financial statements, with dimensional facts), for the last fiscal years, ready for ingestPaths.
// Foreign private issuers (20-F under ifrs-full) are left out: the footnote endpoints read us-gaap concepts.
import fs from 'node:fs';
import path from 'node:path';
import type { DemoCompany } from './DemoCompany.ts';
import type { DemoYears } from './writeDemoSources.ts';
import { modelCompany } from './financialModel.ts';
import { filingSchedule } from './filingSchedule.ts';
import { footnoteFacts } from './demoFootnoteFacts.ts';
import { inlineXbrlDocument } from './inlineXbrlDocument.ts';
import { secSubmission } from './secSubmission.ts';

/** Footnote filings cover the last three demo years: enough for history and for roll-forwards across filings. */
export const FOOTNOTE_YEARS = 3;

/** The filing agent whose accession prefix the footnote submissions carry (a filer agent, as for most 10-Ks). */
const AGENT_CIK = 1_193_125;

export interface WrittenFootnoteFiling {
  file: string;
  accession: string;
  cik: number;
  fy: number;
  /** The inline document inside the submission (XHTML). */
  document: string;
}

export function extensionPrefix(company: DemoCompany): string {
  return company.ticker.toLowerCase();
}

export function writeDemoFootnotes(dir: string, companies: readonly DemoCompany[], years: DemoYears): WrittenFootnoteFiling[] {
  const out = path.join(dir, 'footnotes');
  fs.mkdirSync(out, { recursive: true });
  const written: WrittenFootnoteFiling[] = [];
  const sequence = new Map<string, number>();
  const first = Math.max(years.first, years.last - FOOTNOTE_YEARS + 1);
  for (const company of companies) {
    if (company.regime !== 'us-gaap') continue;
    const model = modelCompany(company, years.first - 2, years.last + 1);
    const tenKs = filingSchedule(company, model, years.first, years.last).filter((f) => f.form === '10-K' && f.periodic);
    const prefix = extensionPrefix(company);
    for (let fy = first; fy <= years.last; fy++) {
      const tenK = tenKs.find((f) => f.periodic!.fy === fy);
      if (!tenK) continue;
      const fiscal = model.get(fy)!.fiscal;
      const stamp = fiscal.end.replaceAll('-', '');
      const namespace = `http://www.example.com/${prefix}/${stamp}`;
      const facts = footnoteFacts({ company, prefix, model, fy, firstYear: years.first, restructuringYear: years.last - 1 });
      const document = inlineXbrlDocument({
        cik: company.cik, prefix, namespace, currency: company.currency, documentType: '10-K', fiscalYear: fy, fiscalPeriod: 'FY',
        start: fiscal.start, end: fiscal.end, title: `${prefix}-${stamp} notes to the financial statements`, facts,
      });
      const yy = tenK.filed.slice(2, 4);
      const seq = (sequence.get(yy) ?? 0) + 1;
      sequence.set(yy, seq);
      const accession = `${String(AGENT_CIK).padStart(10, '0')}-${yy}-${String(900_000 + seq).padStart(6, '0')}`;
      const text = secSubmission({
        accession, form: '10-K', period: fiscal.end, filed: tenK.filed,
        parties: [{ role: 'FILER', name: company.name, cik: company.cik }],
        documents: [{ type: '10-K', filename: `${prefix}-${stamp}x10knotes.htm`, xml: document }],
      });
      const file = path.join(out, `${accession}.txt`);
      fs.writeFileSync(file, text);
      written.push({ file, accession, cik: company.cik, fy, document });
    }
  }
  return written;
}
