// Synthetic filers with known true quarterly values, filed the way companies file them, for the period-engine oracle.
// A schedule (calendar, years, true quarters, events) becomes a companyfacts JSON document that goes through the real
// ingest pipeline; `expectedPeriods` states what the as-reported engine must give back, computed from the true
// quarterly values (never from the engine's own arithmetic):
// - 10-Q: three-month and year-to-date columns for the income statement, current and prior year (or three-month
//   only, or year-to-date only in Q2: `incomeYtd`); cash flow year-to-date only; balance at the quarter end and the
//   prior fiscal-year end.
// - 10-K: full-year columns only (three years of flows, two balance dates).
// - 10-K/A: restates a prior year's Q4 revenue (so FY revenue), filed before the next Q1 10-Q.
// - split: after a 10-K, every later filing restates share counts (x factor) and EPS of the periods it shows.
// - foreign: a 20-F in EUR with IFRS concepts and semi-annual (H1) figures furnished on 6-K.
import type { Basis, Calendar, FilerSchedule, Quarter } from './oracleFilerTypes.ts';
import { defined } from './defined.ts';

export type { FilerSchedule, Calendar } from './oracleFilerTypes.ts';

const DAY = 86_400_000;

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
}

function saturdayNearest(year: number, month: number, day: number): string {
  const t = Date.UTC(year, month - 1, day);
  const dow = new Date(t).getUTCDay();
  const shift = ((6 - dow + 7) % 7 <= 3) ? (6 - dow + 7) % 7 : (6 - dow + 7) % 7 - 7;
  return new Date(t + shift * DAY).toISOString().slice(0, 10);
}

/** One fiscal year of the company: its own label, first day, and the four quarter ends (the last is the year end). */
export interface FiscalYear {
  label: number;
  start: string;
  quarterEnds: [string, string, string, string];
}

function yearEnd(calendar: Calendar, label: number): string {
  switch (calendar) {
    case 'dec31': return `${String(label)}-12-31`;
    case 'jun30': return `${String(label)}-06-30`;
    case 'jan31': return `${String(label)}-01-31`;
    case 'sat-nearest-sep30': return saturdayNearest(label, 9, 30);
    case 'sat-nearest-dec31': return saturdayNearest(label, 12, 31);
  }
}

function monthEnd(iso: string, monthsAhead: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsAhead + 1, 0)).toISOString().slice(0, 10);
}

export function fiscalYears(s: FilerSchedule): FiscalYear[] {
  const out: FiscalYear[] = [];
  for (let i = 0; i < s.years; i++) {
    const label = s.firstYear + i;
    const end = yearEnd(s.calendar, label);
    const start = addDays(yearEnd(s.calendar, label - 1), 1);
    const weekly = s.calendar.startsWith('sat');
    const q = (n: number) => (weekly ? addDays(start, 91 * n - 1) : monthEnd(start, 3 * n - 1));
    out.push({ label, start, quarterEnds: [q(1), q(2), q(3), end] });
  }
  return out;
}

/** Inclusive day count of quarter q (1-based) of a fiscal year. */
export function quarterDays(y: FiscalYear, q: number): number {
  const prev = q === 1 ? addDays(y.start, -1) : defined(y.quarterEnds[q - 2], 'y.quarterEnds[q - 2]');
  return daysBetween(prev, defined(y.quarterEnds[q - 1], 'y.quarterEnds[q - 1]'));
}

// + 0 turns -0 into 0, as JSON and DuckDB do
const round2 = (x: number) => Math.round(x * 100) / 100 + 0;

/** Concept names of the filer's taxonomy. */
export function conceptsOf(s: FilerSchedule) {
  return s.kind === 'foreign-semiannual'
    ? { revenue: 'ifrs-full:Revenue', cost: 'ifrs-full:CostOfSales', income: 'ifrs-full:ProfitLoss',
        shares: 'ifrs-full:AdjustedWeightedAverageShares', eps: 'ifrs-full:DilutedEarningsLossPerShare',
        cfo: 'ifrs-full:CashFlowsFromUsedInOperatingActivities', assets: 'ifrs-full:Assets', gross: 'ifrs-full:GrossProfit' }
    : { revenue: 'us-gaap:Revenues', cost: 'us-gaap:CostOfRevenue', income: 'us-gaap:NetIncomeLoss',
        shares: 'us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding', eps: 'us-gaap:EarningsPerShareDiluted',
        cfo: 'us-gaap:NetCashProvidedByUsedInOperatingActivities', assets: 'us-gaap:Assets', gross: 'us-gaap:GrossProfit' };
}

