// The dimensional footnote facts of a synthetic filer's 10-K for one fiscal year, derived from its financial model
// with a seeded PRNG: leases, debt tranches, supplier finance, stock compensation, repurchases, restructuring, and
// revenue by product, geography, segment, customer and legal entity, labor costs. Every family reconciles the way a
// filer's note does (maturities to the liability, roll-forwards to their balances, segments to the consolidated figure).
import type { DemoCompany } from './DemoCompany.ts';
import { defined } from '../engine/query/defined.ts';
import { aggregate, type ModelYear } from './financialModel.ts';
import type { IxDimension, IxFact } from './inlineXbrlDocument.ts';
import { priceOn } from './ownershipCast.ts';
import { jitter, prng } from './prng.ts';

/** Round to the nearest thousand: the documents show money and shares in thousands. */
const k = (x: number): number => Math.round(x / 1000) * 1000;
const rate = (x: number): number => Math.round(x * 10_000) / 10_000;

const AWARD = 'us-gaap:AwardTypeAxis';
const DEBT = 'us-gaap:DebtInstrumentAxis';
const PLAN = 'us-gaap:RestructuringPlanAxis';
const COST = 'us-gaap:RestructuringCostAndReserveAxis';
const SEGMENT = 'us-gaap:StatementBusinessSegmentsAxis';
const CONSOLIDATION = 'srt:ConsolidationItemsAxis';

/** Senior notes every demo filer carries while outstanding: issued in `issued`, due in `due`. */
const TRANCHES = [
  { coupon: 0.0325, issued: 2017, due: 2027, share: 0.9 },
  { coupon: 0.041, issued: 2021, due: 2031, share: 1.2 },
  { coupon: 0.0475, issued: 2016, due: 2036, share: 0.7 },
  { coupon: 0.055, issued: 2019, due: 2049, share: 0.5 },
] as const;

/** The yearly maturity buckets of a lease note, in the order of the payments due each year. */
const MATURITY_YEARS = ['NextTwelveMonths', 'YearTwo', 'YearThree', 'YearFour', 'YearFive'] as const;

/** ASU 2022-04: supplier finance programs are disclosed from 2023, the roll-forward from 2024. */
const SUPPLIER_FINANCE_FROM = 2023;

export interface FootnoteYearInput {
  company: DemoCompany;
  /** Prefix of the filer's extension members. */
  prefix: string;
  model: Map<number, ModelYear>;
  fy: number;
  /** First modelled year: roll-forwards run from here so consecutive 10-Ks agree on shared balances. */
  firstYear: number;
  /** The fiscal year the demo restructuring plan starts (its charges run that year and the next). */
  restructuringYear: number;
}

interface RsuYear {
  opening: number;
  grants: number;
  vested: number;
  forfeited: number;
  closing: number;
  grantPrice: number;
}

/** The RSU roll-forward of every year from firstYear to fy: each year opens with the prior closing balance. */
function rsuYears(input: FootnoteYearInput): Map<number, RsuYear> {
  const random = prng(input.company.seed ^ 0x45a);
  const out = new Map<number, RsuYear>();
  let balance = k(input.company.sharesOutstanding * 0.006);
  for (let fy = input.firstYear; fy <= input.fy; fy++) {
    const year = defined(input.model.get(fy), `model year ${String(fy)}`);
    const grants = k(balance * 0.5 * jitter(random, 0.1));
    const vested = k(balance * 0.38 * jitter(random, 0.1));
    const forfeited = k(balance * 0.04 * jitter(random, 0.2));
    const closing = balance + grants - vested - forfeited;
    out.set(fy, { opening: balance, grants, vested, forfeited, closing, grantPrice: Math.round(priceOn(input.company, year.fiscal.quarters[0].end) * 100) / 100 });
    balance = closing;
  }
  return out;
}

