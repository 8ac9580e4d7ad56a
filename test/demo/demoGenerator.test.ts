// The synthetic filers look like SEC sources and are internally consistent, so views built on them behave as on real data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEMO_COMPANIES, DEMO_YEARS, syntheticCompanies } from '../../demo/demoCompanies.ts';
import { DEMO_CIK_FIRST, DEMO_CIK_LAST } from '../../demo/DemoCompany.ts';
import { modelCompany } from '../../demo/financialModel.ts';
import { filingSchedule } from '../../demo/filingSchedule.ts';
import { companyFactsJson, frameOf, type CompanyFact } from '../../demo/companyFactsJson.ts';
import { submissionsJson } from '../../demo/submissionsJson.ts';
import { fiscalYear } from '../../demo/fiscalCalendar.ts';
import { daysBetween } from '../../demo/isoDate.ts';
import { defined } from '../helpers/defined.ts';

function sourcesOf(ticker: string) {
  const company = defined(DEMO_COMPANIES.find((c) => c.ticker === ticker), 'DEMO_COMPANIES.find((c) => c.ticker === ticker)');
  const model = modelCompany(company, DEMO_YEARS.first - 2, DEMO_YEARS.last + 1);
  const filings = filingSchedule(company, model, DEMO_YEARS.first, DEMO_YEARS.last);
  return { company, filings, facts: companyFactsJson(company, model, filings), submissions: submissionsJson(company, filings) };
}

function factsOf(doc: ReturnType<typeof companyFactsJson>, taxonomy: string, concept: string, unit: string): CompanyFact[] {
  return doc.facts[taxonomy]?.[concept]?.units[unit] ?? [];
}

test('every demo filer is named as demo data and has a CIK no real registrant uses', () => {
  assert.ok(DEMO_COMPANIES.length >= 5 && DEMO_COMPANIES.length <= 10);
  for (const c of [...DEMO_COMPANIES, ...syntheticCompanies(50)]) {
    assert.match(c.name, /\(DEMO DATA\)$/);
    assert.match(c.ticker, /^DEMO/);
    assert.ok(c.cik >= DEMO_CIK_FIRST && c.cik <= DEMO_CIK_LAST, String(c.cik));
  }
  assert.equal(new Set(DEMO_COMPANIES.map((c) => c.cik)).size, DEMO_COMPANIES.length);
});

test('the cast spans eight or more fiscal years, a 52/53-week September year and a foreign 20-F filer in EUR', () => {
  assert.ok(DEMO_YEARS.last - DEMO_YEARS.first + 1 >= 8);
  const orchard = defined(DEMO_COMPANIES.find((c) => c.ticker === 'DEMOB'), 'DEMO_COMPANIES.find((c) => c.ticker === \'DEMOB\')');
  // FY2023 ran from 2022-09-25 to Saturday 2023-09-30: 53 weeks, the extra week in Q1
  const fy2023 = fiscalYear(orchard, 2023);
  assert.equal(fy2023.start, '2022-09-25');
  assert.equal(fy2023.end, '2023-09-30');
  assert.equal(daysBetween(fy2023.quarters[0].start, fy2023.quarters[0].end) + 1, 98);
  assert.equal(daysBetween(fiscalYear(orchard, 2024).start, fiscalYear(orchard, 2024).end) + 1, 364);
  const europa = sourcesOf('DEMOF');
  assert.deepEqual([...new Set(europa.filings.filter((f) => f.periodic).map((f) => f.form))], ['20-F']);
  // every 20-F reports its own fiscal year's revenue and EPS in euros under ifrs-full
  const annual = europa.filings.filter((f) => f.periodic);
  assert.ok(annual.length >= DEMO_YEARS.last - DEMO_YEARS.first);
  for (const [concept, unit] of [['Revenue', 'EUR'], ['BasicEarningsLossPerShare', 'EUR/shares']] as const) {
    const facts = factsOf(europa.facts, 'ifrs-full', concept, unit);
    for (const f of annual) {
      assert.ok(facts.some((x) => x.accn === f.accession && x.fy === defined(f.periodic, 'f.periodic').fy && x.fp === 'FY' && x.form === '20-F' && Number.isFinite(x.val)), `${concept} in ${f.accession}`);
    }
  }
});

test('a 10-Q reports its three-month and year-to-date durations with prior-year comparatives; a 10-K reports three years', () => {
  const { facts, filings } = sourcesOf('DEMOA');
  const q3 = defined(filings.find((f) => f.form === '10-Q' && f.periodic?.fy === 2020 && f.periodic.fp === 'Q3'), 'filings.find((f) => f.form === \'10-Q\' && f.periodic?.fy === 2020 && f.periodic.fp === \'Q3\')');
  const revenue = factsOf(facts, 'us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD').filter((f) => f.accn === q3.accession);
  assert.deepEqual(revenue.map((f) => `${String(f.start)}..${f.end}`).sort(), [
    '2019-01-01..2019-09-30', '2019-07-01..2019-09-30', '2020-01-01..2020-09-30', '2020-07-01..2020-09-30',
  ]);
  const cash = factsOf(facts, 'us-gaap', 'NetCashProvidedByUsedInOperatingActivities', 'USD').filter((f) => f.accn === q3.accession);
  assert.deepEqual(cash.map((f) => f.start).sort(), ['2019-01-01', '2020-01-01'], 'cash flow is year-to-date only');
  const tenK = defined(filings.find((f) => f.form === '10-K' && f.periodic?.fy === 2020), 'filings.find((f) => f.form === \'10-K\' && f.periodic?.fy === 2020)');
  const annual = factsOf(facts, 'us-gaap', 'NetIncomeLoss', 'USD').filter((f) => f.accn === tenK.accession);
  assert.deepEqual(annual.map((f) => f.end).sort(), ['2018-12-31', '2019-12-31', '2020-12-31']);
  const eps = factsOf(facts, 'us-gaap', 'EarningsPerShareDiluted', 'USD/shares');
  assert.ok(eps.every((f) => Math.abs(Math.round(f.val * 100) - f.val * 100) < 1e-6), 'EPS is in cents');
  assert.ok(factsOf(facts, 'dei', 'EntityCommonStockSharesOutstanding', 'shares').every((f) => f.start === undefined));
});

