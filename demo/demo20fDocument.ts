// A synthetic foreign private issuer's 20-F primary document in EDGAR's HTML: cover page, Items 1-19, with the business
// (Item 4), risk factors (Item 3.D), operating review (Item 5) and market risk (Item 11) composed from the company's own
// modelled figures as its 10-K would state them, so company models build for the demo's foreign filer too.
import { demo10kItemTexts, shortName, type Demo10kInput } from './demo10kDocument.ts';
import { annualReportHtml } from './annualReportHtml.ts';

const NA = ['Not applicable.'];

export function demo20fDocument(input: Demo10kInput): string {
  const { company, fy, year } = input;
  const k = demo10kItemTexts(input);
  const items: [code: string, title: string, paragraphs: string[]][] = [
    ['1', 'Identity of Directors, Senior Management and Advisers', NA],
    ['2', 'Offer Statistics and Expected Timetable', NA],
    ['3', 'Key Information', ['D. Risk Factors', ...(k['1A'] ?? [])]],
    ['4', 'Information on the Company', k['1'] ?? []],
    ['4A', 'Unresolved Staff Comments', ['None.']],
    ['5', 'Operating and Financial Review and Prospects', k['7'] ?? []],
    ['6', 'Directors, Senior Management and Employees', ['Our management board and supervisory board are described in our articles of association.']],
    ['7', 'Major Shareholders and Related Party Transactions', ['No shareholder holds more than 5% of our ordinary shares to our knowledge.']],
    ['8', 'Financial Information', ['See Item 18.']],
    ['9', 'The Offer and Listing', [`Our American Depositary Shares are listed on the ${company.exchange} under the symbol ${company.ticker}.`]],
    ['10', 'Additional Information', ['Our articles of association are filed as an exhibit to this annual report.']],
    ['11', 'Quantitative and Qualitative Disclosures About Market Risk', k['7A'] ?? []],
    ['12', 'Description of Securities Other than Equity Securities', NA],
    ['15', 'Controls and Procedures', k['9A'] ?? ['Our disclosure controls and procedures were effective.']],
    ['17', 'Financial Statements', NA],
    ['18', 'Financial Statements', ['The consolidated financial statements are prepared in accordance with IFRS as issued by the IASB.']],
    ['19', 'Exhibits', ['The exhibits are listed in the Exhibit Index.']],
  ];
  return annualReportHtml({
    form: '20-F', registrant: shortName(company), fy, fiscalYearEnd: year.fiscal.end, tableOfContents: false,
    items: items.map(([code, title, paragraphs]) => ({ code, title, paragraphs })),
    certification: 'The registrant hereby certifies that it meets all of the requirements for filing on Form 20-F.',
  });
}
