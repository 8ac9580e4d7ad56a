// A synthetic filer's earnings 8-K primary document (Items 2.02 and 9.01) in EDGAR's HTML, citing the quarter's
// modelled revenue and net income.
import type { DemoCompany } from './DemoCompany.ts';
import { xmlText } from './xmlText.ts';

export interface Demo8kInput {
  company: DemoCompany;
  filed: string;
  periodEnd: string;
  revenue: number;
  netIncome: number;
}

export function demo8kDocument({ company, filed, periodEnd, revenue, netIncome }: Demo8kInput): string {
  const name = xmlText(company.name.replace(/\s*\(DEMO DATA\)\s*$/, ''));
  const m = (x: number) => `${(x / 1e6).toFixed(1)} million ${company.currency}`;
  return `<html><body>
<div style="text-align:center"><b>UNITED STATES SECURITIES AND EXCHANGE COMMISSION</b></div>
<div style="text-align:center"><b>FORM 8-K</b></div>
<div>CURRENT REPORT Pursuant to Section 13 or 15(d) of the Securities Exchange Act of 1934</div>
<div>Date of Report: ${xmlText(filed)}</div>
<div style="text-align:center"><b>${name}</b> (DEMO DATA)</div>
<table><tr><td><b>Item 2.02</b></td><td><b>Results of Operations and Financial Condition.</b></td></tr></table>
<p>On ${xmlText(filed)}, ${name} issued a press release announcing its results for the period ended ${xmlText(periodEnd)}: revenue of ${m(revenue)} and net income of ${m(netIncome)}. A copy of the press release is furnished as Exhibit 99.1.</p>
<table><tr><td><b>Item 9.01</b></td><td><b>Financial Statements and Exhibits.</b></td></tr></table>
<table><tr><td>Exhibit No.</td><td>Description</td></tr><tr><td>99.1</td><td>Press release dated ${xmlText(filed)}</td></tr></table>
<div style="text-align:center"><b>SIGNATURES</b></div>
<p>Pursuant to the requirements of the Securities Exchange Act of 1934, the registrant has duly caused this report to be signed.</p>
</body></html>
`;
}
