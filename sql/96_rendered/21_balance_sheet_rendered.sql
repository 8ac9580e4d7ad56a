-- Grain: one row per period of each company of cik bucket b with lo <= cik <= hi, ordered by cik, newest first:
-- balance_sheet_stored(cik, period, NULL, currency) of many companies in one read of the bucket's stored `statements` file
-- (balance_sheet_lines carries cik), which the rendered-answer store (engine/serving) renders after each periods refresh.
CREATE OR REPLACE MACRO balance_sheet_rendered(b, lo, hi, period, currency) AS TABLE
WITH sv AS (
  SELECT s.*
  FROM read_parquet(getvariable('warehouse') || '/statements/bucket=' || b || '/*.parquet', hive_partitioning := false) s
  WHERE s.cik BETWEEN lo AND hi
)
SELECT * FROM balance_sheet_lines('sv', period, NULL, currency, NULL);
