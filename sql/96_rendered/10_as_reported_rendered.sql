-- Grain: one row per as-reported period of each company of cik bucket b with lo <= cik <= hi, every series, ordered by
-- cik, series, period newest first: as_reported_stored(cik, series, NULL) of many companies in one read of the bucket's
-- stored `periods` file, which the rendered-answer store (engine/serving) renders after each periods refresh. Same
-- columns as as_reported_stored after cik and series.
CREATE OR REPLACE MACRO as_reported_rendered(b, lo, hi) AS TABLE
SELECT r.cik, r.series, r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.facts, r.sources, r.derived
FROM read_parquet(getvariable('warehouse') || '/periods/bucket=' || b || '/*.parquet') r
WHERE r.cik BETWEEN lo AND hi
ORDER BY r.cik, r.series, r.period DESC;
