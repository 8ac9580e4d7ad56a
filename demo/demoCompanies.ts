// The fixed cast of the demo warehouse, and a scaled, seeded cast for benchmarks. Every name says DEMO DATA.
import { defined } from '../engine/query/defined.ts';
import { DEMO_CIK_FIRST, DEMO_CIK_LAST, type DemoAddress, type DemoCompany } from './DemoCompany.ts';
import { prng } from './prng.ts';

const usAddress = (street1: string, city: string, state: string): DemoAddress => ({
  street1, city, stateOrCountry: state, stateOrCountryDescription: state, zipCode: '99999',
});

const december = { kind: 'month-end', month: 12 } as const;

export const DEMO_COMPANIES: readonly DemoCompany[] = Object.freeze([
  {
    cik: DEMO_CIK_FIRST, name: 'Demo Widgets Inc (DEMO DATA)', ticker: 'DEMOA', exchange: 'Nasdaq',
    sic: '3590', sicDescription: 'Misc Industrial & Commercial Machinery & Equipment', stateOfIncorporation: 'DE',
    fiscalYearEnd: december, fiscalYearNamedBy: 'end', regime: 'us-gaap', currency: 'USD',
    revenueConcept: 'RevenueFromContractWithCustomerExcludingAssessedTax', baseQuarterRevenue: 2.4e9, annualGrowth: 0.07,
    grossMargin: 0.42, opexRatio: 0.22, taxRate: 0.21, sharesOutstanding: 410e6, annualBuyback: 0.015,
    seasonality: [0.94, 1.0, 1.01, 1.08],
    formerNames: [{ name: 'Demo Gadgets Inc (DEMO DATA)', from: '2009-03-02', to: '2016-06-30' }],
    address: usAddress('1 DEMO PLAZA', 'EXAMPLEVILLE', 'DE'), seed: 101,
  },
  {
    cik: DEMO_CIK_FIRST + 1, name: 'Demo Orchard Computers Corp (DEMO DATA)', ticker: 'DEMOB', exchange: 'Nasdaq',
    sic: '3571', sicDescription: 'Electronic Computers', stateOfIncorporation: 'CA',
    fiscalYearEnd: { kind: 'last-weekday', month: 9, weekday: 6 }, fiscalYearNamedBy: 'end', regime: 'us-gaap', currency: 'USD',
    revenueConcept: 'RevenueFromContractWithCustomerExcludingAssessedTax', baseQuarterRevenue: 11e9, annualGrowth: 0.09,
    grossMargin: 0.39, opexRatio: 0.13, taxRate: 0.16, sharesOutstanding: 5.1e9, annualBuyback: 0.03,
    seasonality: [1.3, 0.95, 0.85, 0.9],
    address: usAddress('2 DEMO LOOP', 'SAMPLE CITY', 'CA'), seed: 202,
  },
  {
    cik: DEMO_CIK_FIRST + 2, name: 'Demo Freight Lines Inc (DEMO DATA)', ticker: 'DEMOC', exchange: 'NYSE',
    sic: '4213', sicDescription: 'Trucking (No Local)', stateOfIncorporation: 'DE',
    fiscalYearEnd: december, fiscalYearNamedBy: 'end', regime: 'us-gaap', currency: 'USD',
    revenueConcept: 'Revenues', baseQuarterRevenue: 650e6, annualGrowth: 0.04,
    grossMargin: 0.24, opexRatio: 0.15, taxRate: 0.24, sharesOutstanding: 88e6, annualBuyback: 0.01,
    seasonality: [0.95, 1.02, 1.03, 1.0], restatement: { fy: 2021, revenueOverstatement: 41_300_000 },
    address: usAddress('3 SAMPLE ROAD', 'TESTBURG', 'TN'), seed: 303,
  },
  {
    cik: DEMO_CIK_FIRST + 3, name: 'Demo Biotherapeutics Inc (DEMO DATA)', ticker: 'DEMOD', exchange: 'Nasdaq',
    sic: '2834', sicDescription: 'Pharmaceutical Preparations', stateOfIncorporation: 'DE',
    fiscalYearEnd: december, fiscalYearNamedBy: 'end', regime: 'us-gaap', currency: 'USD',
    revenueConcept: 'Revenues', baseQuarterRevenue: 40e6, annualGrowth: 0.35,
    grossMargin: 0.8, opexRatio: 1.6, taxRate: 0, sharesOutstanding: 120e6, annualBuyback: -0.06,
    seasonality: [1, 1, 1, 1],
    address: usAddress('4 PLACEHOLDER WAY', 'MOCK HARBOR', 'MA'), seed: 404,
  },
  {
    cik: DEMO_CIK_FIRST + 4, name: 'Demo Retail Holdings Corp (DEMO DATA)', ticker: 'DEMOE', exchange: 'NYSE',
    sic: '5331', sicDescription: 'Retail-Variety Stores', stateOfIncorporation: 'MN',
    fiscalYearEnd: { kind: 'month-end', month: 1 }, fiscalYearNamedBy: 'start', regime: 'us-gaap', currency: 'USD',
    revenueConcept: 'RevenueFromContractWithCustomerExcludingAssessedTax', baseQuarterRevenue: 5.2e9, annualGrowth: 0.03,
    grossMargin: 0.29, opexRatio: 0.23, taxRate: 0.23, sharesOutstanding: 310e6, annualBuyback: 0.02,
    seasonality: [0.92, 0.97, 0.95, 1.25],
    address: usAddress('5 FICTION AVENUE', 'NOWHERE', 'MN'), seed: 505,
  },
  {
    cik: DEMO_CIK_FIRST + 5, name: 'Demo Europa Industrie SE (DEMO DATA)', ticker: 'DEMOF', exchange: 'NYSE',
    sic: '3714', sicDescription: 'Motor Vehicle Parts & Accessories', stateOfIncorporation: '2M',
    fiscalYearEnd: december, fiscalYearNamedBy: 'end', regime: 'ifrs', currency: 'EUR',
    revenueConcept: 'Revenue', baseQuarterRevenue: 3.1e9, annualGrowth: 0.025,
    grossMargin: 0.21, opexRatio: 0.12, taxRate: 0.3, sharesOutstanding: 230e6, annualBuyback: 0,
    seasonality: [1, 1, 1, 1],
    address: { street1: 'BEISPIELSTRASSE 1', city: 'MUSTERSTADT', stateOrCountry: '2M', stateOrCountryDescription: 'Germany', zipCode: '99999' },
    seed: 606,
  },
  {
    cik: DEMO_CIK_FIRST + 6, name: 'Demo Cloud Software Inc (DEMO DATA)', ticker: 'DEMOG', exchange: 'NYSE',
    sic: '7372', sicDescription: 'Services-Prepackaged Software', stateOfIncorporation: 'DE',
    fiscalYearEnd: { kind: 'month-end', month: 6 }, fiscalYearNamedBy: 'end', regime: 'us-gaap', currency: 'USD',
    revenueConcept: 'RevenueFromContractWithCustomerExcludingAssessedTax', baseQuarterRevenue: 900e6, annualGrowth: 0.18,
    grossMargin: 0.74, opexRatio: 0.55, taxRate: 0.19, sharesOutstanding: 280e6, annualBuyback: 0.005,
    seasonality: [0.97, 1.0, 0.99, 1.04],
    address: usAddress('6 EXAMPLE COURT', 'SANDBOX', 'WA'), seed: 707,
  },
] satisfies DemoCompany[]);

