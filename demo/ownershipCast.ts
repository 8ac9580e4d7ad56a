// Who trades and holds the demo companies: each company's CUSIP, share price path and insiders, and the institutional
// managers that file 13F and 13G reports on them. Deterministic; every name says DEMO DATA, every CIK is in the demo range.
import { defined } from '../engine/query/defined.ts';
import type { DemoCompany } from './DemoCompany.ts';
import { cusipOf } from './cusipCheckDigit.ts';
import { toDate } from './isoDate.ts';

export interface DemoInsider {
  cik: number;
  /** SEC style, last name first. */
  name: string;
  isDirector: boolean;
  isOfficer: boolean;
  officerTitle: string | null;
  /** Common shares held before the first generated trade. */
  initialShares: number;
}

export interface DemoManager {
  cik: number;
  name: string;
  fileNumber: string;
  city: string;
  stateOrCountry: string;
  /** Share of each company's outstanding shares this manager aims to hold (before quarterly jitter). */
  targetFraction: number;
}

/** Insiders get CIKs from here, managers from DEMO_MANAGER_CIK; both inside the demo range, above the demo filers. */
export const DEMO_INSIDER_CIK = 9_995_001;
export const DEMO_MANAGER_CIK = 9_998_001;

export const DEMO_MANAGERS: readonly DemoManager[] = Object.freeze([
  { cik: DEMO_MANAGER_CIK, name: 'Demo Harbor Capital Management LP (DEMO DATA)', fileNumber: '028-99001', city: 'BOSTON', stateOrCountry: 'MA', targetFraction: 0.068 },
  { cik: DEMO_MANAGER_CIK + 1, name: 'Demo Ridge Index Advisors LLC (DEMO DATA)', fileNumber: '028-99002', city: 'NEW YORK', stateOrCountry: 'NY', targetFraction: 0.041 },
  { cik: DEMO_MANAGER_CIK + 2, name: 'Demo Lantern Partners LP (DEMO DATA)', fileNumber: '028-99003', city: 'CHICAGO', stateOrCountry: 'IL', targetFraction: 0.017 },
  { cik: DEMO_MANAGER_CIK + 3, name: 'Demo Quarry Asset Management Inc (DEMO DATA)', fileNumber: '028-99004', city: 'DENVER', stateOrCountry: 'CO', targetFraction: 0.009 },
]);

const FIRST_NAMES = ['Alex', 'Jordan', 'Morgan', 'Casey', 'Taylor', 'Riley', 'Jamie', 'Avery', 'Quinn', 'Rowan'];
const LAST_NAMES = ['Sample', 'Example', 'Placeholder', 'Specimen', 'Mockley', 'Testwell', 'Dummett'];

/** Three insiders per company: a CEO who is also a director, a CFO, and an outside director. */
export function insidersOf(company: DemoCompany, index: number): DemoInsider[] {
  const person = (k: number) => `${defined(LAST_NAMES[(index + k) % LAST_NAMES.length], 'LAST_NAMES[(index + k) % LAST_NAMES.length]')} ${defined(FIRST_NAMES[(index * 3 + k) % FIRST_NAMES.length], 'FIRST_NAMES[(index * 3 + k) % FIRST_NAMES.length]')} (DEMO DATA)`;
  const base = DEMO_INSIDER_CIK + index * 10;
  const scale = Math.max(1, Math.round(company.sharesOutstanding / 100e6));
  return [
    { cik: base, name: person(0), isDirector: true, isOfficer: true, officerTitle: 'Chief Executive Officer', initialShares: 1_200_000 * scale },
    { cik: base + 1, name: person(1), isDirector: false, isOfficer: true, officerTitle: 'Chief Financial Officer', initialShares: 310_000 * scale },
    { cik: base + 2, name: person(2), isDirector: true, isOfficer: false, officerTitle: null, initialShares: 42_000 * scale },
  ];
}

/** The common stock's CUSIP: issuer number `9` + the CIK's last five digits, issue `10` (common), check digit. */
export function cusipOfCompany(company: DemoCompany): string {
  return cusipOf(`9${String(company.cik % 100_000).padStart(5, '0')}10`);
}

/** Closing price on a date: a seeded drift with a yearly swing, in dollars and cents. */
export function priceOn(company: DemoCompany, iso: string): number {
  const start = 15 + (company.seed % 170);
  const years = (toDate(iso).getTime() - Date.UTC(2016, 0, 1)) / (365.25 * 86_400_000);
  const swing = 1 + 0.12 * Math.sin(years * 2 * Math.PI + company.seed);
  return Math.round(start * Math.pow(1 + company.annualGrowth + 0.03, years) * swing * 100) / 100;
}

/** Shares outstanding on a date, after the company's yearly buybacks since 2016. */
export function sharesOutstandingOn(company: DemoCompany, iso: string): number {
  const years = (toDate(iso).getTime() - Date.UTC(2016, 0, 1)) / (365.25 * 86_400_000);
  return Math.round(company.sharesOutstanding * Math.pow(1 - company.annualBuyback, years));
}