/** The true value of a quarter's field under a basis (a restatement seen or not, a split factor). */
export function quarterTruth(s: FilerSchedule, yi: number, q: number, basis: Basis): Quarter {
  const t = defined(defined(s.quarters[yi], 's.quarters[yi]')[q - 1], 's.quarters[yi]![q - 1]');
  const restated = s.restate && basis.restated && s.restate.year === yi && q === 4 ? s.restate.delta : 0;
  return { ...t, revenue: t.revenue + restated, shares: t.shares * basis.splitFactor };
}

type Field = 'revenue' | 'cost' | 'income' | 'shares' | 'eps' | 'cfo';

/** Value of a span of quarters [from..to] of year yi under a basis. */
function spanValue(s: FilerSchedule, ys: FiscalYear[], yi: number, from: number, to: number, field: Field, basis: Basis): number {
  const qs = [] as { v: Quarter; d: number }[];
  for (let q = from; q <= to; q++) qs.push({ v: quarterTruth(s, yi, q, basis), d: quarterDays(defined(ys[yi], 'ys[yi]'), q) });
  const sum = (f: (x: Quarter) => number) => qs.reduce((a, x) => a + f(x.v), 0);
  const days = qs.reduce((a, x) => a + x.d, 0);
  const avgShares = qs.reduce((a, x) => a + x.v.shares * x.d, 0) / days;
  switch (field) {
    case 'shares': return avgShares;
    case 'eps': return round2(sum((x) => x.income) / avgShares);
    default: return sum((x) => x[field]);
  }
}

interface FactOut { concept: string; unit: string; start: string | null; end: string; val: number }
export interface Filing { accn: string; form: string; filed: string; fy: number; fp: string; basis: Basis; facts: FactOut[] }

