-- Grain: one row per (statement, line): which standard lines each statement serves and in which order. A line may sit
-- on two statements (depreciation and amortization: income statement and cash-flow statement). Balance-sheet helper
-- lines used only to derive others (liabilitiesAndEquity, temporaryEquity) are served too, so the derivation can be
-- audited from the response itself.
CREATE OR REPLACE VIEW statement_layout AS
SELECT statement, line, position FROM (VALUES
  ('income', 'revenue', 1), ('income', 'costOfRevenue', 2), ('income', 'grossProfit', 3),
  ('income', 'researchAndDevelopment', 4), ('income', 'sellingGeneralAdministrative', 5),
  ('income', 'operatingExpenses', 6), ('income', 'operatingIncome', 7), ('income', 'interestExpense', 8),
  ('income', 'pretaxIncome', 9), ('income', 'incomeTax', 10), ('income', 'netIncome', 11),
  ('income', 'netIncomeToCommon', 12), ('income', 'epsBasic', 13), ('income', 'epsDiluted', 14),
  ('income', 'sharesBasic', 15), ('income', 'sharesDiluted', 16), ('income', 'depreciationAmortization', 17),
  ('income', 'ebitda', 18),
  ('balance', 'cashAndEquivalents', 1), ('balance', 'shortTermInvestments', 2), ('balance', 'receivables', 3),
  ('balance', 'inventory', 4), ('balance', 'currentAssets', 5), ('balance', 'propertyPlantEquipment', 6),
  ('balance', 'goodwill', 7), ('balance', 'intangibles', 8), ('balance', 'totalAssets', 9),
  ('balance', 'accountsPayable', 10), ('balance', 'shortTermDebt', 11), ('balance', 'longTermDebt', 12),
  ('balance', 'currentLiabilities', 13), ('balance', 'totalLiabilities', 14), ('balance', 'temporaryEquity', 15),
  ('balance', 'retainedEarnings', 16), ('balance', 'stockholdersEquity', 17), ('balance', 'noncontrollingInterest', 18),
  ('balance', 'totalEquity', 19), ('balance', 'liabilitiesAndEquity', 20),
  ('cash_flow', 'netIncome', 1), ('cash_flow', 'depreciationAmortization', 2), ('cash_flow', 'stockBasedCompensation', 3),
  ('cash_flow', 'operatingCashFlow', 4), ('cash_flow', 'capitalExpenditure', 5), ('cash_flow', 'investingCashFlow', 6),
  ('cash_flow', 'dividendsPaid', 7), ('cash_flow', 'shareRepurchases', 8), ('cash_flow', 'financingCashFlow', 9),
  ('cash_flow', 'freeCashFlow', 10)
) AS t(statement, line, position);
