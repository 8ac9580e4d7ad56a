// Writes the demo companies' 10-K and earnings 8-K primary documents (HTML, EDGAR's format) as full submissions under
// the accessions their submissions JSON lists, so the document store and /api/filings/item answer on the demo.
// The last FOOTNOTE_YEARS fiscal years of each filer; a foreign private issuer's annual report is its 20-F.
import fs from 'node:fs';
import path from 'node:path';
import type { DemoCompany } from './DemoCompany.ts';
import type { DemoYears } from './writeDemoSources.ts';
import { aggregate, modelCompany } from './financialModel.ts';
import { filingSchedule } from './filingSchedule.ts';
import { secSubmission } from './secSubmission.ts';
import { demo10kDocument } from './demo10kDocument.ts';
import { demo8kDocument } from './demo8kDocument.ts';
import { demo20fDocument } from './demo20fDocument.ts';
import { FOOTNOTE_YEARS } from './writeDemoFootnotes.ts';

export function writeDemoDocuments(dir: string, companies: readonly DemoCompany[], years: DemoYears): string[] {
  const out = path.join(dir, 'documents');
  fs.mkdirSync(out, { recursive: true });
  const written: string[] = [];
  const first = Math.max(years.first, years.last - FOOTNOTE_YEARS + 1);
  for (const company of companies) {
    const annualForm = company.regime === 'us-gaap' ? '10-K' : '20-F';
    const model = modelCompany(company, years.first - 2, years.last + 1);
    const schedule = filingSchedule(company, model, years.first, years.last);
    for (let fy = first; fy <= years.last; fy++) {
      const year = model.get(fy);
      const tenK = schedule.find((f) => f.form === annualForm && f.periodic?.fy === fy);
      if (!year || !tenK) continue;
      const parties = [{ role: 'FILER' as const, name: company.name, cik: company.cik }];
      const input = { company, fy, year, prior: model.get(fy - 1) };
      const html = annualForm === '10-K' ? demo10kDocument(input) : demo20fDocument(input);
      const submission = secSubmission({
        accession: tenK.accession, form: annualForm, period: tenK.reportDate, filed: tenK.filed, parties,
        documents: [{ type: annualForm, filename: tenK.primaryDocument, xml: html }],
      });
      written.push(path.join(out, `${tenK.accession}.txt`));
      fs.writeFileSync(written[written.length - 1] ?? '', submission);
      // the earnings release that precedes the 10-K
      const release = schedule.filter((f) => f.form === '8-K' && f.filed <= tenK.filed).at(-1);
      if (!release) continue;
      const annual = aggregate(year, 1, 4);
      const eightK = secSubmission({
        accession: release.accession, form: '8-K', period: release.reportDate, filed: release.filed, parties,
        documents: [{
          type: '8-K', filename: release.primaryDocument,
          xml: demo8kDocument({ company, filed: release.filed, periodEnd: year.fiscal.end, revenue: annual.revenue, netIncome: annual.netIncome }),
        }],
      });
      written.push(path.join(out, `${release.accession}.txt`));
      fs.writeFileSync(written[written.length - 1] ?? '', eightK);
    }
  }
  return written;
}
