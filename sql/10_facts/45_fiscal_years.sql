-- Grain: one row per (cik, fiscal_year): the fiscal calendar of one bucket / company / as-of date (see fiscal_calendar).
CREATE OR REPLACE MACRO fiscal_years(b, c, as_of) AS TABLE
WITH latest AS (
  SELECT * FROM fact_latest(b, c, as_of)
)
SELECT * FROM fiscal_calendar('latest');
