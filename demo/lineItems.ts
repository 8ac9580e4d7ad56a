// Which concepts a synthetic filer tags, under which taxonomy and unit, and how each reads the model's numbers.
import type { DemoCompany } from './DemoCompany.ts';
import type { aggregate } from './financialModel.ts';

type Numbers = ReturnType<typeof aggregate>;

export interface LineItem {
  taxonomy: 'us-gaap' | 'ifrs-full' | 'dei';
  concept: string;
  label: string;
  /** 'money' is the filer's currency; per-share is money per share. */
  unit: 'money' | 'shares' | 'per-share';
  /** flow: every duration the statement shows; ytd: cash-flow items, year-to-date only; instant: balance sheet. */
  kind: 'flow' | 'ytd' | 'instant';
  value: (n: Numbers) => number;
}

const item = (taxonomy: LineItem['taxonomy'], concept: string, label: string, unit: LineItem['unit'], kind: LineItem['kind'], value: LineItem['value']): LineItem =>
  ({ taxonomy, concept, label, unit, kind, value });

function usGaap(revenueConcept: string): LineItem[] {
  const g = (concept: string, label: string, unit: LineItem['unit'], kind: LineItem['kind'], value: LineItem['value']) => item('us-gaap', concept, label, unit, kind, value);
  return [
    g(revenueConcept, 'Revenues', 'money', 'flow', (n) => n.revenue),
    g('CostOfRevenue', 'Cost of Revenue', 'money', 'flow', (n) => n.costOfRevenue),
    g('GrossProfit', 'Gross Profit', 'money', 'flow', (n) => n.grossProfit),
    g('OperatingExpenses', 'Operating Expenses', 'money', 'flow', (n) => n.operatingExpenses),
    g('OperatingIncomeLoss', 'Operating Income (Loss)', 'money', 'flow', (n) => n.operatingIncome),
    g('IncomeLossFromContinuingOperationsBeforeIncomeTaxesExtraordinaryItemsNoncontrollingInterest', 'Income (Loss) before Income Taxes', 'money', 'flow', (n) => n.pretaxIncome),
    g('IncomeTaxExpenseBenefit', 'Income Tax Expense (Benefit)', 'money', 'flow', (n) => n.incomeTax),
    g('NetIncomeLoss', 'Net Income (Loss) Attributable to Parent', 'money', 'flow', (n) => n.netIncome),
    g('EarningsPerShareBasic', 'Earnings Per Share, Basic', 'per-share', 'flow', (n) => n.epsBasic),
    g('EarningsPerShareDiluted', 'Earnings Per Share, Diluted', 'per-share', 'flow', (n) => n.epsDiluted),
    g('WeightedAverageNumberOfSharesOutstandingBasic', 'Weighted Average Number of Shares Outstanding, Basic', 'shares', 'flow', (n) => n.sharesBasic),
    g('WeightedAverageNumberOfDilutedSharesOutstanding', 'Weighted Average Number of Shares Outstanding, Diluted', 'shares', 'flow', (n) => n.sharesDiluted),
    g('NetCashProvidedByUsedInOperatingActivities', 'Net Cash Provided by (Used in) Operating Activities', 'money', 'ytd', (n) => n.operatingCashFlow),
    g('PaymentsToAcquirePropertyPlantAndEquipment', 'Payments to Acquire Property, Plant, and Equipment', 'money', 'ytd', (n) => n.capex),
    g('CashAndCashEquivalentsAtCarryingValue', 'Cash and Cash Equivalents, at Carrying Value', 'money', 'instant', (n) => n.cash),
    g('Assets', 'Assets', 'money', 'instant', (n) => n.assets),
    g('Liabilities', 'Liabilities', 'money', 'instant', (n) => n.liabilities),
    g('StockholdersEquity', "Stockholders' Equity Attributable to Parent", 'money', 'instant', (n) => n.equity),
    g('LiabilitiesAndStockholdersEquity', "Liabilities and Equity", 'money', 'instant', (n) => n.assets),
  ];
}

function ifrs(): LineItem[] {
  const f = (concept: string, label: string, unit: LineItem['unit'], kind: LineItem['kind'], value: LineItem['value']) => item('ifrs-full', concept, label, unit, kind, value);
  return [
    f('Revenue', 'Revenue', 'money', 'flow', (n) => n.revenue),
    f('CostOfSales', 'Cost of sales', 'money', 'flow', (n) => n.costOfRevenue),
    f('GrossProfit', 'Gross profit', 'money', 'flow', (n) => n.grossProfit),
    f('ProfitLossFromOperatingActivities', 'Profit (loss) from operating activities', 'money', 'flow', (n) => n.operatingIncome),
    f('ProfitLossBeforeTax', 'Profit (loss) before tax', 'money', 'flow', (n) => n.pretaxIncome),
    f('IncomeTaxExpenseContinuingOperations', 'Income tax expense (income)', 'money', 'flow', (n) => n.incomeTax),
    f('ProfitLoss', 'Profit (loss)', 'money', 'flow', (n) => n.netIncome),
    f('BasicEarningsLossPerShare', 'Basic earnings (loss) per share', 'per-share', 'flow', (n) => n.epsBasic),
    f('DilutedEarningsLossPerShare', 'Diluted earnings (loss) per share', 'per-share', 'flow', (n) => n.epsDiluted),
    f('WeightedAverageShares', 'Weighted average number of ordinary shares outstanding', 'shares', 'flow', (n) => n.sharesBasic),
    f('CashFlowsFromUsedInOperatingActivities', 'Cash flows from (used in) operating activities', 'money', 'ytd', (n) => n.operatingCashFlow),
    f('PurchaseOfPropertyPlantAndEquipmentClassifiedAsInvestingActivities', 'Purchase of property, plant and equipment', 'money', 'ytd', (n) => n.capex),
    f('CashAndCashEquivalents', 'Cash and cash equivalents', 'money', 'instant', (n) => n.cash),
    f('Assets', 'Assets', 'money', 'instant', (n) => n.assets),
    f('Liabilities', 'Liabilities', 'money', 'instant', (n) => n.liabilities),
    f('Equity', 'Equity', 'money', 'instant', (n) => n.equity),
    f('EquityAndLiabilities', 'Equity and liabilities', 'money', 'instant', (n) => n.assets),
  ];
}

export function lineItemsOf(company: DemoCompany): LineItem[] {
  return company.regime === 'ifrs' ? ifrs() : usGaap(company.revenueConcept);
}

export function unitName(company: DemoCompany, unit: LineItem['unit']): string {
  return unit === 'money' ? company.currency : unit === 'shares' ? 'shares' : `${company.currency}/shares`;
}
