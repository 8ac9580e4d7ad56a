-- Grain: one row per period of each company of cik bucket b with lo <= cik <= hi, ordered by cik, newest first:
-- cash_flow_stored(cik, period, NULL, currency) of many companies in one read of the bucket's stored `statements` file
-- (cash_flow_lines carries cik), which the rendered-answer store (engine/serving) renders after each periods refresh.
CREATE OR REPLACE MACRO cash_flow_rendered(b, lo, hi, period, currency) AS TABLE
WITH sv AS (
  SELECT s.*
  FROM read_parquet(getvariable('warehouse') || '/statements/bucket=' || b || '/*.parquet', hive_partitioning := false) s
  WHERE s.cik BETWEEN lo AND hi
)
SELECT * FROM cash_flow_lines('sv', period, NULL, currency, NULL);
