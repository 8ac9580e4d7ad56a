// What the as-reported engine must give back for a synthetic filer, from its true quarterly values and filing history.
// Independent of the engine: quarter values come from the truth (under the basis of the filings that reported them),
// and the spec's rules decide which quarters are knowable: a quarter is filed three-month, else reconstructed in the
// spec's order from spans that were filed, the first recipe whose inputs are of one vintage; a quarter whose every
// recipe would mix restatement vintages is not knowable. A value first reported as a later year's comparative and never
// changed is of every vintage.
import { addDays, conceptsOf, filingsOf, fiscalYears, quarterTruth, type Filing } from './oracleFiler.ts';
import type { FilerSchedule } from './oracleFilerTypes.ts';
import { defined } from './defined.ts';

export interface ExpectedPeriod {
  period: string;
  fiscalYear: number;
  fiscalPeriod: string;
  facts: Record<string, number>;
  /** fact -> synthetic source key for reconstructed quarter facts */
  recon: Record<string, string>;
}

interface Report { filed: string; value: number; filing: Filing }
interface Surviving { value: number; restated: boolean; supplied: string; prevSeen: string | null; lastSeen: string; filing: Filing }

type Role = 'revenue' | 'cost' | 'income' | 'cfo' | 'shares' | 'eps';
const FLOW_ROLES: Role[] = ['revenue', 'cost', 'income', 'cfo', 'shares'];
// + 0 turns -0 into 0, as JSON and DuckDB do
const round2 = (x: number) => Math.round(x * 100) / 100 + 0;

