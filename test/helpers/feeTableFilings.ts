// Registration statements of the vintages the fixtures lack, written as EDGAR full submissions whose cover page
// carries a "CALCULATION OF REGISTRATION FEE" table laid out as filers of each era did: a 1996 plain-text S-1
// (fixed-width columns, leader dots, a rights row of footnote placeholders), a 2003 HTML S-3 shelf (dollar signs in
// cells of their own, a total row), a 2008 S-8 whose table is preformatted text inside HTML, and a 2012 424B2
// (Rule 457(r) pay-as-you-go: aggregate and fee only), and a 2005 SB-2 whose preformatted table wraps its titles over
// two and three lines. Every fee is the aggregate times the rate the document states.
import fs from 'node:fs';
import path from 'node:path';

export interface FeeTableFiling {
  accession: string;
  form: string;
  filed: string;
  cik: number;
  name: string;
  /** The full submission's text. */
  raw: string;
}

interface Security { title: string; amount: number | null; unit: string; price: number | null; aggregate: number | null }

const usd = (n: number, decimals = 0) => `$${n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
const count = (n: number) => n.toLocaleString('en-US');
/** The SEC rounds a registration fee up to the next cent (to the dollar in the 1990s tables). */
const feeOf = (aggregate: number, rate: number, decimals: number) => Math.ceil(aggregate * rate * 10 ** decimals - 1e-4) / 10 ** decimals;

function submission(f: Omit<FeeTableFiling, 'raw'>, documentText: string, html: boolean): FeeTableFiling {
  const filed = f.filed.replace(/-/g, '');
  const raw = [
    `<SEC-DOCUMENT>${f.accession}.txt : ${filed}`,
    `<SEC-HEADER>${f.accession}.hdr.sgml : ${filed}`,
    `ACCESSION NUMBER:\t\t${f.accession}`,
    `CONFORMED SUBMISSION TYPE:\t${f.form}`,
    'PUBLIC DOCUMENT COUNT:\t\t1',
    `FILED AS OF DATE:\t\t${filed}`,
    '',
    'FILER:',
    '',
    '\tCOMPANY DATA:\t',
    `\t\tCOMPANY CONFORMED NAME:\t\t\t${f.name}`,
    `\t\tCENTRAL INDEX KEY:\t\t\t${String(f.cik).padStart(10, '0')}`,
    '',
    '\tFILING VALUES:',
    `\t\tFORM TYPE:\t\t${f.form}`,
    '\t\tSEC ACT:\t\t1933 Act',
    `\t\tSEC FILE NUMBER:\t333-${String(f.cik % 100000).padStart(5, '0')}`,
    '</SEC-HEADER>',
    '<DOCUMENT>',
    `<TYPE>${f.form}`,
    '<SEQUENCE>1',
    `<FILENAME>${html ? 'd1.htm' : 'd1.txt'}`,
    `<DESCRIPTION>${f.form}`,
    '<TEXT>',
    documentText,
    '</TEXT>',
    '</DOCUMENT>',
    '</SEC-DOCUMENT>',
    '',
  ].join('\n');
  return { ...f, raw };
}

function s1PlainText1996(): FeeTableFiling {
  const rate = 1 / 2900; // 1/29 of one percent
  const stock: Security = { title: 'Common Stock, $.01 par value', amount: 2_300_000, unit: 'shares', price: 14, aggregate: 32_200_000 };
  const fee = feeOf(32_200_000, rate, 0);
  const pad = (s: string, n: number) => s.padEnd(n);
  const row = `${pad(`${stock.title}......`, 34)}${pad(`${count(2_300_000)} shares`, 19)}${pad('$14.00', 14)}${pad(usd(32_200_000), 19)}${usd(fee)}`;
  const text = [
    '                       SECURITIES AND EXCHANGE COMMISSION',
    '                             WASHINGTON, D.C. 20549',
    '                                    FORM S-1',
    '                             REGISTRATION STATEMENT',
    '                                      UNDER',
    '                           THE SECURITIES ACT OF 1933',
    '',
    '                          PRAIRIE VALLEY SOFTWARE, INC.',
    '',
    '                        CALCULATION OF REGISTRATION FEE',
    '',
    '==================================================================================================',
    '                                                      PROPOSED          PROPOSED',
    '                                                      MAXIMUM           MAXIMUM',
    '  TITLE OF EACH CLASS OF         AMOUNT TO BE      OFFERING PRICE      AGGREGATE          AMOUNT OF',
    ' SECURITIES TO BE REGISTERED      REGISTERED        PER SHARE(1)    OFFERING PRICE(1)  REGISTRATION FEE',
    '--------------------------------------------------------------------------------------------------',
    row,
    `${pad('Preferred Stock Purchase', 34)}${pad(`${count(2_300_000)} rights`, 19)}${pad('(2)', 14)}${pad('(2)', 19)}(2)`,
    '  Rights.........................',
    '==================================================================================================',
    '(1) Estimated solely for the purpose of calculating the registration fee pursuant',
    "    to Rule 457(a). Includes 300,000 shares subject to the Underwriters' over-",
    '    allotment option. The fee is calculated at the rate of 1/29 of one percent.',
    '(2) The Rights are attached to and trade with the Common Stock; no separate fee',
    '    is payable.',
    '',
    '    THE REGISTRANT HEREBY AMENDS THIS REGISTRATION STATEMENT ON SUCH DATE OR DATES',
    'AS MAY BE NECESSARY TO DELAY ITS EFFECTIVE DATE.',
    '',
    '                 SUBJECT TO COMPLETION, DATED MARCH 4, 1996',
    '                                2,000,000 SHARES',
    '                          PRAIRIE VALLEY SOFTWARE, INC.',
    '                                  COMMON STOCK',
    '',
    'PROSPECTUS SUMMARY',
    '',
    'The Company develops accounting software for farm cooperatives.',
  ].join('\n');
  return submission({ accession: '0000950109-96-001234', form: 'S-1', filed: '1996-03-04', cik: 1_009_901, name: 'PRAIRIE VALLEY SOFTWARE INC' }, text, false);
}

function s3Html2003(): FeeTableFiling {
  const ratePerMillion = 80.9;
  const securities: Security[] = [
    { title: 'Debt Securities(2)', amount: 300_000_000, unit: '', price: 100, aggregate: 300_000_000 },
    { title: 'Common Stock, par value $0.10 per share(3)', amount: 4_000_000, unit: 'shares', price: 50, aggregate: 200_000_000 },
  ];
  const fees = securities.map((s) => feeOf(s.aggregate ?? 0, ratePerMillion / 1e6, 2));
  const total = securities.reduce((a, s) => a + (s.aggregate ?? 0), 0);
  const totalFee = fees.reduce((a, b) => a + b, 0);
  const td = (s: string) => `<TD VALIGN="bottom">${s}</TD>`;
  const money = (n: number, d: number) => `${td('$')}${td(n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d }))}`;
  const rows = securities.map((s, i) => `<TR>${td(s.title)}${td(s.unit ? `${count(s.amount ?? 0)} ${s.unit}` : usd(s.amount ?? 0))}` +
    `${s.unit ? money(s.price ?? 0, 2) : td(`${String(s.price)}%`)}${money(s.aggregate ?? 0, 0)}${money(fees[i] ?? 0, 2)}</TR>`);
  const html = `<HTML><BODY>
