// The two fund documents the demo files per fund, built from one description of the fund: the annual or semiannual
// tailored shareholder report (N-CSR / N-CSRS, OEF taxonomy: expense ratio, cost of $10,000 invested, average
// annual returns, key fund statistics) and the prospectus risk/return summary (485BPOS, rr taxonomy fee table), each
// tagged per share class the way fund filers tag them. Figures are deterministic per class id.
import { prng } from './prng.ts';
import { addDays } from './isoDate.ts';
import type { FundIxDocument, FundIxNumber, FundIxText } from './fundIxDocument.ts';

export interface FundReportClass {
  /** EDGAR class id, C + 9 digits. */
  classId: string;
  ticker: string;
  name: string;
  /** YYYY-MM-DD */
  inception: string;
  /** Net annual expense ratio, a fraction of 1: the fee table adds up to it and the reports state it. */
  expenseRatio: number;
}

export interface FundReportSubject {
  cik: number;
  registrantName: string;
  seriesId: string;
  seriesName: string;
  /** The filer's extension prefix, e.g. `dfx`. */
  prefix: string;
  etf: boolean;
  classes: readonly FundReportClass[];
}

/** What one class's fee table states (fractions of 1), shared by the prospectus and the report's expense ratio. */
export interface ClassFees {
  management: number;
  distribution12b1: number;
  other: number;
  acquired: number | null;
  waiver: number | null;
  frontLoad: number;
  deferredLoad: number;
  redemptionFee: number | null;
}

const seedOf = (id: string) => Number(id.replace(/\D/g, '').slice(-9)) || 1;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;

/**
 * Fee table of one class, adding up to its net expense ratio: the first class of a mutual fund is a load class with
 * 12b-1 fees and a waiver; an ETF charges its management fee and nothing else.
 */
export function classFees(fund: FundReportSubject, index: number): ClassFees {
  const net = fund.classes[index]?.expenseRatio ?? 0;
  if (fund.etf) {
    return { management: net, distribution12b1: 0, other: 0, acquired: null, waiver: null, frontLoad: 0, deferredLoad: 0, redemptionFee: null };
  }
  const loadClass = index === 0;
  const management = 0.0045;
  const distribution12b1 = loadClass ? 0.0025 : 0;
  const acquired = 0.0001;
  const waiver = loadClass ? -0.0005 : null;
  return {
    management, distribution12b1, other: r4(net - management - distribution12b1 - acquired - (waiver ?? 0)), acquired, waiver,
    frontLoad: loadClass ? 0.0575 : 0, deferredLoad: 0, redemptionFee: 0.01,
  };
}

export function grossExpenses(f: ClassFees): number {
  return r4(f.management + f.distribution12b1 + f.other + (f.acquired ?? 0));
}

export function netExpenses(f: ClassFees): number {
  return r4(grossExpenses(f) + (f.waiver ?? 0));
}

const member = (fund: FundReportSubject, id: string) => `${fund.prefix}:${id}Member`;