export function expectedPeriods(s: FilerSchedule, series: 'annual' | 'quarter' | 'ttm', filings: Filing[] = filingsOf(s)): ExpectedPeriod[] {
  const ys = fiscalYears(s);
  const c = conceptsOf(s);
  const unitOf = (role: Role | 'assets') => (role === 'shares' ? 'shares' : role === 'eps' ? `${s.currency}/shares` : s.currency);
  const conceptOf = (role: Role | 'assets') => c[role];

  const history = new Map<string, Report[]>();
  for (const f of filings) {
    for (const x of f.facts) {
      const key = `${x.concept}|${x.unit}|${x.start ?? ''}|${x.end}`;
      const list = history.get(key) ?? [];
      list.push({ filed: f.filed, value: x.val, filing: f });
      history.set(key, list);
    }
  }
  const surviving = (key: string): Surviving | null => {
    const r = history.get(key);
    if (!r || r.length === 0) return null;
    let i = r.length - 1;
    while (i > 0 && defined(r[i - 1], 'r[i - 1]').value === defined(r[i], 'r[i]').value) i--;
    return { value: defined(r[r.length - 1], 'r[r.length - 1]').value, restated: i > 0,
      supplied: defined(r[i], 'r[i]').filed, prevSeen: i > 0 ? defined(r[i - 1], 'r[i - 1]').filed : null, lastSeen: defined(r[r.length - 1], 'r[r.length - 1]').filed, filing: defined(r[i], 'r[i]').filing };
  };
  // restatement events per concept: the filings that changed an earlier value of it (and whose value survived)
  const events = new Map<string, string[]>();
  for (const key of history.keys()) {
    const sv = defined(surviving(key), 'surviving(key)');
    if (!sv.restated) continue;
    const concept = key.split('|').slice(0, 2).join('|');
    events.set(concept, [...(events.get(concept) ?? []), sv.supplied]);
  }

  const spanKey = (role: Role, yi: number, from: number, to: number) => {
    const y = defined(ys[yi], 'ys[yi]');
    const start = from === 1 ? y.start : addDays(defined(y.quarterEnds[from - 2], 'y.quarterEnds[from - 2]'), 1);
    return `${conceptOf(role)}|${unitOf(role)}|${start}|${String(y.quarterEnds[to - 1])}`;
  };
  const instantKey = (yi: number, q: number) => `${c.assets}|${s.currency}||${String(defined(ys[yi], 'ys[yi]').quarterEnds[q - 1])}`;

  const mixed = (role: Role, inputs: Surviving[]): boolean => {
    const ev = events.get(`${conceptOf(role)}|${unitOf(role)}`) ?? [];
    // a restated input dates from the first change of the concept since its previous report; a share count that was
    // not restated is on the basis of the last change of the concept before it was first reported (a split)
    const restatedAt = inputs.filter((i) => i.restated || role === 'shares')
      .map((i) => (i.restated ? ev.filter((e) => e > defined(i.prevSeen, 'i.prevSeen') && e <= i.supplied).sort()[0] : ev.filter((e) => e <= i.supplied).sort().at(-1)))
      .filter((e): e is string => e !== undefined)
      .sort().at(-1);
    const oldestSeen = defined(inputs.map((i) => i.lastSeen).sort()[0], 'inputs.map((i) => i.lastSeen).sort()[0]');
    return restatedAt !== undefined && restatedAt > oldestSeen;
  };

  /** Quarter value of a flow role: filed three-month span, else the spec's reconstruction order. */
  const quarterFlow = (role: Role, yi: number, q: number): { value: number; method: string | null } | null => {
    const direct = surviving(spanKey(role, yi, q, q));
    if (direct) return { value: direct.value, method: null };
    const sp = (from: number, to: number) => surviving(spanKey(role, yi, from, to));
    const recipes: [string, (Surviving | null)[]][] = q === 2 ? [['Q2-Recon-H1-Q1', [sp(1, 2), sp(1, 1)]]]
      : q === 3 ? [['Q3-Recon-9M-H1', [sp(1, 3), sp(1, 2)]], ['Q3-Recon-9M-Q1-Q2', [sp(1, 3), sp(1, 1), sp(2, 2)]]]
      : q === 4 ? [['Q4-Recon-FY-9M', [sp(1, 4), sp(1, 3)]], ['Q4-Recon-FY-H1-Q3', [sp(1, 4), sp(1, 2), sp(3, 3)]],
        ['Q4-Recon-FY-Q1-Q2-Q3', [sp(1, 4), sp(1, 1), sp(2, 2), sp(3, 3)]]]
      : [];
    // the first recipe in the spec's order whose inputs were all filed and are of one vintage
    for (const [method, inputs] of recipes) {
      if (inputs.some((i) => i === null)) continue;
      const ok = inputs as Surviving[];
      if (mixed(role, ok)) continue;
      const newest = ok.reduce((a, b) => (b.supplied > a.supplied ? b : a));
      const t = quarterTruth(s, yi, q, newest.filing.basis);
      return { value: role === 'eps' ? NaN : t[role], method };
    }
    return null;
  };

  const out: ExpectedPeriod[] = [];
  const derive = (p: ExpectedPeriod) => {
    const r = p.facts[c.revenue];
    const k = p.facts[c.cost];
    if (r !== undefined && k !== undefined) p.facts[c.gross] = r - k;
  };

  if (series === 'annual') {
    ys.forEach((y, yi) => {
      const p: ExpectedPeriod = { period: y.quarterEnds[3], fiscalYear: y.label, fiscalPeriod: 'FY', facts: {}, recon: {} };
      for (const role of [...FLOW_ROLES, 'eps'] as Role[]) {
        const v = surviving(spanKey(role, yi, 1, 4));
        if (v) p.facts[conceptOf(role)] = v.value;
      }
      const bal = surviving(instantKey(yi, 4));
      if (bal) p.facts[c.assets] = bal.value;
      derive(p);
      if (Object.keys(p.facts).length > 0) out.push(p);
    });
    return out.sort((a, b) => b.period.localeCompare(a.period));
  }

  const quarters: (ExpectedPeriod & { idx: number })[] = [];
  ys.forEach((y, yi) => {
    for (let q = 1; q <= 4; q++) {
      const p = { period: defined(y.quarterEnds[q - 1], 'y.quarterEnds[q - 1]'), fiscalYear: y.label, fiscalPeriod: `Q${String(q)}`, facts: {} as Record<string, number>, recon: {} as Record<string, string>, idx: yi * 4 + q };
      for (const role of FLOW_ROLES) {
        const v = quarterFlow(role, yi, q);
        if (!v) continue;
        p.facts[conceptOf(role)] = v.value;
        if (v.method) p.recon[conceptOf(role)] = v.method;
      }
      const eps = surviving(spanKey('eps', yi, q, q));
      const ni = p.facts[c.income];
      const sh = p.facts[c.shares];
      const epsFiledForYear = [[1, 4], [1, 3], [1, 2]].some(([a, b]) => surviving(spanKey('eps', yi, defined(a, 'a'), defined(b, 'b'))));
      if (eps) p.facts[c.eps] = eps.value;
      else if (epsFiledForYear && ni !== undefined && sh !== undefined && (p.recon[c.income] || p.recon[c.shares])) {
        p.facts[c.eps] = round2(ni / sh);
        p.recon[c.eps] = p.recon[c.income] ?? defined(p.recon[c.shares], 'p.recon[c.shares]');
      }
      const bal = surviving(instantKey(yi, q));
      if (bal) p.facts[c.assets] = bal.value;
      derive(p);
      if (Object.keys(p.facts).length > 0) quarters.push(p);
    }
  });
  if (series === 'quarter') return quarters.map((q): ExpectedPeriod => ({ period: q.period, fiscalYear: q.fiscalYear, fiscalPeriod: q.fiscalPeriod, facts: q.facts, recon: q.recon })).sort((a, b) => b.period.localeCompare(a.period));

  const byIdx = new Map(quarters.map((q) => [q.idx, q]));
  for (const last of quarters) {
    const window = [0, 1, 2, 3].map((k) => byIdx.get(last.idx - k));
    const p: ExpectedPeriod = { period: last.period, fiscalYear: last.fiscalYear, fiscalPeriod: 'TTM', facts: {}, recon: {} };
    for (const role of FLOW_ROLES) {
      const vals = window.map((w) => w?.facts[conceptOf(role)]);
      if (vals.some((v) => v === undefined)) continue;
      const nums = vals as number[];
      p.facts[conceptOf(role)] = role === 'shares' ? Math.floor(nums.reduce((a, b) => a + b, 0) / 4 + 0.5) : nums.reduce((a, b) => a + b, 0);
    }
    if (Object.keys(p.facts).length === 0) continue;
    const ni = p.facts[c.income];
    const sh = p.facts[c.shares];
    if (ni !== undefined && sh !== undefined) p.facts[c.eps] = round2(ni / sh);
    const bal = last.facts[c.assets];
    if (bal !== undefined) p.facts[c.assets] = bal;
    derive(p);
    out.push(p);
  }
  return out.sort((a, b) => b.period.localeCompare(a.period));
}
