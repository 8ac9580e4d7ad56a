-- Grain: one row per period of one company, newest first: the /api/financials/cash-flow resource computed by the
-- period engine (cash_flow_lines over standard_values). as_of: only filings accepted on or before it (and no rate
-- published after it); NULL = everything ingested. cash_flow_stored answers the same for as_of NULL from the
-- materialized `statements` dataset.
CREATE OR REPLACE MACRO cash_flow(c, period, lim, currency, as_of) AS TABLE
WITH sv AS (SELECT * FROM standard_values(cik_bucket(c), c, as_of))
SELECT * EXCLUDE (cik) FROM cash_flow_lines('sv', period, lim, currency, as_of);
