// A synthetic filer's companyfacts JSON, shaped like data.sec.gov/api/xbrl/companyfacts/CIK##########.json: every
// periodic report lists its current and comparative periods under its own accession; SEC's `frame` goes to the
// latest filing of each calendar-aligned period.
import { defined } from '../engine/query/defined.ts';
import type { DemoCompany } from './DemoCompany.ts';
import { aggregate, type ModelYear } from './financialModel.ts';
import type { DemoFiling } from './filingSchedule.ts';
import { lineItemsOf, unitName } from './lineItems.ts';
import { addDays, daysBetween, toDate } from './isoDate.ts';

export interface CompanyFact {
  start?: string;
  end: string;
  val: number;
  accn: string;
  fy: number;
  fp: string;
  form: string;
  filed: string;
  frame?: string;
}

interface ConceptFacts {
  label: string;
  description: string;
  units: Record<string, CompanyFact[]>;
}

export interface CompanyFactsDoc {
  cik: number;
  entityName: string;
  facts: Record<string, Record<string, ConceptFacts>>;
}

/** Quarter ranges (fiscal year, first quarter, last quarter) a periodic report presents. */
function durations(fy: number, quarter: number, ytdOnly: boolean): [number, number, number][] {
  if (quarter === 4) return [[fy, 1, 4], [fy - 1, 1, 4], [fy - 2, 1, 4]];
  const ytd: [number, number, number][] = [[fy, 1, quarter], [fy - 1, 1, quarter]];
  if (ytdOnly) return ytd;
  const three: [number, number, number][] = [[fy, quarter, quarter], [fy - 1, quarter, quarter]];
  return quarter === 1 ? three : [...three, ...ytd];
}

function nearestQuarterEnd(iso: string): { year: number; quarter: number } {
  const d = toDate(iso);
  let best = { year: 0, quarter: 0, distance: Infinity };
  for (const year of [d.getUTCFullYear() - 1, d.getUTCFullYear()]) {
    for (const quarter of [1, 2, 3, 4]) {
      const end = Date.UTC(year, quarter * 3, 0);
      const distance = Math.abs(end - d.getTime());
      if (distance < best.distance) best = { year, quarter, distance };
    }
  }
  return best;
}

/** SEC's calendar frame of a period: CY2023 (about a year), CY2023Q2 (about a quarter), CY2023Q2I (instant). */
export function frameOf(start: string | undefined, end: string): string | null {
  const { year, quarter } = nearestQuarterEnd(end);
  if (start === undefined) return `CY${String(year)}Q${String(quarter)}I`;
  const days = daysBetween(start, end) + 1;
  if (days >= 84 && days <= 98) return `CY${String(year)}Q${String(quarter)}`;
  if (days >= 350 && days <= 380) {
    // the nearest December 31: a year ending in January belongs to the calendar year before
    const d = toDate(end);
    return `CY${String(d.getUTCMonth() >= 6 ? d.getUTCFullYear() : d.getUTCFullYear() - 1)}`;
  }
  return null;
}

export function companyFactsJson(company: DemoCompany, model: Map<number, ModelYear>, filings: readonly DemoFiling[]): CompanyFactsDoc {
  const items = lineItemsOf(company);
  const facts: CompanyFactsDoc['facts'] = {};
  const add = (taxonomy: string, concept: string, label: string, unit: string, fact: CompanyFact) => {
    const byConcept = (facts[taxonomy] ??= {});
    const entry = (byConcept[concept] ??= { label, description: `${label} (synthetic demo data, not a real filing).`, units: {} });
    (entry.units[unit] ??= []).push(fact);
  };
  const yearOf = (fy: number) => {
    const y = model.get(fy);
    if (!y) throw new Error(`${company.name}: fiscal year ${String(fy)} was not modelled`);
    return y;
  };

  for (const filing of filings) {
    const p = filing.periodic;
    if (!p) continue;
    const base = { accn: filing.accession, fy: p.fy, fp: p.fp, form: filing.form, filed: filing.filed };
    const numbersOf = (fy: number, from: number, to: number) => {
      const n = aggregate(yearOf(fy), from, to);
      const over = company.restatement;
      if (p.overstated && over && fy === over.fy && to === 4) {
        const x = over.revenueOverstatement;
        const tax = Math.round((x * company.taxRate) / 1000) * 1000;
        const netIncome = n.netIncome + x - tax;
        return {
          ...n, revenue: n.revenue + x, grossProfit: n.grossProfit + x, operatingIncome: n.operatingIncome + x,
          pretaxIncome: n.pretaxIncome + x, incomeTax: n.incomeTax + tax, netIncome,
          epsBasic: Math.round((netIncome / n.sharesBasic) * 100) / 100, epsDiluted: Math.round((netIncome / n.sharesDiluted) * 100) / 100,
        };
      }
      return n;
    };
    for (const item of items) {
      const unit = unitName(company, item.unit);
      if (item.kind === 'instant') {
        const instants: [number, number][] = p.quarter === 4 ? [[p.fy, 4], [p.fy - 1, 4]] : [[p.fy, p.quarter], [p.fy - 1, 4]];
        for (const [fy, q] of instants) {
          add(item.taxonomy, item.concept, item.label, unit, { end: defined(yearOf(fy).fiscal.quarters[q - 1], 'yearOf(fy).fiscal.quarters[q - 1]').end, val: item.value(numbersOf(fy, q, q)), ...base });
        }
        continue;
      }
      for (const [fy, from, to] of durations(p.fy, p.quarter, item.kind === 'ytd')) {
        const q = yearOf(fy).fiscal.quarters;
        add(item.taxonomy, item.concept, item.label, unit, { start: defined(q[from - 1], 'q[from - 1]').start, end: defined(q[to - 1], 'q[to - 1]').end, val: item.value(numbersOf(fy, from, to)), ...base });
      }
    }
    const current = aggregate(yearOf(p.fy), p.quarter, p.quarter);
    add('dei', 'EntityCommonStockSharesOutstanding', 'Entity Common Stock, Shares Outstanding', 'shares', {
      end: addDays(filing.filed, -12), val: Math.round(current.sharesOutstanding * 0.999), ...base,
    });
    if (p.quarter === 4 && company.regime === 'us-gaap') {
      const annual = aggregate(yearOf(p.fy), 1, 4);
      add('dei', 'EntityPublicFloat', 'Entity Public Float', 'USD', {
        end: yearOf(p.fy).fiscal.quarters[1].end, val: Math.round((annual.revenue * 3) / 1e6) * 1e6, ...base,
      });
    }
  }

  for (const concepts of Object.values(facts)) {
    for (const concept of Object.values(concepts)) {
      for (const list of Object.values(concept.units)) assignFrames(list);
    }
  }
  return { cik: company.cik, entityName: company.name, facts };
}

/** Sort like SEC (end, start, filed) and give each calendar frame to the latest filing of the period closest to it. */
function assignFrames(list: CompanyFact[]): void {
  list.sort((a, b) => a.end.localeCompare(b.end) || (a.start ?? '').localeCompare(b.start ?? '') || a.filed.localeCompare(b.filed) || a.accn.localeCompare(b.accn));
  const taken = new Set<string>();
  for (let i = list.length - 1; i >= 0; i--) {
    const f = defined(list[i], 'list[i]');
    const next = list[i + 1];
    if (next && next.end === f.end && next.start === f.start) continue;
    const frame = frameOf(f.start, f.end);
    if (frame && !taken.has(frame)) {
      taken.add(frame);
      f.frame = frame;
    }
  }
}
