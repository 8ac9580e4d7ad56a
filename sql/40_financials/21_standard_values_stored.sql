-- Grain: one row per (series, fiscal_year, fiscal_period, period_end, line) of one company: standard_values(cik_bucket(c),
-- c, NULL) as materialized after ingest (the `statements` dataset, one Parquet file per cik bucket, sorted by cik), so
-- the statement macros read "now" instead of running the period engine. Same columns as standard_values; no as-of
-- (the materialized result is "now"). The path depends on the parameter, so the macro binds only when called (the
-- dataset may not exist yet), and reads the company's bucket file alone (without the folder's bucket= column).
CREATE OR REPLACE MACRO standard_values_stored(c) AS TABLE
SELECT s.*
FROM read_parquet(getvariable('warehouse') || '/statements/bucket=' || cik_bucket(c) || '/*.parquet', hive_partitioning := false) s
WHERE s.cik = c;