<P ALIGN="center"><B>SECURITIES AND EXCHANGE COMMISSION</B><BR>Washington, D.C. 20549</P>
<P ALIGN="center"><B>FORM S-3</B><BR>REGISTRATION STATEMENT UNDER THE SECURITIES ACT OF 1933</P>
<P ALIGN="center"><B>NORTHERN GRID UTILITIES CORPORATION</B></P>
<P ALIGN="center"><B>CALCULATION OF REGISTRATION FEE</B></P>
<TABLE WIDTH="100%" BORDER="0">
<TR>${td('<B>Title of each class of<BR>securities to be registered</B>')}${td('<B>Amount to be<BR>registered</B>')}${td('<B>Proposed maximum<BR>offering price<BR>per unit(1)</B>')}${td('<B>Proposed maximum<BR>aggregate offering<BR>price(1)</B>')}${td('<B>Amount of<BR>registration fee</B>')}</TR>
${rows.join('\n')}
<TR>${td('Total')}${td('')}${td('')}${money(total, 0)}${money(totalFee, 2)}</TR>
</TABLE>
<P>(1) Estimated solely for the purpose of determining the registration fee pursuant to Rule 457(o). The registration fee has been calculated at $80.90 per $1,000,000 of the proposed maximum aggregate offering price.</P>
<P>(2) Stated as a percentage of the principal amount.</P>
<P>(3) Includes associated preferred share purchase rights.</P>
<P>The registrant hereby amends this registration statement on such date or dates as may be necessary to delay its effective date.</P>
<P ALIGN="center">PROSPECTUS</P>
<P>$500,000,000 Northern Grid Utilities Corporation Debt Securities and Common Stock</P>
</BODY></HTML>`;
  return submission({ accession: '0001047469-03-012345', form: 'S-3', filed: '2003-04-10', cik: 1_009_902, name: 'NORTHERN GRID UTILITIES CORP' }, html, true);
}

function s8Pre2008(): FeeTableFiling {
  const ratePerMillion = 39.3;
  const plans = [
    { title: 'Common Stock, $0.001 par value, 2008 Equity Incentive Plan', shares: 5_000_000, price: 21.37 },
    { title: 'Common Stock, $0.001 par value, 2008 Employee Stock Purchase Plan', shares: 1_500_000, price: 18.16 },
  ];
  const aggregates = plans.map((p) => Math.round(p.shares * p.price * 100) / 100);
  const fees = aggregates.map((a) => feeOf(a, ratePerMillion / 1e6, 2));
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = plans.map((p, i) => `${pad(p.title, 68)}${pad(count(p.shares), 14)}${pad(usd(p.price, 2), 12)}${pad(usd(aggregates[i] ?? 0, 2), 18)}${usd(fees[i] ?? 0, 2)}`);
  const totalAggregate = aggregates.reduce((a, b) => a + b, 0);
  const totalFee = Math.round(fees.reduce((a, b) => a + b, 0) * 100) / 100;
  const html = `<HTML><BODY>
