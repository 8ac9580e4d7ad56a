// Writes the demo companies' footnote disclosures as EDGAR full submissions holding one inline XBRL document each
// (the notes to the financial statements, with dimensional facts): the 10-Ks of the last fiscal years and the 10-Qs
// filed after the last 10-K, ready for ingestPaths.
// Foreign private issuers (20-F under ifrs-full) are left out: the footnote endpoints read us-gaap concepts.
import fs from 'node:fs';
import path from 'node:path';
import type { DemoCompany } from './DemoCompany.ts';
import type { DemoYears } from './writeDemoSources.ts';
import { modelCompany } from './financialModel.ts';
import { filingSchedule } from './filingSchedule.ts';
import { footnoteFacts, quarterFootnoteFacts } from './demoFootnoteFacts.ts';
import { inlineXbrlDocument } from './inlineXbrlDocument.ts';
import { secSubmission } from './secSubmission.ts';
import { defined } from '../engine/query/defined.ts';

/** Footnote filings cover the last three demo years: enough for history and for roll-forwards across filings. */
export const FOOTNOTE_YEARS = 3;

/** The filing agent whose accession prefix the footnote submissions carry (a filer agent, as for most 10-Ks). */
const AGENT_CIK = 1_193_125;

export interface WrittenFootnoteFiling {
  file: string;
  accession: string;
  cik: number;
  fy: number;
  form: string;
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
    const periodic = filingSchedule(company, model, years.first, years.last).filter((f) => (f.form === '10-K' || f.form === '10-Q') && f.periodic);
    const prefix = extensionPrefix(company);
    const plan = [
      ...Array.from({ length: years.last - first + 1 }, (_, i) => ({ fy: first + i, q: 4 as const })),
      ...([1, 2, 3] as const).map((q) => ({ fy: years.last + 1, q })),
    ];
    for (const { fy, q } of plan) {
      const filing = periodic.find((f) => f.periodic?.fy === fy && f.periodic.quarter === q);
      if (!filing) continue;
      const fiscal = defined(model.get(fy), `model year ${String(fy)}`).fiscal;
      const quarter = q === 4 ? null : defined(fiscal.quarters[q - 1], `quarter ${String(q)} of ${String(fy)}`);
      const periodEnd = quarter ? quarter.end : fiscal.end;
      const stamp = periodEnd.replaceAll('-', '');
      const namespace = `http://www.example.com/${prefix}/${stamp}`;
      const input = { company, prefix, model, fy, firstYear: years.first, restructuringYear: years.last - 1 };
      const facts = q === 4 ? footnoteFacts(input) : quarterFootnoteFacts(input, q);
      const document = inlineXbrlDocument({
        cik: company.cik, prefix, namespace, currency: company.currency, documentType: filing.form, fiscalYear: fy,
        fiscalPeriod: quarter ? `Q${String(q)}` : 'FY', start: quarter ? quarter.start : fiscal.start, end: periodEnd,
        title: `${prefix}-${stamp} notes to the financial statements`, facts,
      });
      const yy = filing.filed.slice(2, 4);
      const seq = (sequence.get(yy) ?? 0) + 1;
      sequence.set(yy, seq);
      const accession = `${String(AGENT_CIK).padStart(10, '0')}-${yy}-${String(900_000 + seq).padStart(6, '0')}`;
      const suffix = filing.form === '10-K' ? 'x10k' : 'x10q';
      const text = secSubmission({
        accession, form: filing.form, period: periodEnd, filed: filing.filed,
        parties: [{ role: 'FILER', name: company.name, cik: company.cik }],
        documents: [{ type: filing.form, filename: `${prefix}-${stamp}${suffix}notes.htm`, xml: document }],
      });
      const file = path.join(out, `${accession}.txt`);
      fs.writeFileSync(file, text);
      written.push({ file, accession, cik: company.cik, fy, form: filing.form, document });
    }
  }
  return written;
}
