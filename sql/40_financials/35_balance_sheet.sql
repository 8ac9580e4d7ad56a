-- Grain: one row per period of one company, newest first: the /api/financials/balance-sheet resource computed by the
-- period engine (balance_sheet_lines over standard_values). as_of: only filings accepted on or before it (and no rate
-- published after it); NULL = everything ingested. balance_sheet_stored answers the same for as_of NULL from the
-- materialized `statements` dataset.
CREATE OR REPLACE MACRO balance_sheet(c, period, lim, currency, as_of) AS TABLE
WITH sv AS (SELECT * FROM standard_values(cik_bucket(c), c, as_of))
SELECT * EXCLUDE (cik) FROM balance_sheet_lines('sv', period, lim, currency, as_of);
