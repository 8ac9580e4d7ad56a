// Writes the demo companies' ownership filings as EDGAR full submissions: Forms 4 of their insiders, 13F-HR reports of
// the demo managers, Schedule 13G of their largest holders, and a CUSIP map tying each CUSIP to its ticker, ready for
// ingestPaths. The dates follow DemoYears so the same years always yield the same files.
import { defined } from '../engine/query/defined.ts';
import fs from 'node:fs';
import path from 'node:path';
import type { DemoCompany } from './DemoCompany.ts';
import type { DemoYears } from './writeDemoSources.ts';
import { DEMO_MANAGERS, cusipOfCompany, insidersOf, priceOn, sharesOutstandingOn, type DemoInsider } from './ownershipCast.ts';
import { form4Xml, type DemoTrade } from './form4Xml.ts';
import { form13fCoverXml, form13fInfoTableXml, type DemoPosition } from './form13fXml.ts';
import { schedule13gXml } from './schedule13gXml.ts';
import { secSubmission } from './secSubmission.ts';
import { addDays, monthEnd, nextBusinessDay } from './isoDate.ts';

/** Ownership filings cover the last two demo years (13F quarters, Forms 4); enough to compare quarters and windows. */
export const OWNERSHIP_YEARS = 2;

export interface WrittenOwnership {
  form4: string[];
  form13f: string[];
  schedule13g: string[];
  cusipMap: string;
}

/** EDGAR accession: filer-agent CIK, two-digit year, sequence within that year. */
function accessionNumbers(): (filer: number, filed: string) => string {
  const next = new Map<string, number>();
  return (filer, filed) => {
    const key = `${String(filer)}-${filed.slice(2, 4)}`;
    const seq = (next.get(key) ?? 0) + 1;
    next.set(key, seq);
    return `${String(filer).padStart(10, '0')}-${filed.slice(2, 4)}-${String(seq).padStart(6, '0')}`;
  };
}

interface PlannedForm4 {
  owner: DemoInsider;
  date: string;
  trades: (held: number) => DemoTrade[];
}