/** The N-CSR (annual, 12 months) or N-CSRS (semiannual, 6 months) tailored shareholder report ending periodEnd. */
export function shareholderReport(fund: FundReportSubject, form: 'N-CSR' | 'N-CSRS', periodEnd: string): FundIxDocument {
  const months = form === 'N-CSR' ? 12 : 6;
  const end = new Date(`${periodEnd}T00:00:00Z`);
  const back = (m: number) => addDays(new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - m + 1, 0)).toISOString().slice(0, 10), 1);
  const start = back(months);
  const random = prng(seedOf(fund.seriesId) + Number(periodEnd.replaceAll('-', '')));
  const market = (random() - 0.3) * 0.4;
  const series: [string, string] = ['dei:LegalEntityAxis', member(fund, fund.seriesId)];
  const numbers: FundIxNumber[] = [];
  const texts: FundIxText[] = [];
  fund.classes.forEach((cls, i) => {
    const dims = [['oef:ClassAxis', member(fund, cls.classId)] as const];
    const ratio = netExpenses(classFees(fund, i));
    const n = (concept: string, unit: FundIxNumber['unit'], value: number, from: string | null = start, extra: readonly (readonly [string, string])[] = []) =>
      numbers.push({ concept, start: from, end: periodEnd, dims: [...dims, ...extra], unit, value });
    texts.push({ concept: 'dei:TradingSymbol', start, end: periodEnd, dims, text: cls.ticker });
    texts.push({ concept: 'oef:ClassName', start, end: periodEnd, dims, text: cls.name });
    const inception = new Date(`${cls.inception}T00:00:00Z`);
    texts.push({
      concept: 'oef:PerfInceptionDate', start, end: periodEnd, dims, format: 'ixt:date-monthname-day-year-en',
      text: inception.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    });
    // the cost of $10,000 invested over the period at the class's expense ratio, on the average balance
    const growth = 1 + (market * months) / 24;
    n('oef:ExpensesPaidAmt', 'usd', Math.round(10_000 * ratio * (months / 12) * growth));
    n('oef:ExpenseRatioPct', 'rate', ratio);
    if (form === 'N-CSR') {
      const age = (end.getTime() - inception.getTime()) / (365.25 * 86_400_000);
      const yearsBack = (y: number) => back(12 * y);
      n('oef:AvgAnnlRtrPct', 'rate', r4(market - ratio), yearsBack(1));
      if (age >= 5) n('oef:AvgAnnlRtrPct', 'rate', r4(market / 2 + 0.03 - ratio), yearsBack(5));
      if (age >= 10) n('oef:AvgAnnlRtrPct', 'rate', r4(0.07 - ratio), yearsBack(10));
      else n('oef:AvgAnnlRtrPct', 'rate', r4(0.06 - ratio), cls.inception);
      // the broad-based index beside the class: a return on another axis, not the class's own
      n('oef:AvgAnnlRtrPct', 'rate', r4(market + 0.004), yearsBack(1), [['oef:BroadBasedIndexAxis', `${fund.prefix}:DemoBroadMarketIndexMember`]]);
    }
  });
  // key fund statistics are the fund's (series), not a class's
  const netAssets = Math.round((fund.etf ? 2_400_000_000 : 850_000_000) * (1 + market));
  numbers.push(
    { concept: 'us-gaap:AssetsNet', start: null, end: periodEnd, dims: [series], unit: 'usd', value: netAssets },
    { concept: 'oef:HoldingsCount', start: null, end: periodEnd, dims: [series], unit: 'count', value: fund.etf ? 503 : 87 },
    { concept: 'us-gaap:InvestmentCompanyPortfolioTurnover', start, end: periodEnd, dims: [series], unit: 'rate', value: fund.etf ? 0.03 : 0.42 },
    { concept: 'oef:AdvisoryFeesPaidAmt', start, end: periodEnd, dims: [series], unit: 'usd', value: Math.round(netAssets * classFees(fund, 0).management * (months / 12)) },
  );
  texts.push({ concept: 'oef:FundName', start, end: periodEnd, dims: [series], text: fund.seriesName });
  return {
    cik: fund.cik, registrantName: fund.registrantName, documentType: form, periodEnd, prefix: fund.prefix,
    namespace: `http://www.example.com/${fund.prefix}/${periodEnd.replaceAll('-', '')}`,
    title: `${fund.seriesName} tailored shareholder report`, numbers, texts,
  };
}

/** The 485BPOS prospectus risk/return summary dated `date`: the fee table of every class. */
export function riskReturnSummary(fund: FundReportSubject, date: string): FundIxDocument {
  const numbers: FundIxNumber[] = [];
  const texts: FundIxText[] = [];
  fund.classes.forEach((cls, i) => {
    const classDim = ['rr:ProspectusShareClassAxis', member(fund, cls.classId)] as const;
    const dims = [['dei:LegalEntityAxis', member(fund, fund.seriesId)] as const, classDim];
    const f = classFees(fund, i);
    const n = (concept: string, value: number | null) => {
      if (value !== null) numbers.push({ concept: `rr:${concept}`, start: date, end: date, dims, unit: 'rate', value });
    };
    texts.push({ concept: 'dei:TradingSymbol', start: date, end: date, dims: [classDim], text: cls.ticker });
    n('ManagementFeesOverAssets', f.management);
    n('DistributionAndService12b1FeesOverAssets', f.distribution12b1);
    n('OtherExpensesOverAssets', f.other);
    n('AcquiredFundFeesAndExpensesOverAssets', f.acquired);
    n('ExpensesOverAssets', grossExpenses(f));
    if (f.waiver !== null) {
      n('FeeWaiverOrReimbursementOverAssets', f.waiver);
      n('NetExpensesOverAssets', netExpenses(f));
    }
    if (!fund.etf) {
      n('MaximumSalesChargeImposedOnPurchasesOverOfferingPrice', f.frontLoad);
      n('MaximumDeferredSalesChargeOverOfferingPrice', f.deferredLoad);
    }
    n('RedemptionFeeOverRedemption', f.redemptionFee);
  });
  return {
    cik: fund.cik, registrantName: fund.registrantName, documentType: '485BPOS', periodEnd: date, prefix: fund.prefix,
    namespace: `http://www.example.com/${fund.prefix}/${date.replaceAll('-', '')}`,
    title: `${fund.seriesName} prospectus`, numbers, texts,
  };
}