/** Shares bought back and their cost each year, and the program's authorization and remainder at each year end. */
function buybackYears(input: FootnoteYearInput): Map<number, { shares: number; value: number; authorized: number; remaining: number }> {
  const out = new Map<number, { shares: number; value: number; authorized: number; remaining: number }>();
  if (input.company.annualBuyback <= 0) return out;
  let authorized = 0;
  let remaining = 0;
  for (let fy = input.firstYear; fy <= input.fy; fy++) {
    const year = defined(input.model.get(fy), `model year ${String(fy)}`);
    const shares = k(year.quarters[0].sharesOutstanding * input.company.annualBuyback);
    const price = priceOn(input.company, year.fiscal.quarters[1].end);
    const value = k(shares * price);
    // the board tops the program up when less than a year and a half of buying is left
    if (remaining < value * 1.5) {
      authorized += k(value * 4);
      remaining += k(value * 4);
    }
    remaining -= value;
    out.set(fy, { shares, value, authorized, remaining });
  }
  return out;
}

/** All footnote facts of the fiscal year's 10-K. */
export function footnoteFacts(input: FootnoteYearInput): IxFact[] {
  const { company, prefix, model, fy } = input;
  const year = model.get(fy);
  const prior = model.get(fy - 1);
  if (!year || !prior) throw new Error(`${company.name}: fiscal years ${String(fy - 1)} and ${String(fy)} must be modelled for its footnotes`);
  const random = prng(company.seed * 7919 + fy);
  const n = aggregate(year, 1, 4);
  const revenue = n.revenue;
  const { start, end } = year.fiscal;
  const priorEnd = prior.fiscal.end;
  const facts: IxFact[] = [];
  const flow = (concept: string, value: number, dims: IxDimension[] = [], unit: IxFact['unit'] = 'money') =>
    facts.push({ concept, start, end, dims, unit, value });
  const balance = (concept: string, value: number, dims: IxDimension[] = [], unit: IxFact['unit'] = 'money', at = end) =>
    facts.push({ concept, start: null, end: at, dims, unit, value });
  const member = (name: string) => `${prefix}:${name}Member`;

  // Leases: undiscounted maturities that sum to their total; total less imputed interest is the liability.
  for (const side of ['operating', 'finance'] as const) {
    const base = k(revenue * (side === 'operating' ? 0.02 : 0.004) * jitter(random, 0.1));
    const years = [1, 0.9, 0.78, 0.66, 0.55].map((f) => k(base * f));
    const after = k(base * 1.6);
    const total = years.reduce((s, v) => s + v, 0) + after;
    const discount = side === 'operating' ? rate(0.038 + 0.01 * random()) : rate(0.045 + 0.01 * random());
    const excess = k(total * (side === 'operating' ? 0.13 : 0.09));
    const liability = total - excess;
    const current = k(defined(years[0], 'first maturity year') * 0.82);
    const maturities = MATURITY_YEARS.map((name, i) => [name, defined(years[i], `maturity ${name}`)] as const);
    if (side === 'operating') {
      for (const [name, value] of maturities) balance(`us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue${name}`, value);
      balance('us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueAfterYearFive', after);
      balance('us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue', total);
      balance('us-gaap:LesseeOperatingLeaseLiabilityUndiscountedExcessAmount', excess);
      balance('us-gaap:OperatingLeaseLiability', liability);
      balance('us-gaap:OperatingLeaseLiabilityCurrent', current);
      balance('us-gaap:OperatingLeaseLiabilityNoncurrent', liability - current);
      balance('us-gaap:OperatingLeaseRightOfUseAsset', k(liability * 0.94));
      balance('us-gaap:OperatingLeaseWeightedAverageDiscountRatePercent', discount, [], 'pure');
      flow('us-gaap:OperatingLeaseCost', k(base * 1.04));
      flow('us-gaap:VariableLeaseCost', k(base * 0.12));
      flow('us-gaap:ShortTermLeaseCost', k(base * 0.05));
      flow('us-gaap:OperatingLeasePayments', k(base * 0.99));
    } else {
      for (const [name, value] of maturities) balance(`us-gaap:FinanceLeaseLiabilityPaymentsDue${name}`, value);
      balance('us-gaap:FinanceLeaseLiabilityPaymentsDueAfterYearFive', after);
      balance('us-gaap:FinanceLeaseLiabilityPaymentsDue', total);
      balance('us-gaap:FinanceLeaseLiabilityUndiscountedExcessAmount', excess);
      balance('us-gaap:FinanceLeaseLiability', liability);
      balance('us-gaap:FinanceLeaseLiabilityCurrent', current);
      balance('us-gaap:FinanceLeaseLiabilityNoncurrent', liability - current);
      balance('us-gaap:FinanceLeaseRightOfUseAsset', k(liability * 0.9));
      balance('us-gaap:FinanceLeaseWeightedAverageDiscountRatePercent', discount, [], 'pure');
      flow('us-gaap:FinanceLeaseRightOfUseAssetAmortization', k(base * 0.8));
      flow('us-gaap:FinanceLeaseInterestExpense', k(liability * discount));
      flow('us-gaap:FinanceLeasePrincipalPayments', k(base * 0.75));
      flow('us-gaap:FinanceLeaseInterestPaymentOnLiability', k(liability * discount));
    }
  }

  // Debt: one member per outstanding tranche, its due year in the member name, as filers name them.
  let carryingTotal = 0;
  for (const t of TRANCHES) {
    if (fy < t.issued || fy >= t.due) continue;
    const dims: IxDimension[] = [[DEBT, member(`SeniorNotes${(t.coupon * 100).toFixed(2)}PercentDue${String(t.due)}`)]];
    const face = k(company.baseQuarterRevenue * t.share);
    const unamortized = k(face * 0.004 * (t.due - fy) / (t.due - t.issued));
    balance('us-gaap:DebtInstrumentFaceAmount', face, dims);
    balance('us-gaap:DebtInstrumentCarryingAmount', face - unamortized, dims);
    balance('us-gaap:DebtInstrumentUnamortizedDiscountPremiumAndDebtIssuanceCostsNet', unamortized, dims);
    balance('us-gaap:DebtInstrumentFairValue', k(face * jitter(random, 0.04)), dims);
    balance('us-gaap:DebtInstrumentInterestRateStatedPercentage', t.coupon, dims, 'pure');
    carryingTotal += face - unamortized;
  }
  if (carryingTotal > 0) balance('us-gaap:LongTermDebt', carryingTotal);

  // Supplier finance: manufacturers and retailers (thin gross margins) confirm invoices under a bank program.
  if (company.grossMargin < 0.5 && fy >= SUPPLIER_FINANCE_FROM) {
    const program: IxDimension[] = [['us-gaap:SupplierFinanceProgramAxis', member('SupplyChainFinanceProgram')]];
    const obligationAt = (y: ModelYear) => k(aggregate(y, 1, 4).costOfRevenue * 0.03);
    const opening = obligationAt(prior);
    const closing = obligationAt(year);
    balance('us-gaap:SupplierFinanceProgramObligation', closing);
    balance('us-gaap:SupplierFinanceProgramObligation', opening, [], 'money', priorEnd);
    balance('us-gaap:SupplierFinanceProgramObligation', closing, program);
    balance('us-gaap:SupplierFinanceProgramObligationCurrent', closing);
    if (fy > SUPPLIER_FINANCE_FROM) {
      const settled = k(n.costOfRevenue * 0.18);
      flow('us-gaap:SupplierFinanceProgramObligationIncrease', closing - opening + settled);
      flow('us-gaap:SupplierFinanceProgramObligationDecreaseSettlement', settled);
    }
  }

  // Stock compensation by award type; the RSU roll-forward opens with the prior 10-K's closing balance.
  const rsu = defined(rsuYears(input).get(fy), `RSU roll-forward of ${String(fy)}`);
  const rsuDims: IxDimension[] = [[AWARD, 'us-gaap:RestrictedStockUnitsRSUMember']];
  const rsuExpense = k(rsu.vested * rsu.grantPrice * 1.1);
  const awards: [string, number][] = [
    ['us-gaap:RestrictedStockUnitsRSUMember', rsuExpense],
    ['us-gaap:PerformanceSharesMember', k(rsuExpense * 0.35)],
    ['us-gaap:EmployeeStockOptionMember', k(rsuExpense * 0.12)],
  ];
  for (const [award, expense] of awards) {
    flow('us-gaap:ShareBasedPaymentArrangementExpense', expense, [[AWARD, award]]);
    balance('us-gaap:ShareBasedPaymentArrangementNonvestedAwardCostNotYetRecognizedAmount', k(expense * 1.6), [[AWARD, award]]);
  }
  flow('us-gaap:ShareBasedPaymentArrangementExpense', awards.reduce((s, [, v]) => s + v, 0));
  const nonvested = 'us-gaap:ShareBasedCompensationArrangementByShareBasedPaymentAwardEquityInstrumentsOtherThanOptions';
  balance(`${nonvested}NonvestedNumber`, rsu.opening, rsuDims, 'shares', priorEnd);
  flow(`${nonvested}GrantsInPeriod`, rsu.grants, rsuDims, 'shares');
  flow(`${nonvested}VestedInPeriod`, rsu.vested, rsuDims, 'shares');
  flow(`${nonvested}ForfeitedInPeriod`, rsu.forfeited, rsuDims, 'shares');
  balance(`${nonvested}NonvestedNumber`, rsu.closing, rsuDims, 'shares');
  flow(`${nonvested}GrantsInPeriodWeightedAverageGrantDateFairValue`, rsu.grantPrice, rsuDims, 'perShare');

  // Repurchases into treasury under a board program.
  const buyback = buybackYears(input).get(fy);
  if (buyback) {
    flow('us-gaap:TreasuryStockSharesAcquired', buyback.shares, [], 'shares');
    flow('us-gaap:TreasuryStockValueAcquiredCostMethod', buyback.value);
    flow('us-gaap:PaymentsForRepurchaseOfCommonStock', buyback.value);
    balance('us-gaap:StockRepurchaseProgramAuthorizedAmount1', buyback.authorized);
    balance('us-gaap:StockRepurchaseProgramRemainingAuthorizedRepurchaseAmount', buyback.remaining);
  }

  // Restructuring: one plan, charged over two years by cost type; reserves roll forward with cash payments.
  const planYear = input.restructuringYear;
  if (fy >= planYear && fy <= planYear + 1) {
    const plan: IxDimension[] = [[PLAN, member(`Fiscal${String(planYear)}RestructuringPlan`)]];
    const size = k(aggregate(defined(model.get(planYear), `model year ${String(planYear)}`), 1, 4).revenue * 0.012);
    const costTypes: [string, number][] = [['us-gaap:EmployeeSeveranceMember', 0.7], ['us-gaap:FacilityClosingMember', 0.3]];
    let charged = 0;
    let toDate = 0;
    for (const [costType, share] of costTypes) {
      const dims: IxDimension[] = [[COST, costType]];
      const first = k(size * share * 0.75);
      const second = k(size * share) - first;
      const charges = fy === planYear ? first : second;
      const opening = fy === planYear ? 0 : k(first * 0.45);
      const closing = fy === planYear ? k(first * 0.45) : k(second * 0.3);
      balance('us-gaap:RestructuringReserve', opening, dims, 'money', priorEnd);
      flow('us-gaap:RestructuringCharges', charges, dims);
      flow('us-gaap:PaymentsForRestructuring', opening + charges - closing, dims);
      balance('us-gaap:RestructuringReserve', closing, dims);
      charged += charges;
      toDate += fy === planYear ? first : first + second;
    }
    flow('us-gaap:RestructuringCharges', charged, plan);
    balance('us-gaap:RestructuringAndRelatedCostExpectedCost1', size, plan);
    balance('us-gaap:RestructuringAndRelatedCostCostIncurredToDate1', toDate, plan);
  }

  // Revenue by product line and by geography; each breakdown sums to consolidated revenue.
  const concept = `us-gaap:${company.revenueConcept}`;
  const products = k(revenue * (0.62 + 0.06 * random()));
  flow(concept, products, [['srt:ProductOrServiceAxis', 'us-gaap:ProductMember']]);
  flow(concept, revenue - products, [['srt:ProductOrServiceAxis', 'us-gaap:ServiceMember']]);
  const geo = 'srt:StatementGeographicalAxis';
  const us = k(revenue * (0.55 + 0.05 * random()));
  const germany = k(revenue * 0.09);
  const europe = germany + k(revenue * 0.12);
  const japan = k(revenue * 0.07);
  flow(concept, us, [[geo, 'country:US']]);
  flow(concept, germany, [[geo, 'country:DE']]);
  flow(concept, europe, [[geo, 'srt:EuropeMember']]);
  flow(concept, japan, [[geo, 'country:JP']]);
  flow(concept, revenue - us - europe - japan, [[geo, member('RestOfWorld')]]);

  // Two operating segments; intersegment sales eliminated, corporate costs and assets held outside the segments.
  const intersegment = k(revenue * 0.03);
  const industrialRevenue = k(revenue * 0.6);
  const segments = [
    { name: 'IndustrialSegment', revenue: industrialRevenue, income: k(n.operatingIncome * 0.7), assets: k(n.assets * 0.5) },
    { name: 'ServicesSegment', revenue: revenue + intersegment - industrialRevenue, income: k(n.operatingIncome * 0.45), assets: k(n.assets * 0.35) },
  ];
  for (const segment of segments) {
    const dims: IxDimension[] = [[SEGMENT, member(segment.name)]];
    flow(concept, segment.revenue, dims);
    flow('us-gaap:OperatingIncomeLoss', segment.income, dims);
    balance('us-gaap:Assets', segment.assets, dims);
  }
  const corporateIncome = segments.reduce((rest, segment) => rest - segment.income, n.operatingIncome);
  const corporateAssets = segments.reduce((rest, segment) => rest - segment.assets, n.assets);
  flow(concept, -intersegment, [[CONSOLIDATION, 'us-gaap:IntersegmentEliminationMember']]);
  flow('us-gaap:OperatingIncomeLoss', corporateIncome, [[CONSOLIDATION, 'us-gaap:CorporateNonSegmentMember']]);
  balance('us-gaap:Assets', corporateAssets, [[CONSOLIDATION, 'us-gaap:CorporateNonSegmentMember']]);

  // One customer above the 10% threshold.
  const share = rate(0.11 + 0.03 * random());
  const customer: IxDimension[] = [['us-gaap:ConcentrationRiskByTypeAxis', 'us-gaap:CustomerConcentrationRiskMember'], ['us-gaap:ConcentrationRiskByBenchmarkAxis', 'us-gaap:SalesRevenueNetMember'], ['srt:MajorCustomersAxis', member('CustomerA')]];
  flow('us-gaap:ConcentrationRiskPercentage1', share, customer, 'pure');
  flow(concept, k(revenue * share), [['srt:MajorCustomersAxis', member('CustomerA')]]);

  // Holding companies file with their operating and financing subsidiaries on the legal-entity axis.
  if (/\bHoldings\b/.test(company.name)) {
    const entity = 'dei:LegalEntityAxis';
    const subs: [string, number][] = [['OperatingSubsidiary', 0.92], ['FinanceSubsidiary', 0.08]];
    for (const [name, part] of subs) {
      const dims: IxDimension[] = [[entity, member(name)]];
      flow(concept, k(revenue * part), dims);
      flow('us-gaap:NetIncomeLoss', k(n.netIncome * part), dims);
      balance('us-gaap:Assets', k(n.assets * part), dims);
    }
  }

  // Labor costs and what the filer owes its employees at year end.
  const labor = k(revenue * (0.18 + 0.04 * random()));
  flow('us-gaap:LaborAndRelatedExpense', labor);
  balance('us-gaap:EmployeeRelatedLiabilitiesCurrent', k(labor * 0.08));
  return facts;
}

