// The demo IPO issuers' prospectuses as EDGAR full submissions under the accessions their submissions JSON lists: the
// S-1/F-1 (cover without a price yet) and its amendment (the price range), each with the filing-fee exhibit (Exhibit
// 107) registering the offering at the top of the range with the over-allotment shares, and the 424B4 final
// prospectus with its pricing table. Covers follow Item 501 of Regulation S-K: shares offered, price or range, the
// underwriters' option, the proposed ticker and market; sections follow (Prospectus Summary, Risk Factors, ...).
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_IPOS, ipoAccession, ipoPrimaryDocument, type DemoIpo, type DemoIpoFiling, type DemoIpoTerms } from './demoIpos.ts';
import { secSubmission, type SubmissionDocument } from './secSubmission.ts';
import { xmlText } from './xmlText.ts';

/** Section 6(b) fee rate per dollar by the SEC's fiscal year, which starts on October 1. */
const FEE_RATE: Record<number, number> = { 2024: 0.0001476, 2025: 0.0001531, 2026: 0.0001381 };

function feeRate(filed: string): number {
  const year = Number(filed.slice(0, 4)) + (Number(filed.slice(5, 7)) >= 10 ? 1 : 0);
  return FEE_RATE[year] ?? 0.0001531;
}

const count = (n: number) => n.toLocaleString('en-US');
const usd = (n: number, decimals = 2) => `$${n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
/** The fee, rounded up to the cent as the SEC computes it. */
const feeOf = (amount: number, rate: number) => Math.ceil(amount * rate * 100 - 1e-4) / 100;

function security(form: string): string {
  return form.startsWith('F-') ? 'ordinary shares' : 'shares of common stock';
}

function feeExhibit(ipo: DemoIpo, f: DemoIpoFiling, t: DemoIpoTerms): string {
  const rate = feeRate(f.filed);
  const amount = (t.shares + t.overAllotment) * t.rangeHigh;
  const fee = feeOf(amount, rate);
  const title = f.form.startsWith('F-') ? 'Ordinary shares, nominal value NOK 0.10 per share' : 'Common stock, $0.0001 par value per share';
  const td = (s: string) => `<td>${s}</td>`;
  return `<html><body>
<p>EX-FILING FEES</p>
<p>Calculation of Filing Fee Tables</p>
<p>Form ${f.form.replace('/A', '')}</p><p>(Form Type)</p>
<p>${xmlText(ipo.name)}</p><p>(Exact Name of Registrant as Specified in its Charter)</p>
<p>Table 1: Newly Registered Securities</p>
<table>
<tr>${['', 'Security Type', 'Security Class Title', 'Fee Calculation Rule', 'Amount Registered', 'Proposed Maximum Offering Price Per Unit', 'Maximum Aggregate Offering Price(1)', 'Fee Rate', 'Amount of Registration Fee'].map(td).join('')}</tr>
<tr>${['Fees to Be Paid', 'Equity', `${title}(2)`, '457(o)', '', '', usd(amount, 0), rate.toFixed(7), usd(fee)].map(td).join('')}</tr>
<tr>${['Total Offering Amounts', usd(amount, 0), '', usd(fee)].map(td).join('')}</tr>
<tr>${['Total Fees Previously Paid', '', '', '—'].map(td).join('')}</tr>
<tr>${['Total Fee Offsets', '', '', '—'].map(td).join('')}</tr>
<tr>${['Net Fee Due', '', '', usd(fee)].map(td).join('')}</tr>
</table>
<p>(1) Estimated solely for the purpose of calculating the registration fee pursuant to Rule 457(o) under the Securities Act of 1933.</p>
<p>(2) Includes ${count(t.overAllotment)} ${security(f.form)} that the underwriters have the option to purchase.</p>
</body></html>`;
}

function cover(ipo: DemoIpo, f: DemoIpoFiling, t: DemoIpoTerms): string {
  const what = security(f.form);
  const name = xmlText(ipo.name);
  const final = f.form === '424B4' && t.price !== null;
  const amended = f.form.endsWith('/A');
  const pricing = final && t.price !== null ? (() => {
    const price = t.price;
    const discount = Math.round(price * 0.07 * 100) / 100;
    return `<table>
<tr><td></td><td>Per Share</td><td>Total</td></tr>
<tr><td>Initial public offering price</td><td>$</td><td>${price.toFixed(2)}</td><td>$</td><td>${count(price * t.shares)}</td></tr>
<tr><td>Underwriting discounts and commissions(1)</td><td>$</td><td>${discount.toFixed(2)}</td><td>$</td><td>${count(Math.round(discount * t.shares))}</td></tr>
<tr><td>Proceeds, before expenses, to us</td><td>$</td><td>${(price - discount).toFixed(2)}</td><td>$</td><td>${count(Math.round((price - discount) * t.shares))}</td></tr>
</table>
<p>(1) See “Underwriting” for additional information regarding underwriting compensation.</p>`;
  })() : '';
  const priceSentence = final && t.price !== null
    ? `<p>This is an initial public offering of ${what} of ${name}. We are offering ${count(t.shares)} ${what}. The initial public offering price is $${t.price.toFixed(2)} per share.</p>`
    : amended
      ? `<p>This is an initial public offering of ${what} of ${name}. We are offering ${count(t.shares)} ${what}. We anticipate that the initial public offering price will be between $${t.rangeLow.toFixed(2)} and $${t.rangeHigh.toFixed(2)} per share.</p>`
      : `<p>This is an initial public offering of ${what} of ${name}. We are offering ${count(t.shares)} ${what}. No public market currently exists for our shares. We anticipate that the initial public offering price will be between $ and $ per share.</p>`;
  const listing = final
    ? `<p>Our ${what.replace(/^shares of /, '')} has been approved for listing on the ${t.market} under the symbol “${t.ticker}”.</p>`
    : `<p>We intend to apply to list our ${what.replace(/^shares of /, '')} on the ${t.market} under the symbol “${t.ticker}”.</p>`;
  const preliminary = final ? '' : `<p>The information in this preliminary prospectus is not complete and may be changed. We may not sell these securities until the registration statement filed with the Securities and Exchange Commission is effective.</p>
