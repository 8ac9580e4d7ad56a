// The synthetic filer's true numbers, quarter by quarter: an internally consistent income statement, cash flow and
// balance sheet (gross profit = revenue - cost, assets = liabilities + equity), driven by a seeded PRNG.
import { defined } from '../engine/query/defined.ts';
import type { DemoCompany } from './DemoCompany.ts';
import { fiscalYear, type FiscalYear } from './fiscalCalendar.ts';
import { jitter, prng } from './prng.ts';

export interface QuarterNumbers {
  revenue: number;
  costOfRevenue: number;
  grossProfit: number;
  operatingExpenses: number;
  operatingIncome: number;
  pretaxIncome: number;
  incomeTax: number;
  netIncome: number;
  sharesBasic: number;
  sharesDiluted: number;
  operatingCashFlow: number;
  capex: number;
  /** Balance sheet at the quarter's end. */
  cash: number;
  assets: number;
  liabilities: number;
  equity: number;
  sharesOutstanding: number;
}

export interface ModelYear {
  fiscal: FiscalYear;
  quarters: [QuarterNumbers, QuarterNumbers, QuarterNumbers, QuarterNumbers];
}

/** Round to the nearest thousand, as large filers report (in thousands or millions). */
const k = (x: number): number => Math.round(x / 1000) * 1000;

/** Model fiscal years first..last (inclusive), one quarter after the other. */
export function modelCompany(company: DemoCompany, first: number, last: number): Map<number, ModelYear> {
  const random = prng(company.seed);
  const years = new Map<number, ModelYear>();
  let equity = k(company.baseQuarterRevenue * 2.5);
  let shares = company.sharesOutstanding;
  let t = 0;
  for (let fy = first; fy <= last; fy++) {
    const quarters = company.seasonality.map((season) => {
      const revenue = k(company.baseQuarterRevenue * (1 + company.annualGrowth) ** (t / 4) * season * jitter(random, 0.03));
      const costOfRevenue = k(revenue * (1 - company.grossMargin * jitter(random, 0.02)));
      const grossProfit = revenue - costOfRevenue;
      const operatingExpenses = k(revenue * company.opexRatio * jitter(random, 0.04));
      const operatingIncome = grossProfit - operatingExpenses;
      const pretaxIncome = operatingIncome + k(revenue * 0.004 * (2 * random() - 1));
      const incomeTax = pretaxIncome > 0 ? k(pretaxIncome * company.taxRate) : 0;
      const netIncome = pretaxIncome - incomeTax;
      const sharesBasic = Math.round((shares * (1 - company.annualBuyback / 8)) / 1000) * 1000;
      shares = Math.round(shares * (1 - company.annualBuyback / 4));
      const sharesDiluted = Math.round((sharesBasic * 1.008) / 1000) * 1000;
      const operatingCashFlow = k(netIncome * 1.15 + revenue * 0.03 * jitter(random, 0.5));
      const capex = k(revenue * 0.05 * jitter(random, 0.3));
      // half of any profit is paid out; losses are funded by new shares (annualBuyback < 0)
      equity = equity + netIncome - Math.max(0, k(netIncome * 0.5)) + (netIncome < 0 ? k(-netIncome * 1.1) : 0);
      const liabilities = k(Math.abs(equity) * 1.3 * jitter(random, 0.05));
      const assets = liabilities + equity;
      const cash = k(assets * 0.12 * jitter(random, 0.2));
      t += 1;
      return {
        revenue, costOfRevenue, grossProfit, operatingExpenses, operatingIncome, pretaxIncome, incomeTax, netIncome,
        sharesBasic, sharesDiluted, operatingCashFlow, capex, cash, assets, liabilities, equity, sharesOutstanding: Math.round(shares),
      } satisfies QuarterNumbers;
    });
    years.set(fy, { fiscal: fiscalYear(company, fy), quarters: quarters as ModelYear['quarters'] });
  }
  return years;
}

/** Flows over quarters from..to (1-based, inclusive) of one fiscal year; EPS from the summed income and mean shares. */
export function aggregate(year: ModelYear, from: number, to: number): QuarterNumbers & { epsBasic: number; epsDiluted: number } {
  const qs = year.quarters.slice(from - 1, to);
  const sum = (f: (q: QuarterNumbers) => number) => qs.reduce((s, q) => s + f(q), 0);
  const last = defined(qs[qs.length - 1], 'qs[qs.length - 1]');
  const sharesBasic = Math.round(sum((q) => q.sharesBasic) / qs.length);
  const sharesDiluted = Math.round(sum((q) => q.sharesDiluted) / qs.length);
  const netIncome = sum((q) => q.netIncome);
  return {
    revenue: sum((q) => q.revenue),
    costOfRevenue: sum((q) => q.costOfRevenue),
    grossProfit: sum((q) => q.grossProfit),
    operatingExpenses: sum((q) => q.operatingExpenses),
    operatingIncome: sum((q) => q.operatingIncome),
    pretaxIncome: sum((q) => q.pretaxIncome),
    incomeTax: sum((q) => q.incomeTax),
    netIncome,
    sharesBasic,
    sharesDiluted,
    operatingCashFlow: sum((q) => q.operatingCashFlow),
    capex: sum((q) => q.capex),
    cash: last.cash,
    assets: last.assets,
    liabilities: last.liabilities,
    equity: last.equity,
    sharesOutstanding: last.sharesOutstanding,
    epsBasic: Math.round((netIncome / sharesBasic) * 100) / 100,
    epsDiluted: Math.round((netIncome / sharesDiluted) * 100) / 100,
  };
}