/**
 * The footnote facts of the fiscal year's 10-Q for quarter q (1..3): balances at the quarter end (leases with the
 * remainder of the fiscal year kept apart, debt tranches, the supplier finance obligation), and flows for the three
 * months and the year to date (stock compensation by award type, repurchases, revenue by product).
 */
export function quarterFootnoteFacts(input: FootnoteYearInput, q: 1 | 2 | 3): IxFact[] {
  const { company, prefix, model, fy } = input;
  const year = model.get(fy);
  if (!year) throw new Error(`${company.name}: fiscal year ${String(fy)} must be modelled for its 10-Q footnotes`);
  const random = prng(company.seed * 7919 + fy * 4 + q);
  const quarter = defined(year.fiscal.quarters[q - 1], `quarter ${String(q)} of ${String(fy)}`);
  const end = quarter.end;
  const ytdStart = year.fiscal.start;
  const annual = aggregate(year, 1, 4);
  const facts: IxFact[] = [];
  const spans = [[quarter.start, aggregate(year, q, q)], ...(q > 1 ? [[ytdStart, aggregate(year, 1, q)] as const] : [])] as const;
  const balance = (concept: string, value: number, dims: IxDimension[] = [], unit: IxFact['unit'] = 'money') =>
    facts.push({ concept, start: null, end, dims, unit, value });
  const member = (name: string) => `${prefix}:${name}Member`;

  const base = k(annual.revenue * 0.02 * jitter(random, 0.1));
  const remainder = k((base * (4 - q)) / 4);
  const years = [1, 0.9, 0.78, 0.66, 0.55].map((f) => k(base * f));
  const after = k(base * 1.6);
  const total = remainder + years.reduce((s, v) => s + v, 0) + after;
  const excess = k(total * 0.13);
  balance('us-gaap:LesseeOperatingLeaseLiabilityPaymentsRemainderOfFiscalYear', remainder);
  MATURITY_YEARS.forEach((name, i) => balance(`us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue${name}`, defined(years[i], `maturity ${name}`)));
  balance('us-gaap:LesseeOperatingLeaseLiabilityPaymentsDueAfterYearFive', after);
  balance('us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue', total);
  balance('us-gaap:LesseeOperatingLeaseLiabilityUndiscountedExcessAmount', excess);
  balance('us-gaap:OperatingLeaseLiability', total - excess);
  balance('us-gaap:OperatingLeaseRightOfUseAsset', k((total - excess) * 0.94));

  for (const t of TRANCHES) {
    if (fy < t.issued || fy >= t.due) continue;
    const dims: IxDimension[] = [[DEBT, member(`SeniorNotes${(t.coupon * 100).toFixed(2)}PercentDue${String(t.due)}`)]];
    balance('us-gaap:DebtInstrumentFaceAmount', k(company.baseQuarterRevenue * t.share), dims);
    balance('us-gaap:DebtInstrumentInterestRateStatedPercentage', t.coupon, dims, 'pure');
  }

  if (company.grossMargin < 0.5 && fy >= SUPPLIER_FINANCE_FROM) {
    balance('us-gaap:SupplierFinanceProgramObligation', k(aggregate(year, 1, q).costOfRevenue * 0.03 * (4 / q)));
  }

  const concept = `us-gaap:${company.revenueConcept}`;
  const buyback = company.annualBuyback > 0 ? k((year.quarters[0].sharesOutstanding * company.annualBuyback) / 4) : 0;
  // each quarter's purchases at that quarter's closing price, so the year to date is the sum of the 10-Qs' quarters
  const spent = (from: number) => year.fiscal.quarters.slice(from - 1, q).reduce((s, p) => s + k(buyback * priceOn(company, p.end)), 0);
  const productShare = 0.62 + 0.06 * random();
  const expenseShare = 0.006 * jitter(random, 0.1);
  for (const [start, n] of spans) {
    const quarters = start === ytdStart ? q : 1;
    const flow = (c: string, value: number, dims: IxDimension[] = [], unit: IxFact['unit'] = 'money') =>
      facts.push({ concept: c, start, end, dims, unit, value });
    const products = k(n.revenue * productShare);
    flow(concept, products, [['srt:ProductOrServiceAxis', 'us-gaap:ProductMember']]);
    flow(concept, n.revenue - products, [['srt:ProductOrServiceAxis', 'us-gaap:ServiceMember']]);
    const rsuExpense = k(n.revenue * expenseShare);
    flow('us-gaap:ShareBasedPaymentArrangementExpense', rsuExpense, [[AWARD, 'us-gaap:RestrictedStockUnitsRSUMember']]);
    flow('us-gaap:ShareBasedPaymentArrangementExpense', k(rsuExpense * 0.35), [[AWARD, 'us-gaap:PerformanceSharesMember']]);
    if (buyback > 0) {
      flow('us-gaap:TreasuryStockSharesAcquired', buyback * quarters, [], 'shares');
      flow('us-gaap:TreasuryStockValueAcquiredCostMethod', spent(q - quarters + 1));
    }
  }
  return facts;
}
