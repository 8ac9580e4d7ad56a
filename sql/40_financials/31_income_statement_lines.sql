-- Grain: one row per period of one company, newest first: the columns of the /api/financials/income-statement resource. Every line is a JSON number or
-- null; `concepts` names the XBRL concept (or the derivation) behind each line present. period: annual | quarter (Q4 reconstructed where not filed) | ttm;
-- rel: the caller's relation of the company's standard_values rows (income_statement: computed, income_statement_stored: materialized);
-- cik first (rel may hold many companies: the rendered store's bucket pass; one company's callers drop it);
-- currency: USD | original | ISO 4217; lim: maximum number of periods (NULL = all); as_of: no rate published after it.
CREATE OR REPLACE MACRO income_statement_lines(rel, period, lim, currency, as_of) AS TABLE
SELECT r.cik, r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.currency,
       r.values['revenue'] AS revenue,
       r.values['costOfRevenue'] AS costOfRevenue,
       r.values['grossProfit'] AS grossProfit,
       r.values['researchAndDevelopment'] AS researchAndDevelopment,
       r.values['sellingGeneralAdministrative'] AS sellingGeneralAdministrative,
       r.values['operatingExpenses'] AS operatingExpenses,
       r.values['operatingIncome'] AS operatingIncome,
       r.values['interestExpense'] AS interestExpense,
       r.values['pretaxIncome'] AS pretaxIncome,
       r.values['incomeTax'] AS incomeTax,
       r.values['netIncome'] AS netIncome,
       r.values['netIncomeToCommon'] AS netIncomeToCommon,
       r.values['epsBasic'] AS epsBasic,
       r.values['epsDiluted'] AS epsDiluted,
       r.values['sharesBasic'] AS sharesBasic,
       r.values['sharesDiluted'] AS sharesDiluted,
       r.values['depreciationAmortization'] AS depreciationAmortization,
       r.values['ebitda'] AS ebitda,
       r.concepts, r.fx
FROM statement_rows(rel, 'income', period, lim, currency, as_of) r;