/** First and last fiscal years the demo files (10-Qs of the following year's first three quarters are filed too). */
export const DEMO_YEARS = Object.freeze({ first: 2016, last: 2024 });

const SYLLABLES = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Omni', 'Vector', 'Nova', 'Terra', 'Quant', 'Helio', 'Cyber', 'Mega'];
const KINDS = ['Systems', 'Holdings', 'Labs', 'Foods', 'Energy', 'Logistics', 'Devices', 'Materials'];

/** A seeded cast of `count` synthetic domestic filers for benchmarks, with CIKs after the demo cast. */
export function syntheticCompanies(count: number, seed = 1): DemoCompany[] {
  const random = prng(seed);
  const first = DEMO_CIK_FIRST + 1000;
  if (first + count - 1 > DEMO_CIK_LAST) throw new Error(`at most ${String(DEMO_CIK_LAST - first + 1)} synthetic companies`);
  return Array.from({ length: count }, (_, i) => {
    const name = `Demo ${String(SYLLABLES[i % SYLLABLES.length])} ${String(KINDS[Math.floor(i / SYLLABLES.length) % KINDS.length])} ${String(i + 1)} Inc (DEMO DATA)`;
    const month = defined([12, 12, 12, 3, 6, 9][i % 6], '[12, 12, 12, 3, 6, 9][i % 6]');
    return {
      cik: first + i, name, ticker: `DEMO${(i + 1).toString(36).toUpperCase()}`, exchange: i % 2 ? 'NYSE' : 'Nasdaq',
      sic: '9999', sicDescription: 'Nonclassifiable Establishments', stateOfIncorporation: 'DE',
      fiscalYearEnd: { kind: 'month-end', month }, fiscalYearNamedBy: 'end', regime: 'us-gaap', currency: 'USD',
      revenueConcept: i % 3 ? 'RevenueFromContractWithCustomerExcludingAssessedTax' : 'Revenues',
      baseQuarterRevenue: Math.round(1e7 + random() * 5e9), annualGrowth: random() * 0.2 - 0.03,
      grossMargin: 0.2 + random() * 0.5, opexRatio: 0.1 + random() * 0.4, taxRate: 0.21,
      sharesOutstanding: Math.round(1e7 + random() * 1e9), annualBuyback: random() * 0.03,
      seasonality: [1, 1, 1, 1], address: usAddress(`${String(i + 1)} SYNTHETIC STREET`, 'BENCHMARK CITY', 'DE'),
      seed: seed * 100_003 + i,
    };
  });
}
