// A synthetic filer's 10-K primary document in the HTML EDGAR filers write: cover page, a table of contents listing
// every item, then Items 1-16 in their Parts, with business, risk and MD&A text composed from the company's own
// modelled figures (so a reader of Item 7 finds the numbers the financial endpoints serve).
import type { DemoCompany } from './DemoCompany.ts';
import { aggregate, type ModelYear } from './financialModel.ts';
import { annualReportHtml } from './annualReportHtml.ts';

export interface Demo10kInput {
  company: DemoCompany;
  fy: number;
  year: ModelYear;
  prior: ModelYear | undefined;
}

const ITEMS: [part: string, code: string, title: string][] = [
  ['I', '1', 'Business'], ['I', '1A', 'Risk Factors'], ['I', '1B', 'Unresolved Staff Comments'], ['I', '1C', 'Cybersecurity'],
  ['I', '2', 'Properties'], ['I', '3', 'Legal Proceedings'], ['I', '4', 'Mine Safety Disclosures'],
  ['II', '5', "Market for Registrant's Common Equity, Related Stockholder Matters and Issuer Purchases of Equity Securities"],
  ['II', '6', '[Reserved]'], ['II', '7', "Management's Discussion and Analysis of Financial Condition and Results of Operations"],
  ['II', '7A', 'Quantitative and Qualitative Disclosures About Market Risk'], ['II', '8', 'Financial Statements and Supplementary Data'],
  ['II', '9', 'Changes in and Disagreements with Accountants on Accounting and Financial Disclosure'],
  ['II', '9A', 'Controls and Procedures'], ['II', '9B', 'Other Information'],
  ['II', '9C', 'Disclosure Regarding Foreign Jurisdictions that Prevent Inspections'],
  ['III', '10', 'Directors, Executive Officers and Corporate Governance'], ['III', '11', 'Executive Compensation'],
  ['III', '12', 'Security Ownership of Certain Beneficial Owners and Management and Related Stockholder Matters'],
  ['III', '13', 'Certain Relationships and Related Transactions, and Director Independence'],
  ['III', '14', 'Principal Accountant Fees and Services'], ['IV', '15', 'Exhibits and Financial Statement Schedules'],
  ['IV', '16', 'Form 10-K Summary'],
];

function millions(x: number, currency: string): string {
  return `${currency === 'USD' ? '$' : `${currency} `}${(x / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} million`;
}

