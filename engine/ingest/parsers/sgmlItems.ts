// 8-K item codes for the item titles a `.txt` header writes out ("Results of Operations and Financial
// Condition" -> 2.02). The `.nc` header already gives codes. Titles of filings before the 2004-08-23 8-K
// renumbering (Item 7 was "Financial statements and exhibits") stay as written.

const TITLES: [string, string][] = [
  ['1.01', 'Entry into a Material Definitive Agreement'],
  ['1.02', 'Termination of a Material Definitive Agreement'],
  ['1.03', 'Bankruptcy or Receivership'],
  ['1.04', 'Mine Safety - Reporting of Shutdowns and Patterns of Violations'],
  ['1.05', 'Material Cybersecurity Incidents'],
  ['2.01', 'Completion of Acquisition or Disposition of Assets'],
  ['2.02', 'Results of Operations and Financial Condition'],
  ['2.03', 'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement'],
  ['2.04', 'Triggering Events That Accelerate or Increase a Direct Financial Obligation'],
  ['2.05', 'Costs Associated with Exit or Disposal Activities'],
  ['2.06', 'Material Impairments'],
  ['3.01', 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard'],
  ['3.02', 'Unregistered Sales of Equity Securities'],
  ['3.03', 'Material Modification to Rights of Security Holders'],
  ['4.01', "Changes in Registrant's Certifying Accountant"],
  ['4.02', 'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report'],
  ['5.01', 'Changes in Control of Registrant'],
  ['5.02', 'Departure of Directors or Certain Officers'],
  ['5.02', 'Departure of Directors or Principal Officers'],
  ['5.03', 'Amendments to Articles of Incorporation or Bylaws'],
  ['5.04', "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans"],
  ['5.05', "Amendments to the Registrant's Code of Ethics"],
  ['5.06', 'Change in Shell Company Status'],
  ['5.07', 'Submission of Matters to a Vote of Security Holders'],
  ['5.08', 'Shareholder Director Nominations'],
  ['6.01', 'ABS Informational and Computational Material'],
  ['6.02', 'Change of Servicer or Trustee'],
  ['6.03', 'Change in Credit Enhancement or Other External Support'],
  ['6.04', 'Failure to Make a Required Distribution'],
  ['6.05', 'Securities Act Updating Disclosure'],
  ['7.01', 'Regulation FD Disclosure'],
  ['8.01', 'Other Events'],
  ['9.01', 'Financial Statements and Exhibits'],
];

const letters = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
const KEYS = TITLES.map(([code, title]) => [code, letters(title).slice(0, 24)] as const);

/** The item code for a written-out title of a filing made on `filed` (YYYY-MM-DD), else the title itself. */
export function itemCode(title: string, filed: string | null): string {
  const t = title.trim();
  if (/^\d{1,2}\.\d{2}$/.test(t) || filed === null || filed < '2004-08-23') return t;
  const l = letters(t);
  return KEYS.find(([, key]) => l.startsWith(key))?.[0] ?? t;
}
