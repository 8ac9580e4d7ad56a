// Writes the demo funds' tailored shareholder reports (N-CSRS for the half year, N-CSR for the year) and prospectus
// risk/return summaries (485BPOS, one a year) as EDGAR full submissions holding one inline XBRL document each, ready
// for ingestPaths.
import fs from 'node:fs';
import path from 'node:path';
import type { DemoYears } from './writeDemoSources.ts';
import { fundIxDocument, type FundIxDocument } from './fundIxDocument.ts';
import { riskReturnSummary, shareholderReport, type FundReportSubject } from './fundReportDocuments.ts';
import { secSubmission } from './secSubmission.ts';

/** The filing agent whose accession prefix the fund submissions carry. */
const AGENT_CIK = 1_193_125;

export interface WrittenFundReport {
  file: string;
  accession: string;
  cik: number;
  form: string;
  filed: string;
  periodEnd: string;
  /** The fund document as built (its figures) and as written (XHTML). */
  doc: FundIxDocument;
  document: string;
}

export function writeDemoFundReports(dir: string, funds: readonly FundReportSubject[], years: DemoYears): WrittenFundReport[] {
  const out = path.join(dir, 'fund-reports');
  fs.mkdirSync(out, { recursive: true });
  const written: WrittenFundReport[] = [];
  const sequence = new Map<string, number>();
  const last = years.last;
  // tailored shareholder reports exist from mid-2024 on: the last demo year's half year and year
  const plan = [
    { form: 'N-CSRS' as const, periodEnd: `${String(last)}-06-30`, filed: `${String(last)}-08-29` },
    { form: 'N-CSR' as const, periodEnd: `${String(last)}-12-31`, filed: `${String(last + 1)}-03-03` },
    { form: '485BPOS' as const, periodEnd: `${String(last)}-04-29`, filed: `${String(last)}-04-29` },
    { form: '485BPOS' as const, periodEnd: `${String(last + 1)}-04-28`, filed: `${String(last + 1)}-04-28` },
  ];
  for (const fund of funds) {
    for (const p of plan) {
      const doc = p.form === '485BPOS' ? riskReturnSummary(fund, p.periodEnd) : shareholderReport(fund, p.form, p.periodEnd);
      const document = fundIxDocument(doc);
      const yy = p.filed.slice(2, 4);
      const seq = (sequence.get(yy) ?? 0) + 1;
      sequence.set(yy, seq);
      const accession = `${String(AGENT_CIK).padStart(10, '0')}-${yy}-${String(800_000 + seq).padStart(6, '0')}`;
      const stamp = p.periodEnd.replaceAll('-', '');
      const text = secSubmission({
        accession, form: p.form, period: p.form === '485BPOS' ? null : p.periodEnd, filed: p.filed,
        parties: [{ role: 'FILER', name: fund.registrantName, cik: fund.cik }],
        documents: [{ type: p.form, filename: `${fund.prefix}-${stamp}${p.form === '485BPOS' ? 'x485bpos' : 'xncsr'}.htm`, xml: document }],
      });
      const file = path.join(out, `${accession}.txt`);
      fs.writeFileSync(file, text);
      written.push({ file, accession, cik: fund.cik, form: p.form, filed: p.filed, periodEnd: p.periodEnd, doc, document });
    }
  }
  return written;
}

