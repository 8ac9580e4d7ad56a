// Schedules of the oracle suite: hand-picked filers for each filing pattern, and a fast-check arbitrary of random ones.
import fc from 'fast-check';
import type { Calendar, FilerSchedule, Quarter } from '../helpers/oracleFilerTypes.ts';

export function steadyQuarters(years: number, seed = 1): Quarter[][] {
  return Array.from({ length: years }, (_, y) => Array.from({ length: 4 }, (_, q) => {
    const k = seed * 7 + y * 4 + q;
    return {
      revenue: 1_000_000 + k * 37_000, cost: 600_000 + k * 11_000, income: 150_000 + k * 5_000 - (q === 3 ? 40_000 : 0),
      cfo: 200_000 - k * 3_000, shares: 50_000_000 - k * 250_000 + (q % 2) * 77_777, assets: 9_000_000 + k * 100_000,
    };
  }));
}

/** Example i's schedule filed under `cik` (suites that need several filers of one pattern, or chosen buckets). */
export function exampleSchedule(i: number, cik: number): FilerSchedule {
  const example = EXAMPLES[i];
  if (!example) throw new Error(`no example ${String(i)}`);
  return { ...example.schedule, cik };
}

export const EXAMPLES: { name: string; schedule: FilerSchedule }[] = [
  { name: 'a December filer with three-month and year-to-date 10-Q columns',
    schedule: { cik: 900001, calendar: 'dec31', firstYear: 2019, years: 3, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(3) } },
  { name: 'a 52/53-week filer whose year ends on the Saturday nearest September 30',
    schedule: { cik: 900002, calendar: 'sat-nearest-sep30', firstYear: 2019, years: 4, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(4, 2) } },
  { name: 'a January filer whose first Q1 10-Q is missing',
    schedule: { cik: 900003, calendar: 'jan31', firstYear: 2021, years: 3, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(3, 3), missingQ1: 0 } },
  { name: 'a filer whose 10-K/A restates a prior year',
    schedule: { cik: 900004, calendar: 'dec31', firstYear: 2018, years: 3, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(3, 4), restate: { year: 0, delta: 12_345 } } },
  { name: 'a filer whose 10-K/A restates its latest year (no later filing confirms the 9M figure)',
    schedule: { cik: 900005, calendar: 'jun30', firstYear: 2018, years: 2, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(2, 5), restate: { year: 1, delta: -5_000 } } },
  { name: 'a filer with a stock split restated in later filings',
    schedule: { cik: 900006, calendar: 'sat-nearest-dec31', firstYear: 2019, years: 4, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(4, 6), split: { afterYear: 1, factor: 4 } } },
  { name: 'a filer whose 10-Qs show three-month income statements only (Q4 = FY - Q1 - Q2 - Q3)',
    schedule: { cik: 900008, calendar: 'jun30', firstYear: 2019, years: 3, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(3, 8), incomeYtd: 'none' } },
  { name: 'a filer whose Q3 10-Q has no nine-month income column (Q4 = FY - H1 - Q3)',
    schedule: { cik: 900009, calendar: 'dec31', firstYear: 2019, years: 3, kind: 'domestic', currency: 'USD', quarters: steadyQuarters(3, 9), incomeYtd: 'h1' } },
  { name: 'a foreign filer on 20-F in EUR with semi-annual 6-K figures',
    schedule: { cik: 900007, calendar: 'dec31', firstYear: 2020, years: 3, kind: 'foreign-semiannual', currency: 'EUR', quarters: steadyQuarters(3, 7) } },
];

const quarterArb = fc.record({
  revenue: fc.integer({ min: 1_000, max: 50_000_000_000 }),
  cost: fc.integer({ min: 0, max: 40_000_000_000 }),
  income: fc.integer({ min: -5_000_000_000, max: 5_000_000_000 }),
  cfo: fc.integer({ min: -5_000_000_000, max: 5_000_000_000 }),
  shares: fc.integer({ min: 1_000_000, max: 20_000_000_000 }),
  assets: fc.integer({ min: 1_000, max: 900_000_000_000 }),
});

const calendarArb = fc.constantFrom<Calendar>('dec31', 'jun30', 'jan31', 'sat-nearest-sep30', 'sat-nearest-dec31');

/** Random schedules; `cik` is filled in by the caller so every run is a new company of one warehouse. */
export const scheduleArb: fc.Arbitrary<Omit<FilerSchedule, 'cik'>> = fc.integer({ min: 2, max: 4 }).chain((years) =>
  fc.record({
    calendar: calendarArb,
    firstYear: fc.integer({ min: 2010, max: 2022 }),
    years: fc.constant(years),
    kind: fc.constantFrom<'domestic' | 'foreign-semiannual'>('domestic', 'domestic', 'domestic', 'foreign-semiannual'),
    currency: fc.constantFrom<'USD' | 'EUR'>('USD', 'EUR'),
    quarters: fc.array(fc.array(quarterArb, { minLength: 4, maxLength: 4 }), { minLength: years, maxLength: years }),
    incomeYtd: fc.constantFrom<'all' | 'h1' | 'none'>('all', 'all', 'h1', 'none'),
    missingQ1: fc.option(fc.integer({ min: 0, max: years - 1 }), { nil: null }),
    restate: fc.option(fc.record({ year: fc.integer({ min: 0, max: years - 1 }), delta: fc.integer({ min: -1_000_000, max: 1_000_000 }).filter((d) => d !== 0) }), { nil: null }),
    split: fc.option(fc.record({ afterYear: fc.integer({ min: 0, max: years - 1 }), factor: fc.integer({ min: 2, max: 10 }) }), { nil: null }),
  }));