/** A year of one company's insider activity: annual awards, the CEO's quarterly sales, the director's purchases, the CFO's option exercise. */
function insiderYear(company: DemoCompany, insiders: DemoInsider[], year: number): PlannedForm4[] {
  const [ceo, cfo, director] = insiders as [DemoInsider, DemoInsider, DemoInsider];
  const day = (month: number, d: number) => nextBusinessDay(`${String(year)}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
  const lot = (owner: DemoInsider, fraction: number) => Math.max(100, Math.round((owner.initialShares * fraction) / 100) * 100);
  const common = 'Common Stock';
  const plans: PlannedForm4[] = [];
  for (const owner of insiders) {
    const date = day(2, 20);
    plans.push({ owner, date, trades: (held) => [{ derivative: false, securityTitle: common, date, code: 'A', shares: lot(owner, 0.04), price: 0, acquiredDisposed: 'A', sharesAfter: held + lot(owner, 0.04) }] });
  }
  for (const month of [3, 6, 9, 12]) {
    const date = day(month, 10);
    const price = priceOn(company, date);
    plans.push({ owner: ceo, date, trades: (held) => [{ derivative: false, securityTitle: common, date, code: 'S', shares: lot(ceo, 0.015), price, acquiredDisposed: 'D', sharesAfter: held - lot(ceo, 0.015), footnoteId: 'F2' }] });
  }
  for (const month of [5, 11]) {
    const date = day(month, 15);
    const price = priceOn(company, date);
    plans.push({ owner: director, date, trades: (held) => [{ derivative: false, securityTitle: common, date, code: 'P', shares: lot(director, 0.1), price, acquiredDisposed: 'A', sharesAfter: held + lot(director, 0.1) }] });
  }
  const date = day(8, 12);
  const strike = Math.round(priceOn(company, `${String(year - 4)}-08-12`) * 100) / 100;
  const shares = lot(cfo, 0.05);
  plans.push({
    owner: cfo, date, trades: (held) => [
      { derivative: true, securityTitle: 'Stock Option (Right to Buy)', date, code: 'M', shares, price: 0, acquiredDisposed: 'D', sharesAfter: shares * 3, exercisePrice: strike, expirationDate: `${String(year + 6)}-08-12`, underlyingShares: shares },
      { derivative: false, securityTitle: common, date, code: 'M', shares, price: strike, acquiredDisposed: 'A', sharesAfter: held + shares },
      { derivative: false, securityTitle: common, date, code: 'S', shares, price: priceOn(company, date), acquiredDisposed: 'D', sharesAfter: held, footnoteId: 'F2' },
    ],
  });
  return plans.sort((a, b) => a.date.localeCompare(b.date) || a.owner.cik - b.owner.cik);
}

const FOOTNOTES = [
  { id: 'F1', text: 'The option vested in four equal annual installments from the grant date.' },
  { id: 'F2', text: 'The price reported is a weighted average; the shares were sold in multiple transactions on the same day (DEMO DATA).' },
];

function writeForm4s(dir: string, companies: readonly DemoCompany[], years: DemoYears, accession: (filer: number, filed: string) => string): string[] {
  const files: string[] = [];
  companies.forEach((company, index) => {
    const insiders = insidersOf(company, index);
    const held = new Map(insiders.map((i) => [i.cik, i.initialShares]));
    for (let year = years.last - OWNERSHIP_YEARS + 1; year <= years.last; year++) {
      for (const plan of insiderYear(company, insiders, year)) {
        const trades = plan.trades(defined(held.get(plan.owner.cik), 'held.get(plan.owner.cik)'));
        const last = trades.filter((t) => !t.derivative).at(-1);
        if (last) held.set(plan.owner.cik, last.sharesAfter);
        const filed = nextBusinessDay(addDays(plan.date, 2));
        const acc = accession(plan.owner.cik, filed);
        const footnotes = FOOTNOTES.filter((f) => trades.some((t) => t.footnoteId === f.id || (f.id === 'F1' && t.derivative)));
        const xml = form4Xml({ issuer: company, owner: plan.owner, periodOfReport: plan.date, signatureDate: filed, trades, footnotes });
        const text = secSubmission({
          accession: acc, form: '4', period: plan.date, filed,
          parties: [{ role: 'REPORTING-OWNER', name: plan.owner.name, cik: plan.owner.cik }, { role: 'ISSUER', name: company.name, cik: company.cik }],
          documents: [{ type: '4', filename: 'form4.xml', xml }],
        });
        files.push(write(dir, acc, text));
      }
    }
  });
  return files;
}

/** Each manager's positions at a quarter end: its target share of every company, jittered, with some positions opened and closed. */
function positionsAt(companies: readonly DemoCompany[], managerIndex: number, quarter: number, quarterEnd: string): DemoPosition[] {
  const manager = defined(DEMO_MANAGERS[managerIndex], 'DEMO_MANAGERS[managerIndex]');
  const positions: DemoPosition[] = [];
  companies.forEach((company, i) => {
    if (managerIndex === 3 && (quarter + i) % 5 === 0) return;
    const wobble = 1 + 0.08 * Math.sin(quarter * 1.7 + i * 2.3 + managerIndex);
    const shares = Math.round((sharesOutstandingOn(company, quarterEnd) * manager.targetFraction * wobble) / 100) * 100;
    const price = priceOn(company, quarterEnd);
    positions.push({ nameOfIssuer: company.name.replace(/ \(DEMO DATA\)$/, '').toUpperCase(), cusip: cusipOfCompany(company), value: Math.round(shares * price), shares, putCall: null });
    if (managerIndex === 2 && i === 0) {
      const contracts = Math.round(shares / 10 / 100) * 100;
      positions.push({ nameOfIssuer: company.name.replace(/ \(DEMO DATA\)$/, '').toUpperCase(), cusip: cusipOfCompany(company), value: Math.round(contracts * price), shares: contracts, putCall: 'Call' });
    }
  });
  return positions;
}

function writeForm13fs(dir: string, companies: readonly DemoCompany[], years: DemoYears, accession: (filer: number, filed: string) => string): string[] {
  const files: string[] = [];
  let quarter = 0;
  for (let year = years.last - OWNERSHIP_YEARS + 1; year <= years.last; year++) {
    for (const month of [3, 6, 9, 12]) {
      const quarterEnd = monthEnd(year, month);
      const filed = nextBusinessDay(addDays(quarterEnd, 44));
      DEMO_MANAGERS.forEach((manager, m) => {
        const positions = positionsAt(companies, m, quarter, quarterEnd);
        const acc = accession(manager.cik, filed);
        const text = secSubmission({
          accession: acc, form: '13F-HR', period: quarterEnd, filed,
          parties: [{ role: 'FILER', name: manager.name, cik: manager.cik }],
          documents: [
            { type: '13F-HR', filename: 'primary_doc.xml', xml: form13fCoverXml(manager, quarterEnd, filed, positions) },
            { type: 'INFORMATION TABLE', filename: 'infotable.xml', xml: form13fInfoTableXml(positions) },
          ],
        });
        files.push(write(dir, acc, text));
      });
      quarter++;
    }
  }
  return files;
}

/** The largest manager reports each company on Schedule 13G after the last year end, from its year-end position. */
function writeSchedule13gs(dir: string, companies: readonly DemoCompany[], years: DemoYears, accession: (filer: number, filed: string) => string): string[] {
  const eventDate = `${String(years.last)}-12-31`;
  const filed = nextBusinessDay(`${String(years.last + 1)}-02-14`);
  const lastQuarter = OWNERSHIP_YEARS * 4 - 1;
  const filer = defined(DEMO_MANAGERS[0], 'DEMO_MANAGERS[0]');
  const held = positionsAt(companies, 0, lastQuarter, eventDate);
  return companies.map((company) => {
    const cusip = cusipOfCompany(company);
    const shares = defined(held.find((p) => p.cusip === cusip && !p.putCall), 'held.find((p) => p.cusip === cusip && !p.putCall)').shares;
    const percentOfClass = Math.round((shares / sharesOutstandingOn(company, eventDate)) * 1000) / 10;
    const acc = accession(filer.cik, filed);
    const text = secSubmission({
      accession: acc, form: 'SCHEDULE 13G', period: eventDate, filed,
      parties: [{ role: 'SUBJECT COMPANY', name: company.name, cik: company.cik }, { role: 'FILED BY', name: filer.name, cik: filer.cik }],
      documents: [{ type: 'SCHEDULE 13G', filename: 'primary_doc.xml', xml: schedule13gXml({ issuer: company, cusip, filer, eventDate, shares, percentOfClass }) }],
    });
    return write(dir, acc, text);
  });
}

function write(dir: string, accession: string, text: string): string {
  const file = path.join(dir, `${accession}.txt`);
  fs.writeFileSync(file, text);
  return file;
}

export function writeDemoOwnership(dir: string, companies: readonly DemoCompany[], years: DemoYears): WrittenOwnership {
  const out = path.join(dir, 'ownership');
  fs.mkdirSync(out, { recursive: true });
  const accession = accessionNumbers();
  const cusipMap = path.join(out, 'cusip-map.csv');
  fs.writeFileSync(cusipMap, `cusip,ticker,cik,name\n${companies.map((c) => `${cusipOfCompany(c)},${c.ticker},${String(c.cik)},"${c.name}"`).join('\n')}\n`);
  return {
    form4: writeForm4s(out, companies, years, accession),
    form13f: writeForm13fs(out, companies, years, accession),
    schedule13g: writeSchedule13gs(out, companies, years, accession),
    cusipMap,
  };
}