test('gross profit equals revenue minus cost and assets equal liabilities plus equity in every filing', () => {
  for (const c of DEMO_COMPANIES.filter((x) => x.regime === 'us-gaap')) {
    const { facts } = sourcesOf(c.ticker);
    const key = (f: CompanyFact) => `${f.accn}|${String(f.start)}|${f.end}`;
    const byKey = (concept: string) => new Map(factsOf(facts, 'us-gaap', concept, 'USD').map((f) => [key(f), f.val]));
    const revenue = byKey(c.revenueConcept);
    const cost = byKey('CostOfRevenue');
    for (const [k, gp] of byKey('GrossProfit')) assert.equal(gp, defined(revenue.get(k), 'revenue.get(k)') - defined(cost.get(k), 'cost.get(k)'), `${c.ticker} ${k}`);
    const liabilities = byKey('Liabilities');
    const equity = byKey('StockholdersEquity');
    for (const [k, assets] of byKey('Assets')) assert.equal(assets, defined(liabilities.get(k), 'liabilities.get(k)') + defined(equity.get(k), 'equity.get(k)'), `${c.ticker} ${k}`);
  }
});

test('the 10-K/A restates fourth-quarter revenue of the original 10-K, and later filings carry the restated figure', () => {
  const { facts, filings, company } = sourcesOf('DEMOC');
  const fy = defined(company.restatement, 'company.restatement').fy;
  const original = defined(filings.find((f) => f.form === '10-K' && f.periodic?.fy === fy), 'filings.find((f) => f.form === \'10-K\' && f.periodic?.fy === fy)');
  const amendment = defined(filings.find((f) => f.form === '10-K/A'), 'filings.find((f) => f.form === \'10-K/A\')');
  assert.ok(amendment.filed > original.filed);
  const annual = factsOf(facts, 'us-gaap', 'Revenues', 'USD').filter((f) => f.end === `${String(fy)}-12-31` && f.start === `${String(fy)}-01-01`);
  const value = (accn: string) => defined(annual.find((f) => f.accn === accn), 'annual.find((f) => f.accn === accn)').val;
  assert.equal(value(original.accession) - value(amendment.accession), defined(company.restatement, 'company.restatement').revenueOverstatement);
  const latest = defined(annual.at(-1), 'annual.at(-1)');
  assert.equal(latest.val, value(amendment.accession));
  assert.match(latest.frame ?? '', /^CY2021$/);
});

test('SEC frames go once per period to its latest filing, calendar-aligned', () => {
  assert.equal(frameOf('2022-09-25', '2023-09-30'), 'CY2023');
  assert.equal(frameOf('2024-02-01', '2025-01-31'), 'CY2024');
  assert.equal(frameOf('2023-04-02', '2023-07-01'), 'CY2023Q2');
  assert.equal(frameOf('2022-09-25', '2023-04-01'), null);
  assert.equal(frameOf(undefined, '2025-12-27'), 'CY2025Q4I');
  const { facts } = sourcesOf('DEMOB');
  const list = factsOf(facts, 'us-gaap', 'Assets', 'USD');
  const frames = list.filter((f) => f.frame).map((f) => f.frame);
  assert.equal(new Set(frames).size, frames.length);
});

test('the submissions JSON lists filings newest first with the columns SEC publishes', () => {
  const { submissions, filings } = sourcesOf('DEMOB');
  const recent = (submissions.filings as { recent: Record<string, unknown[]> }).recent;
  assert.equal(defined(recent.accessionNumber, 'recent.accessionNumber').length, filings.length);
  for (const column of Object.values(recent)) assert.equal(column.length, filings.length);
  const dates = recent.filingDate as string[];
  assert.deepEqual(dates, [...dates].sort().reverse());
  assert.equal(submissions.fiscalYearEnd, '0928');
  assert.deepEqual(submissions.tickers, ['DEMOB']);
  assert.ok((recent.accessionNumber as string[]).every((a) => /^0009990002-\d{2}-\d{6}$/.test(a)));
});

test('generating the sources twice gives byte-identical JSON', () => {
  assert.equal(JSON.stringify(sourcesOf('DEMOE').facts), JSON.stringify(sourcesOf('DEMOE').facts));
  assert.equal(JSON.stringify(sourcesOf('DEMOE').submissions), JSON.stringify(sourcesOf('DEMOE').submissions));
});