<P ALIGN="center">FORM S-8<BR>REGISTRATION STATEMENT UNDER THE SECURITIES ACT OF 1933</P>
<P ALIGN="center">CASCADE OPTICAL NETWORKS, INC.</P>
<PRE>
                                CALCULATION OF REGISTRATION FEE
-------------------------------------------------------------------------------------------------------------------------
                                                                                 Proposed      Proposed
                                                                     Amount      Maximum       Maximum
Title of Securities                                                  to be       Offering      Aggregate         Amount of
to be Registered                                                     Registered  Price Per     Offering          Registration
                                                                     (1)         Share (2)     Price (2)         Fee
-------------------------------------------------------------------------------------------------------------------------
${lines.join('\n')}
${pad('Total', 68)}${pad(count(plans.reduce((a, p) => a + p.shares, 0)), 14)}${pad('', 12)}${pad(usd(totalAggregate, 2), 18)}${usd(totalFee, 2)}
-------------------------------------------------------------------------------------------------------------------------
(1) Pursuant to Rule 416(a), this registration statement also covers additional shares issuable upon stock splits.
(2) Estimated pursuant to Rules 457(c) and 457(h); the fee is calculated at $39.30 per $1,000,000.
</PRE>
<P>PART I. INFORMATION REQUIRED IN THE SECTION 10(a) PROSPECTUS</P>
</BODY></HTML>`;
  return submission({ accession: '0001193125-08-054321', form: 'S-8', filed: '2008-03-12', cik: 1_009_903, name: 'CASCADE OPTICAL NETWORKS INC' }, html, true);
}

function sb2PreWrapped2005(): FeeTableFiling {
  const ratePerMillion = 117.7;
  // each title wrapped as a filer's typewriter layout did: the amounts on the first line, the title's other lines below
  // with empty amount columns (one with the amount's unit word under it)
  const securities = [
    { lines: ['Units, each consisting of one share of', '  Common Stock and one Redeemable', '  Warrant(2)'], units: 1_150_000, unit: 'units', price: 6 },
    { lines: ['Common Stock, $.001 par value,', '  included in the Units(3)'], units: 1_150_000, unit: 'shares', price: null },
    { lines: ['Redeemable Common Stock Purchase', '  Warrants, each to purchase one', '  share of Common Stock(4)'], units: 1_150_000, unit: 'warrants', price: 7.2 },
    { lines: ["Representative's Warrants"], units: 100_000, unit: '', price: 0.001 },
  ];
  const pad = (s: string, n: number) => s.padEnd(n);
  const aggregates = securities.map((x) => (x.price === null ? null : Math.round(x.units * x.price * 100) / 100));
  const fees = aggregates.map((a) => (a === null ? null : feeOf(a, ratePerMillion / 1e6, 2)));
  const body = securities.flatMap((x, i) => {
    const [first = '', ...rest] = x.lines;
    const aggregate = aggregates[i] ?? null;
    const fee = fees[i] ?? null;
    const row = `${pad(first, 40)}${pad(count(x.units), 14)}${pad(x.price === null ? '(3)' : usd(x.price, x.price < 1 ? 3 : 2), 12)}` +
      `${pad(aggregate === null ? '(3)' : usd(aggregate, 2), 18)}${fee === null ? '(3)' : usd(fee, 2)}`;
    return [row, ...rest.map((l, j) => (j === 0 && x.unit !== '' ? `${pad(l, 40)}${x.unit}` : l))];
  });
  const totalAggregate = aggregates.reduce<number>((a, b) => a + (b ?? 0), 0);
  const totalFee = Math.round(fees.reduce<number>((a, b) => a + (b ?? 0), 0) * 100) / 100;
  const html = `<HTML><BODY>