<p>SUBJECT TO COMPLETION, DATED ${f.filed}</p>
<p>PRELIMINARY PROSPECTUS</p>`;
  const registration = final ? `<p>Filed Pursuant to Rule 424(b)(4)<br>Registration No. 333-${String(280000 + (ipo.cik % 1000))}</p>` : `<p>As filed with the Securities and Exchange Commission on ${f.filed}</p>
<p>Registration No. 333-${String(280000 + (ipo.cik % 1000))}</p>
<p>UNITED STATES SECURITIES AND EXCHANGE COMMISSION<br>Washington, D.C. 20549</p>
<p>FORM ${f.form}<br>REGISTRATION STATEMENT UNDER THE SECURITIES ACT OF 1933</p>
<p>${name}<br>(Exact name of registrant as specified in its charter)</p>
<p>The registrant hereby amends this registration statement on such date or dates as may be necessary to delay its effective date.</p>`;
  return `<html><body>
${registration}
${preliminary}
<p>${count(t.shares)} Shares</p>
<p>${name}</p>
${priceSentence}
${listing}
<p>Investing in our ${what.replace(/^shares of /, '')} involves a high degree of risk. See “Risk Factors” beginning on page 12.</p>
${pricing}
<p>We have granted the underwriters an option for a period of 30 days to purchase up to ${count(t.overAllotment)} additional ${what} at the initial public offering price, less underwriting discounts and commissions.</p>
<p>Neither the Securities and Exchange Commission nor any state securities commission has approved or disapproved of these securities.</p>
<p>${xmlText(t.underwriter)}</p>
<p>The date of this prospectus is ${f.filed}.</p>
<p style="text-align:center"><b>PROSPECTUS SUMMARY</b></p>
<p>This summary highlights information contained elsewhere in this prospectus. ${name} is a synthetic demo issuer generated by this project; it is not a real company.</p>
<p style="text-align:center"><b>THE OFFERING</b></p>
<p>${what.replace(/^./, (c) => c.toUpperCase())} offered by us: ${count(t.shares)} shares (or ${count(t.shares + t.overAllotment)} shares if the underwriters exercise their option in full).</p>
<p style="text-align:center"><b>RISK FACTORS</b></p>
<p>An investment in our shares involves a high degree of risk. We have a limited operating history and may never achieve profitability.</p>
<p style="text-align:center"><b>USE OF PROCEEDS</b></p>
<p>We intend to use the net proceeds from this offering for working capital and general corporate purposes.</p>
<p style="text-align:center"><b>UNDERWRITING</b></p>
<p>${xmlText(t.underwriter)} is acting as the sole book-running manager of this offering.</p>
</body></html>`;
}

const PROSPECTUS_FORMS = new Set(['S-1', 'S-1/A', 'F-1', 'F-1/A', '424B4']);

/** The full submissions of one deal's prospectus filings, keyed by accession. */
export function ipoDocuments(ipo: DemoIpo): { accession: string; text: string }[] {
  const t = ipo.terms;
  if (!t) return [];
  const parties = [{ role: 'FILER' as const, name: ipo.name, cik: ipo.cik }];
  return ipo.filings.filter((f) => PROSPECTUS_FORMS.has(f.form) && (f.form !== '424B4' || t.price !== null)).map((f) => {
    const accession = ipoAccession(ipo, f);
    const documents: SubmissionDocument[] = [{ type: f.form, filename: ipoPrimaryDocument(ipo, f), xml: cover(ipo, f, t) }];
    if (f.form !== '424B4') documents.push({ type: 'EX-FILING FEES', filename: `d${String(ipo.cik % 1000)}dex107.htm`, xml: feeExhibit(ipo, f, t) });
    return { accession, text: secSubmission({ accession, form: f.form, period: null, filed: f.filed, parties, documents }) };
  });
}

/** Writes every demo deal's prospectus filings into `dir/ipo-documents`; returns the files. */
export function writeDemoIpoDocuments(dir: string, ipos: readonly DemoIpo[] = DEMO_IPOS): string[] {
  const folder = path.join(dir, 'ipo-documents');
  fs.mkdirSync(folder, { recursive: true });
  return ipos.flatMap(ipoDocuments).map(({ accession, text }) => {
    const file = path.join(folder, `${accession}.txt`);
    fs.writeFileSync(file, text);
    return file;
  });
}
