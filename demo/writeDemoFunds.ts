// Writes the demo funds' N-PORT reports as EDGAR full submissions (NPORT-P XML inside the SGML container whose header
// lists the series and classes with their tickers, as EDGAR writes it), one per fund and quarter end of the ownership
// years, ready for ingestPaths. The ETF holds every demo company; the mutual fund holds most of them and a demo bond.
import fs from 'node:fs';
import path from 'node:path';
import type { DemoCompany } from './DemoCompany.ts';
import type { DemoYears } from './writeDemoSources.ts';
import { DEMO_FUNDS, type DemoFund } from './demoFunds.ts';
import { cusipOfCompany, priceOn } from './ownershipCast.ts';
import { cusipOf } from './cusipCheckDigit.ts';
import { isinOf } from './isinOf.ts';
import { nportXml, type DemoNportHolding, type DemoNportReport } from './nportXml.ts';
import { secSubmission } from './secSubmission.ts';
import { addDays, monthEnd, nextBusinessDay } from './isoDate.ts';
import { jitter, prng } from './prng.ts';
import { OWNERSHIP_YEARS } from './writeDemoOwnership.ts';

/** A demo bond the mutual fund holds (a CUSIP outside the demo companies' 9xxxxx10 pattern). */
const DEMO_BOND = { name: 'Demo Treasury Trust (DEMO DATA)', title: 'Demo Treasury Note 4.25% 2030', cusip: cusipOf('99DEMOT4') };

function holdingsOf(fund: DemoFund, companies: readonly DemoCompany[], quarterEnd: string, q: number, netAssets: number): DemoNportHolding[] {
  const random = prng(fund.seed * 1000 + q);
  const held = fund.kind === 'etf' ? companies : companies.filter((_, i) => i % 3 !== 2);
  const equityShare = fund.kind === 'etf' ? 0.985 : 0.7;
  const weights = held.map(() => jitter(random, 0.3));
  const total = weights.reduce((a, b) => a + b, 0);
  const rows: DemoNportHolding[] = held.map((company, i) => {
    const price = priceOn(company, quarterEnd);
    const shares = Math.round((netAssets * equityShare * (weights[i] ?? 1)) / total / price);
    const valueUsd = Math.round(shares * price * 100) / 100;
    const cusip = cusipOfCompany(company);
    return {
      name: company.name.replace(/ \(DEMO DATA\)$/, ''), title: `${company.name.replace(/ \(DEMO DATA\)$/, '')} Common Stock`,
      cusip, isin: isinOf('US', cusip), balance: shares, units: 'NS', valueUsd, pctVal: (100 * valueUsd) / netAssets,
      assetCat: 'EC', issuerCat: 'CORP',
    };
  });
  if (fund.kind === 'mutual-fund') {
    const valueUsd = Math.round(netAssets * 0.25 * 100) / 100;
    rows.push({
      name: DEMO_BOND.name, title: DEMO_BOND.title, cusip: DEMO_BOND.cusip, isin: isinOf('US', DEMO_BOND.cusip),
      balance: Math.round(valueUsd / 0.98), units: 'PA', valueUsd, pctVal: (100 * valueUsd) / netAssets, assetCat: 'DBT', issuerCat: 'UST',
    });
  }
  return rows;
}

function reportAt(fund: DemoFund, companies: readonly DemoCompany[], year: number, month: number, q: number, netAssets: number): DemoNportReport {
  const random = prng(fund.seed * 7919 + q);
  const quarterEnd = monthEnd(year, month);
  const holdings = holdingsOf(fund, companies, quarterEnd, q, netAssets);
  const invested = holdings.reduce((s, h) => s + h.valueUsd, 0);
  const totLiabs = Math.round(netAssets * 0.004 * 100) / 100;
  const totAssets = Math.round((netAssets + totLiabs) * 100) / 100;
  const base = [0, 1, 2].map(() => Math.round((random() * 6 - 2) * 100) / 100) as [number, number, number];
  const returns = new Map(fund.classes.map((c) => {
    // classes differ by their expense ratio, a twelfth of it a month
    const drag = c.expenseRatio / 12;
    return [c.classId, base.map((r) => Math.round((r - drag) * 100) / 100) as [number, number, number]] as const;
  }));
  const flows = [0, 1, 2].map(() => ({
    sales: Math.round(netAssets * 0.02 * jitter(random, 0.5) * 100) / 100,
    reinvestment: fund.kind === 'etf' ? 0 : Math.round(netAssets * 0.002 * jitter(random, 0.5) * 100) / 100,
    redemption: Math.round(netAssets * 0.015 * jitter(random, 0.5) * 100) / 100,
  }));
  if (invested > totAssets) throw new Error(`demo fund ${fund.seriesId}: holdings exceed total assets`);
  return {
    fund, repPdEnd: monthEnd(year, 12), repPdDate: quarterEnd, totAssets, totLiabs, netAssets: Math.round(netAssets * 100) / 100,
    returns, flows, holdings, isFinal: false,
  };
}

/** One NPORT-P submission per demo fund and quarter end of the last OWNERSHIP_YEARS demo years; returns the files. */
export function writeDemoFunds(dir: string, companies: readonly DemoCompany[], years: DemoYears): string[] {
  const files: string[] = [];
  fs.mkdirSync(path.join(dir, 'nport'), { recursive: true });
  for (const fund of DEMO_FUNDS) {
    let netAssets = fund.baseNetAssets;
    let q = 0;
    const sequence = new Map<string, number>();
    for (let year = years.last - OWNERSHIP_YEARS + 1; year <= years.last; year++) {
      for (const month of [3, 6, 9, 12]) {
        const report = reportAt(fund, companies, year, month, q, netAssets);
        const filed = nextBusinessDay(addDays(report.repPdDate, 59));
        const yy = filed.slice(2, 4);
        const seq = (sequence.get(yy) ?? 0) + 1;
        sequence.set(yy, seq);
        const accession = `${String(fund.cik).padStart(10, '0')}-${yy}-${String(seq).padStart(6, '0')}`;
        const text = secSubmission({
          accession, form: 'NPORT-P', period: report.repPdDate, filed,
          parties: [{ role: 'FILER', name: fund.registrantName, cik: fund.cik }],
          documents: [{ type: 'NPORT-P', filename: 'primary_doc.xml', xml: nportXml(report) }],
          series: [{ ownerCik: fund.cik, seriesId: fund.seriesId, seriesName: fund.seriesName, classes: fund.classes }],
        });
        const file = path.join(dir, 'nport', `${accession}.txt`);
        fs.writeFileSync(file, text);
        files.push(file);
        netAssets *= 1.015 + 0.01 * Math.sin(q + fund.seed);
        q++;
      }
    }
  }
  return files;
}