function pct(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

function change(now: number, before: number | undefined): string {
  if (before === undefined || before === 0) return '';
  const d = (now - before) / Math.abs(before);
  return ` ${d >= 0 ? 'an increase' : 'a decrease'} of ${pct(Math.abs(d))} from the prior fiscal year`;
}

export function shortName(company: DemoCompany): string {
  return company.name.replace(/\s*\(DEMO DATA\)\s*$/, '');
}

/** The text of each 10-K item (code -> paragraphs), composed from the modelled figures; the 20-F reuses it. */
export function demo10kItemTexts(input: Demo10kInput): Record<string, string[]> {
  const { company, fy, year, prior } = input;
  const cur = company.currency;
  const a = aggregate(year, 1, 4);
  const p = prior ? aggregate(prior, 1, 4) : undefined;
  const name = shortName(company);
  const segment = company.sicDescription.toLowerCase();
  const margin = a.revenue === 0 ? 0 : a.grossProfit / a.revenue;
  return {
    '1': [
      `${name} (the "Company", "we", "us") designs, makes and sells products and services in the ${segment} industry (SIC ${company.sic}). `
      + `The Company was incorporated in ${company.address.stateOrCountryDescription} and is headquartered in ${company.address.city}. `
      + 'This is synthetic demonstration data, not a real registrant.',
      `In fiscal ${String(fy)} we generated revenue of ${millions(a.revenue, cur)} and served customers through direct sales and distribution partners. `
      + `Our business is seasonal: the strongest quarter historically contributes ${pct(Math.max(...company.seasonality) / 4)} of annual revenue.`,
      `As of the end of fiscal ${String(fy)}, ${a.sharesOutstanding.toLocaleString('en-US')} shares of common stock were outstanding. `
      + `Our common stock trades on ${company.exchange} under the symbol ${company.ticker}.`,
    ],
    '1A': [
      'Investing in our securities involves risks. You should consider the risks described below before investing.',
      `Demand for our products may decline. Revenue grew by ${pct(company.annualGrowth)} a year on average over the periods presented, and there is no assurance that this growth continues.`,
      `Our margins depend on input costs. Our gross margin was ${pct(margin)} in fiscal ${String(fy)}; increases in the cost of revenue that we cannot pass on would reduce it.`,
      `Changes in tax law may affect our results. Our effective tax rate was approximately ${pct(company.taxRate)}.`,
    ],
    '1B': ['None.'],
    '1C': ['We maintain a cybersecurity risk management program overseen by the Audit Committee of our Board of Directors.'],
    '2': [`Our principal executive offices are located at ${company.address.street1}, ${company.address.city}. We believe our facilities are adequate for our current needs.`],
    '3': ['We are not a party to any material pending legal proceedings.'],
    '4': ['Not applicable.'],
    '5': [`Our common stock is listed on ${company.exchange} under the symbol ${company.ticker}. During fiscal ${String(fy)} we repurchased approximately ${pct(company.annualBuyback)} of our outstanding shares.`],
    '6': [],
    '7': [
      'The following discussion should be read together with our consolidated financial statements and the notes to them in Item 8.',
      `Results of Operations. Revenue for fiscal ${String(fy)} was ${millions(a.revenue, cur)},${change(a.revenue, p?.revenue)}. `
      + `Gross profit was ${millions(a.grossProfit, cur)}, a gross margin of ${pct(margin)}. `
      + `Operating expenses were ${millions(a.operatingExpenses, cur)} and operating income was ${millions(a.operatingIncome, cur)}.`,
      `Net income was ${millions(a.netIncome, cur)},${change(a.netIncome, p?.netIncome)}; diluted earnings per share were ${a.epsDiluted.toFixed(2)}.`,
      `Liquidity and Capital Resources. Cash provided by operating activities was ${millions(a.operatingCashFlow, cur)} and capital expenditures were ${millions(a.capex, cur)}. `
      + `At fiscal year end we held cash of ${millions(a.cash, cur)}; total assets were ${millions(a.assets, cur)} and total liabilities ${millions(a.liabilities, cur)}.`,
    ],
    '7A': [`We are exposed to market risk from changes in interest rates and foreign currency exchange rates. Our functional currency is ${cur}; a 10% change in exchange rates would not have a material effect on our results.`],
    '8': [`The consolidated financial statements for fiscal ${String(fy)}, with revenue of ${millions(a.revenue, cur)} and net income of ${millions(a.netIncome, cur)}, are included in the inline XBRL data of this filing.`],
    '9': ['None.'],
    '9A': ['Our management, with the participation of our principal executive and financial officers, concluded that our disclosure controls and procedures were effective.'],
    '9B': ['None.'],
    '9C': ['Not applicable.'],
    '10': ['The information required by this item is incorporated by reference to our Proxy Statement for the annual meeting of shareholders.'],
    '11': ['The information required by this item is incorporated by reference to our Proxy Statement.'],
    '12': ['The information required by this item is incorporated by reference to our Proxy Statement.'],
    '13': ['The information required by this item is incorporated by reference to our Proxy Statement.'],
    '14': ['The information required by this item is incorporated by reference to our Proxy Statement.'],
    '15': ['The financial statements and exhibits are listed in the Exhibit Index.'],
    '16': ['None.'],
  };
}

export function demo10kDocument(input: Demo10kInput): string {
  const text = demo10kItemTexts(input);
  return annualReportHtml({
    form: '10-K', registrant: shortName(input.company), fy: input.fy, fiscalYearEnd: input.year.fiscal.end, tableOfContents: true,
    items: ITEMS.map(([part, code, title]) => ({ part, code, title, paragraphs: text[code] ?? [] })),
    certification: 'Pursuant to the requirements of Section 13 or 15(d) of the Securities Exchange Act of 1934, the registrant has duly caused this report to be signed on its behalf.',
  });
}
