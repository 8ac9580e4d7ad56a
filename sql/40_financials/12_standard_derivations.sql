-- Grain: one row per (line, rank, term): how a standard line is computed from other lines of the same period when no
-- candidate concept of it was filed. A derivation applies when every required term is present in one unit; an
-- optional term (required = false) counts as 0 when absent (e.g. noncontrolling interest). round 2 derivations may use
-- lines derived in round 1 (EBITDA from a derived operating income); lower rank preferred.
CREATE OR REPLACE VIEW standard_derivations AS
SELECT line, rank, round, term, coef::DOUBLE AS coef, required FROM (VALUES
  ('grossProfit', 1, 1, 'revenue', 1, true),
  ('grossProfit', 1, 1, 'costOfRevenue', -1, true),
  -- revenue from the gross-profit identity, when the top line was filed under a company's own concept
  ('revenue', 1, 1, 'grossProfit', 1, true),
  ('revenue', 1, 1, 'costOfRevenue', 1, true),
  -- a bank's revenue: total interest and dividend income plus noninterest income (the two parts its income statement
  -- presents in place of sales)
  ('revenue', 2, 1, 'interestAndDividendIncome', 1, true),
  ('revenue', 2, 1, 'noninterestIncome', 1, true),
  ('totalEquity', 1, 1, 'stockholdersEquity', 1, true),
  ('totalEquity', 1, 1, 'noncontrollingInterest', 1, false),
  ('netIncomeToCommon', 1, 1, 'netIncome', 1, true),
  ('operatingExpenses', 1, 2, 'grossProfit', 1, true),
  ('operatingExpenses', 1, 2, 'operatingIncome', -1, true),
  -- an IFRS filer's operating cash flow with no total filed: cash from operations and the operating-classified interest,
  -- dividends and taxes after it (the IFRS taxonomy's own calculation of CashFlowsFromUsedInOperatingActivities)
  ('operatingCashFlow', 1, 1, 'cashFromOperations', 1, true),
  ('operatingCashFlow', 1, 1, 'operatingDividendsPaid', -1, false),
  ('operatingCashFlow', 1, 1, 'operatingDividendsReceived', 1, false),
  ('operatingCashFlow', 1, 1, 'operatingInterestPaid', -1, false),
  ('operatingCashFlow', 1, 1, 'operatingInterestReceived', 1, false),
  ('operatingCashFlow', 1, 1, 'operatingIncomeTaxesPaid', -1, false),
  ('operatingCashFlow', 1, 1, 'operatingOtherCashFlows', 1, false),
  -- round 2: from a filed or a derived operating cash flow
  ('freeCashFlow', 1, 2, 'operatingCashFlow', 1, true),
  ('freeCashFlow', 1, 2, 'capitalExpenditure', -1, true),
  ('ebitda', 1, 2, 'operatingIncome', 1, true),
  ('ebitda', 1, 2, 'depreciationAmortization', 1, true),
  -- liabilities = total liabilities and equity - equity incl. noncontrolling interest - temporary (mezzanine) equity
  ('totalLiabilities', 1, 2, 'liabilitiesAndEquity', 1, true),
  ('totalLiabilities', 1, 2, 'totalEquity', -1, true),
  ('totalLiabilities', 1, 2, 'temporaryEquity', -1, false)
) AS t(line, rank, round, term, coef, required);
