-- Grain: one row per period of one company, newest first: the columns of the /api/financials/cash-flow resource. Every line is a JSON number or
-- null; `concepts` names the XBRL concept (or the derivation) behind each line present. period: annual | quarter (Q2/Q3/Q4 from year-to-date spans where not filed) | ttm;
-- rel: the caller's relation of the company's standard_values rows (cash_flow: computed, cash_flow_stored: materialized);
-- cik first (rel may hold many companies: the rendered store's bucket pass; one company's callers drop it);
-- currency: USD | original | ISO 4217; lim: maximum number of periods (NULL = all); as_of: no rate published after it.
CREATE OR REPLACE MACRO cash_flow_lines(rel, period, lim, currency, as_of) AS TABLE
SELECT r.cik, r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.currency,
       r.values['netIncome'] AS netIncome,
       r.values['depreciationAmortization'] AS depreciationAmortization,
       r.values['stockBasedCompensation'] AS stockBasedCompensation,
       r.values['operatingCashFlow'] AS operatingCashFlow,
       r.values['capitalExpenditure'] AS capitalExpenditure,
       r.values['investingCashFlow'] AS investingCashFlow,
       r.values['dividendsPaid'] AS dividendsPaid,
       r.values['shareRepurchases'] AS shareRepurchases,
       r.values['financingCashFlow'] AS financingCashFlow,
       r.values['freeCashFlow'] AS freeCashFlow,
       r.concepts, r.fx
FROM statement_rows(rel, 'cash_flow', period, lim, currency, as_of) r;
