// The named sections of registration statements and prospectuses (S-1, F-1, S-3, 424B...): a line that is only
// the section's title, in any case ("RISK FACTORS", "Use of Proceeds").
import type { TextLine } from './textLines.ts';
import type { Heading } from './Heading.ts';

const NAMED: [code: string, titles: RegExp][] = [
  ['prospectus-summary', /^(prospectus summary|summary|summary of the prospectus|the prospectus summary)$/],
  ['the-offering', /^(the offering|the offering summary|summary of the offering)$/],
  ['risk-factors', /^(risk factors|summary risk factors)$/],
  ['forward-looking-statements', /^(special note regarding|cautionary (note|statement) regarding|note regarding|information regarding) forward[- ]looking statements$/],
  ['use-of-proceeds', /^use of proceeds$/],
  ['dividend-policy', /^(dividend policy|dividends?)$/],
  ['capitalization', /^capitali[sz]ation$/],
  ['dilution', /^dilution$/],
  ['mdna', /^management's discussion and analysis of financial condition and results of operations?$/],
  ['business', /^(business|information on the company)$/],
  ['management', /^(management|directors and executive officers|directors, executive officers and corporate governance)$/],
  ['executive-compensation', /^executive compensation$/],
  ['related-party-transactions', /^certain relationships and related (party|person) transactions$/],
  ['principal-stockholders', /^principal (and selling )?(stockholders|shareholders)$|^security ownership of certain beneficial owners and management$/],
  ['selling-stockholders', /^selling (stockholders|shareholders|securityholders)$/],
  ['description-of-securities', /^description of (capital stock|share capital|securities|the securities|our capital stock|common stock)$/],
  ['shares-eligible-for-future-sale', /^shares eligible for future sale$/],
  ['taxation', /^((certain )?(material )?(u\.s\. federal income tax|united states federal income tax)( considerations| consequences)( to (non-)?u\.s\. holders)?( of (our )?common stock)?|taxation)$/],
  ['underwriting', /^underwriting( \(conflicts? of interest\))?$/],
  ['plan-of-distribution', /^plan of distribution( \(conflicts? of interest\))?$/],
  ['legal-matters', /^(legal matters|validity of (the )?(common stock|securities))$/],
  ['experts', /^experts$/],
  ['where-you-can-find-more-information', /^where you can find (more|additional) information$/],
  ['incorporation-by-reference', /^(incorporation of certain information by reference|information incorporated by reference)$/],
  ['financial-statements', /^(index to (consolidated )?financial statements)$/],
];

export function namedHeadings(lines: readonly TextLine[]): Heading[] {
  const out: Heading[] = [];
  lines.forEach((l, i) => {
    if (l.norm.length > 110) return;
    const key = l.norm.toLowerCase().replace(/[.:\s]+$/, '');
    const at = NAMED.findIndex(([, re]) => re.test(key));
    const named = NAMED[at];
    if (named) out.push({ line: i, start: l.start, code: named[0], order: at, title: l.norm.replace(/[.:\s]+$/, '') });
  });
  return out;
}
