-- Grain: one row per as-reported period of one company, newest first, read from the materialized `periods` dataset
-- (period_rows of every company, written by materializePeriods after ingest, sorted by cik). Same columns as
-- as_reported; no as-of (the materialized result is "now"). The path depends on the parameter, so the macro binds
-- only when called (the dataset may not exist yet), and reads the company's bucket file alone.
CREATE OR REPLACE MACRO as_reported_stored(cik, period, lim) AS TABLE
SELECT r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.facts, r.sources, r.derived
FROM read_parquet(getvariable('warehouse') || '/periods/bucket=' || cik_bucket(cik) || '/*.parquet') r
WHERE r.cik = cik AND r.series = period
ORDER BY r.period DESC
LIMIT lim;