<P ALIGN="center">FORM SB-2<BR>REGISTRATION STATEMENT UNDER THE SECURITIES ACT OF 1933</P>
<P ALIGN="center">HARBOR LANTERN BREWING COMPANY</P>
<PRE>
                               CALCULATION OF REGISTRATION FEE
===============================================================================================
                                                        Proposed     Proposed
Title of Each Class of                      Amount      Maximum      Maximum
Securities to be                            to be       Offering     Aggregate         Amount of
Registered                                  Registered  Price Per    Offering          Registration
                                                        Unit (1)     Price (1)         Fee
-----------------------------------------------------------------------------------------------
${body.join('\n')}

${pad('Total', 40)}${pad('', 14)}${pad('', 12)}${pad(usd(totalAggregate, 2), 18)}${usd(totalFee, 2)}
===============================================================================================
(1) Estimated solely for the purpose of calculating the registration fee pursuant to Rule 457(a);
    the fee is calculated at $117.70 per $1,000,000.
(2) Includes 150,000 units subject to the underwriters' over-allotment option.
(3) Included in the Units; no separate fee is payable pursuant to Rule 457(i).
(4) Each warrant entitles its holder to purchase one share of Common Stock at $7.20.
</PRE>
<P>The registrant hereby amends this registration statement on such date or dates as may be necessary to delay its effective date.</P>
<P ALIGN="center">PROSPECTUS</P>
</BODY></HTML>`;
  return submission({ accession: '0001019687-05-002468', form: 'SB-2', filed: '2005-06-15', cik: 1_009_905, name: 'HARBOR LANTERN BREWING CO' }, html, true);
}

function b2Html2012(): FeeTableFiling {
  const aggregate = 750_000_000;
  const fee = feeOf(aggregate, 114.6 / 1e6, 2);
  const html = `<html><body>
<p style="text-align:center"><b>CALCULATION OF REGISTRATION FEE</b></p>
<table>
<tr><td><b>Title of Each Class of Securities Offered</b></td><td><b>Maximum Aggregate Offering Price</b></td><td><b>Amount of Registration Fee(1)</b></td></tr>
<tr><td>3.250% Senior Notes due 2022</td><td>${usd(aggregate)}</td><td>${usd(fee, 2)}</td></tr>
</table>
<p>(1) Calculated in accordance with Rule 457(r) of the Securities Act of 1933 at $114.60 per $1,000,000.</p>
<p>Filed Pursuant to Rule 424(b)(2)<br>Registration No. 333-170001</p>
<p style="text-align:center">PROSPECTUS SUPPLEMENT (To Prospectus dated November 1, 2011)</p>
<p style="text-align:center">$750,000,000 Meridian Freight Lines, Inc. 3.250% Senior Notes due 2022</p>
</body></html>`;
  return submission({ accession: '0001193125-12-098765', form: '424B2', filed: '2012-03-01', cik: 1_009_904, name: 'MERIDIAN FREIGHT LINES INC' }, html, true);
}

/** The generated registration statements, one per vintage. */
export function feeTableFilings(): FeeTableFiling[] {
  return [s1PlainText1996(), s3Html2003(), s8Pre2008(), sb2PreWrapped2005(), b2Html2012()];
}

/** Writes the filings as `<accession>.txt` into `dir`; returns the paths. */
export function writeFeeTableFilings(dir: string, filings: readonly FeeTableFiling[] = feeTableFilings()): string[] {
  return filings.map((f) => {
    const file = path.join(dir, `${f.accession}.txt`);
    fs.writeFileSync(file, f.raw);
    return file;
  });
}
