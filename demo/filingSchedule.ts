// Every filing a synthetic filer makes, in the order EDGAR would accept them, with deterministic accession numbers.
import type { DemoCompany } from './DemoCompany.ts';
import type { ModelYear } from './financialModel.ts';
import { addDays, nextBusinessDay } from './isoDate.ts';
import { prng } from './prng.ts';

export interface DemoFiling {
  accession: string;
  form: string;
  filed: string;
  /** ISO 8601 acceptance timestamp. */
  accepted: string;
  reportDate: string;
  items: string;
  primaryDocument: string;
  primaryDocDescription: string;
  size: number;
  isXbrl: boolean;
  isInlineXbrl: boolean;
  /** Periodic reports with XBRL financial statements: the fiscal period covered. */
  periodic: { fy: number; quarter: 1 | 2 | 3 | 4; fp: 'Q1' | 'Q2' | 'Q3' | 'FY'; overstated: boolean } | null;
}

type Draft = Omit<DemoFiling, 'accession' | 'accepted' | 'size' | 'primaryDocument' | 'isXbrl' | 'isInlineXbrl'>;

const compact = (iso: string) => iso.replaceAll('-', '');
const FORM_ORDER = ['8-K', '6-K', '10-Q', '10-K', '20-F', '10-K/A', 'DEF 14A'];

/** Filings of fiscal years first..last, plus the next year's first three 10-Qs (domestic filers). */
export function filingSchedule(company: DemoCompany, model: Map<number, ModelYear>, first: number, last: number): DemoFiling[] {
  const drafts: Draft[] = [];
  const periodic = (form: string, reportDate: string, filed: string, p: NonNullable<Draft['periodic']>) => {
    drafts.push({ form, filed, reportDate, items: '', primaryDocDescription: form, periodic: p });
  };
  const pressRelease = (form: '8-K' | '6-K', filed: string) => {
    drafts.push({ form, filed, reportDate: filed, items: form === '8-K' ? '2.02,9.01' : '', primaryDocDescription: form, periodic: null });
  };
  for (let fy = first; fy <= last + 1; fy++) {
    const year = model.get(fy);
    if (!year) throw new Error(`${company.name}: fiscal year ${String(fy)} was not modelled`);
    const { quarters } = year.fiscal;
    if (company.regime === 'ifrs') {
      if (fy > last) continue;
      pressRelease('6-K', nextBusinessDay(addDays(quarters[1].end, 50)));
      const filed = nextBusinessDay(addDays(year.fiscal.end, 95));
      pressRelease('6-K', nextBusinessDay(addDays(filed, -30)));
      periodic('20-F', year.fiscal.end, filed, { fy, quarter: 4, fp: 'FY', overstated: false });
      continue;
    }
    for (const [q, fp, quarter] of [[1, 'Q1', quarters[0]], [2, 'Q2', quarters[1]], [3, 'Q3', quarters[2]]] as const) {
      const filed = nextBusinessDay(addDays(quarter.end, 38));
      pressRelease('8-K', nextBusinessDay(addDays(filed, -4)));
      periodic('10-Q', quarter.end, filed, { fy, quarter: q, fp, overstated: false });
    }
    if (fy > last) continue;
    const filed = nextBusinessDay(addDays(year.fiscal.end, 58));
    pressRelease('8-K', nextBusinessDay(addDays(filed, -5)));
    const restated = company.restatement?.fy === fy;
    periodic('10-K', year.fiscal.end, filed, { fy, quarter: 4, fp: 'FY', overstated: restated });
    drafts.push({ form: 'DEF 14A', filed: nextBusinessDay(addDays(filed, 40)), reportDate: nextBusinessDay(addDays(filed, 80)), items: '', primaryDocDescription: 'DEF 14A', periodic: null });
    if (restated) {
      periodic('10-K/A', year.fiscal.end, nextBusinessDay(addDays(filed, 130)), { fy, quarter: 4, fp: 'FY', overstated: false });
    }
  }
  drafts.sort((a, b) => a.filed.localeCompare(b.filed) || FORM_ORDER.indexOf(a.form) - FORM_ORDER.indexOf(b.form));
  const random = prng(company.seed ^ 0x5eed);
  const sequence = new Map<string, number>();
  const cik10 = String(company.cik).padStart(10, '0');
  const ticker = company.ticker.toLowerCase();
  return drafts.map((d) => {
    const yy = d.filed.slice(2, 4);
    const seq = (sequence.get(yy) ?? 0) + 1;
    sequence.set(yy, seq);
    const minute = Math.floor(random() * 60);
    const second = Math.floor(random() * 60);
    const isPeriodic = d.periodic !== null;
    const suffix = d.form === '10-K/A' ? 'x10ka' : d.form === '20-F' ? 'x20f' : d.form === '10-K' ? 'x10k' : d.form === '10-Q' ? 'x10q' : d.form === 'DEF 14A' ? 'def14a' : d.form === '8-K' ? 'x8k' : 'x6k';
    return {
      ...d,
      accession: `${cik10}-${yy}-${String(seq).padStart(6, '0')}`,
      accepted: `${d.filed}T${String(16 + Math.floor(random() * 5))}:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`,
      primaryDocument: `${ticker}-${compact(d.reportDate)}${isPeriodic ? '' : `_${suffix}`}.htm`,
      size: Math.round((isPeriodic ? 4e6 : 2e5) * (0.5 + random())),
      // inline XBRL became mandatory for large accelerated filers' periodic reports from June 2019
      isXbrl: isPeriodic || (d.form === '8-K' && d.filed >= '2019-06-15'),
      isInlineXbrl: (isPeriodic || d.form === '8-K') && d.filed >= '2019-06-15',
    };
  });
}
