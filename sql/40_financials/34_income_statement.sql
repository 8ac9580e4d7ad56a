-- Grain: one row per period of one company, newest first: the /api/financials/income-statement resource computed by the
-- period engine (income_statement_lines over standard_values). as_of: only filings accepted on or before it (and no rate
-- published after it); NULL = everything ingested. income_statement_stored answers the same for as_of NULL from the
-- materialized `statements` dataset.
CREATE OR REPLACE MACRO income_statement(c, period, lim, currency, as_of) AS TABLE
WITH sv AS (SELECT * FROM standard_values(cik_bucket(c), c, as_of))
SELECT * EXCLUDE (cik) FROM income_statement_lines('sv', period, lim, currency, as_of);