/** Every filing of the schedule, in filing order, with the facts it reports. */
export function filingsOf(s: FilerSchedule): Filing[] {
  const ys = fiscalYears(s);
  const c = conceptsOf(s);
  const cur = s.currency;
  const plan: { form: string; filed: string; fy: number; fp: string; build: (b: Basis) => FactOut[] }[] = [];
  const flows = (yi: number, from: number, to: number, b: Basis, cashOnly = false): FactOut[] => {
    const y = defined(ys[yi], 'ys[yi]');
    const start = from === 1 ? y.start : addDays(defined(y.quarterEnds[from - 2], 'y.quarterEnds[from - 2]'), 1);
    const end = defined(y.quarterEnds[to - 1], 'y.quarterEnds[to - 1]');
    const f = (concept: string, unit: string, field: Field) => ({ concept, unit, start, end, val: spanValue(s, ys, yi, from, to, field, b) });
    if (cashOnly) return [f(c.cfo, cur, 'cfo')];
    return [f(c.revenue, cur, 'revenue'), f(c.cost, cur, 'cost'), f(c.income, cur, 'income'),
      f(c.shares, 'shares', 'shares'), f(c.eps, `${cur}/shares`, 'eps')];
  };
  const balance = (yi: number, q: number): FactOut => ({
    concept: c.assets, unit: cur, start: null, end: defined(defined(ys[yi], 'ys[yi]').quarterEnds[q - 1], 'ys[yi]!.quarterEnds[q - 1]'), val: defined(defined(s.quarters[yi], 's.quarters[yi]')[q - 1], 's.quarters[yi]![q - 1]').assets,
  });
  let n = 0;
  ys.forEach((y, yi) => {
    if (s.kind === 'foreign-semiannual') {
      plan.push({ form: '6-K', filed: addDays(y.quarterEnds[1], 60), fy: y.label, fp: 'H1', build: (b) => [
        ...flows(yi, 1, 2, b), ...flows(yi, 1, 2, b, true), balance(yi, 2),
        ...(yi > 0 ? [...flows(yi - 1, 1, 2, b), ...flows(yi - 1, 1, 2, b, true), balance(yi - 1, 4)] : []),
      ] });
      plan.push({ form: '20-F', filed: addDays(y.quarterEnds[3], 120), fy: y.label, fp: 'FY', build: (b) => annual(yi, b) });
      return;
    }
    for (let q = 1; q <= 3; q++) {
      if (q === 1 && s.missingQ1 === yi) continue;
      plan.push({ form: '10-Q', filed: addDays(defined(y.quarterEnds[q - 1], 'y.quarterEnds[q - 1]'), 35), fy: y.label, fp: `Q${String(q)}`, build: (b) => {
        const out = [...flows(yi, q, q, b), ...flows(yi, 1, q, b, true), balance(yi, q)];
        const ytd = q > 1 && (s.incomeYtd === 'h1' ? q === 2 : s.incomeYtd !== 'none');
        if (ytd) out.push(...flows(yi, 1, q, b));
        if (yi > 0) {
          out.push(...flows(yi - 1, q, q, b), ...flows(yi - 1, 1, q, b, true), balance(yi - 1, 4));
          if (ytd) out.push(...flows(yi - 1, 1, q, b));
        }
        return out;
      } });
    }
    plan.push({ form: '10-K', filed: addDays(y.quarterEnds[3], 60), fy: y.label, fp: 'FY', build: (b) => annual(yi, b) });
    if (s.restate?.year === yi) {
      plan.push({ form: '10-K/A', filed: addDays(y.quarterEnds[3], 75), fy: y.label, fp: 'FY', build: (b) => annual(yi, b) });
    }
  });
  function annual(yi: number, b: Basis): FactOut[] {
    const out: FactOut[] = [];
    for (let k = yi; k >= Math.max(0, yi - 2); k--) out.push(...flows(k, 1, 4, b), ...flows(k, 1, 4, b, true));
    out.push(balance(yi, 4));
    if (yi > 0) out.push(balance(yi - 1, 4));
    return out;
  }
  plan.sort((a, b) => a.filed.localeCompare(b.filed));
  const restatedOn = s.restate ? plan.find((p) => p.form === '10-K/A')?.filed ?? null : null;
  const splitOn = s.split ? plan.find((p) => p.form !== '10-K/A' && p.fp === 'FY' && p.fy === defined(ys[defined(s.split, 's.split').afterYear], 'ys[s.split!.afterYear]').label)?.filed ?? null : null;
  return plan.map((p) => {
    n += 1;
    const basis: Basis = {
      restated: restatedOn !== null && p.filed >= restatedOn,
      splitFactor: s.split && splitOn !== null && p.filed > splitOn ? s.split.factor : 1,
    };
    const accn = `${String(s.cik).padStart(10, '0')}-${String(Number(p.filed.slice(2, 4))).padStart(2, '0')}-${String(n).padStart(6, '0')}`;
    return { accn, form: p.form, filed: p.filed, fy: p.fy, fp: p.fp, basis, facts: p.build(basis) };
  });
}

/** The schedule as the SEC's companyfacts JSON (taxonomy -> concept -> unit -> facts). */
export function companyFactsJson(s: FilerSchedule, filings: Filing[] = filingsOf(s)): string {
  const facts: Record<string, Record<string, { units: Record<string, unknown[]> }>> = {};
  for (const f of filings) {
    for (const x of f.facts) {
      const [tax, name] = x.concept.split(':') as [string, string];
      const units = ((facts[tax] ??= {})[name] ??= { units: {} }).units;
      (units[x.unit] ??= []).push({
        ...(x.start ? { start: x.start } : {}), end: x.end, val: x.val, accn: f.accn, fy: f.fy, fp: f.fp, form: f.form, filed: f.filed,
      });
    }
  }
  return JSON.stringify({ cik: s.cik, entityName: `Oracle Filer ${String(s.cik)}`, facts });
}

