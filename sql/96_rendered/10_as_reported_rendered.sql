-- Grain: one row per as-reported period of each company in `ciks`, every series, ordered by cik, series, period newest
-- first: as_reported_stored(cik, series, NULL) of many companies in one read of the stored `periods` files of the cik
-- buckets `bs`, which the rendered-answer store (engine/serving) renders after a periods refresh. bs, ciks: comma-
-- separated integers (bucket numbers; the companies, all in those buckets), so a pass over many buckets is one
-- statement with two bound parameters. Same columns as as_reported_stored after cik and series.
CREATE OR REPLACE MACRO as_reported_rendered(bs, ciks) AS TABLE
SELECT r.cik, r.series, r.period, r.fiscalYear, r.fiscalPeriod, r.dateFiled, r.facts, r.sources, r.derived
FROM stored_rows_of('periods', bs, ciks) r
ORDER BY r.cik, r.series, r.period DESC;
