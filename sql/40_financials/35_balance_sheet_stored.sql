-- Grain: one row per period of one company, newest first: balance_sheet(c, period, lim, currency, NULL) read from the
-- materialized `statements` dataset (standard_values_stored) instead of the period engine; engine/query's macroCall
-- picks it while the stored results reflect every ingest and the request has no as_of.
CREATE OR REPLACE MACRO balance_sheet_stored(c, period, lim, currency) AS TABLE
WITH sv AS (SELECT * FROM standard_values_stored(c))
SELECT * EXCLUDE (cik) FROM balance_sheet_lines('sv', period, lim, currency, NULL);
