-- Grain: one row per period of one company, newest first: the columns of the /api/financials/balance-sheet resource. Every line is a JSON number or
-- null; `concepts` names the XBRL concept (or the derivation) behind each line present. period: annual | quarter (period-end balances; Q4 = fiscal-year end); no ttm;
-- rel: the caller's relation of the company's standard_values rows (balance_sheet: computed, balance_sheet_stored: materialized);
-- cik first (rel may hold many companies: the rendered store's bucket pass; one company's callers drop it);
-- currency: USD | original | ISO 4217; lim: maximum number of periods (NULL = all); as_of: no rate published after it.
CREATE OR REPLACE MACRO balance_sheet_lines(rel, period, lim, currency, as_of) AS TABLE
SELECT r.cik, r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.currency,
       r.values['cashAndEquivalents'] AS cashAndEquivalents,
       r.values['shortTermInvestments'] AS shortTermInvestments,
       r.values['receivables'] AS receivables,
       r.values['inventory'] AS inventory,
       r.values['currentAssets'] AS currentAssets,
       r.values['propertyPlantEquipment'] AS propertyPlantEquipment,
       r.values['goodwill'] AS goodwill,
       r.values['intangibles'] AS intangibles,
       r.values['totalAssets'] AS totalAssets,
       r.values['accountsPayable'] AS accountsPayable,
       r.values['shortTermDebt'] AS shortTermDebt,
       r.values['longTermDebt'] AS longTermDebt,
       r.values['currentLiabilities'] AS currentLiabilities,
       r.values['totalLiabilities'] AS totalLiabilities,
       r.values['temporaryEquity'] AS temporaryEquity,
       r.values['retainedEarnings'] AS retainedEarnings,
       r.values['stockholdersEquity'] AS stockholdersEquity,
       r.values['noncontrollingInterest'] AS noncontrollingInterest,
       r.values['totalEquity'] AS totalEquity,
       r.values['liabilitiesAndEquity'] AS liabilitiesAndEquity,
       r.concepts, r.fx
FROM statement_rows(rel, 'balance', period, lim, currency, as_of) r;
