// The HTML of a synthetic annual report (10-K, 20-F) as EDGAR filers write it: the Commission's cover page, an optional
// table of contents, each item under its heading (with a PART heading where the part changes), then the signatures.
// The forms differ only in their items and certification; the markup the document parser reads is this one.
import { xmlText } from './xmlText.ts';

export interface AnnualReportItem {
  /** Roman numeral of the item's Part; items without one get no PART heading. */
  part?: string;
  code: string;
  title: string;
  paragraphs: readonly string[];
}

export interface AnnualReport {
  form: '10-K' | '20-F';
  registrant: string;
  fy: number;
  fiscalYearEnd: string;
  items: readonly AnnualReportItem[];
  tableOfContents: boolean;
  /** The sentence under SIGNATURES, which each form words its own way. */
  certification: string;
}

const PAGE_BREAK = '<hr style="page-break-after:always"/>';

export function annualReportHtml(report: AnnualReport): string {
  const name = xmlText(report.registrant);
  const toc = report.tableOfContents
    ? '<div style="text-align:center"><b>TABLE OF CONTENTS</b></div>\n'
      + `<table>${report.items.map((i) => `<tr><td>Item ${i.code}.</td><td>${xmlText(i.title)}</td><td>3</td></tr>`).join('\n')}</table>\n`
    : '';
  let part: string | undefined;
  const items = report.items.map((item) => {
    const partHeading = item.part !== undefined && item.part !== part ? `<div style="text-align:center"><b>PART ${item.part}</b></div>\n` : '';
    part = item.part;
    const paragraphs = item.paragraphs.map((t) => `<p>${xmlText(t)}</p>`).join('\n');
    return `${partHeading}<div><b>Item ${item.code}.</b></div><div><b>${xmlText(item.title)}</b></div>\n${paragraphs}`;
  }).join(`\n${PAGE_BREAK}\n`);
  return `<html><head><title>${name} ${report.form} ${String(report.fy)}</title></head><body>
<div style="text-align:center"><b>UNITED STATES<br/>SECURITIES AND EXCHANGE COMMISSION</b><br/>Washington, D.C. 20549</div>
<div style="text-align:center"><b>FORM ${report.form}</b></div>
<div>ANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934</div>
<div>For the fiscal year ended ${xmlText(report.fiscalYearEnd)}</div>
<div style="text-align:center"><b>${name}</b> (DEMO DATA)</div>
${toc}${PAGE_BREAK}
${items}
<hr/>
<div style="text-align:center"><b>SIGNATURES</b></div>
<p>${xmlText(report.certification)}</p>
</body></html>
`;
}
