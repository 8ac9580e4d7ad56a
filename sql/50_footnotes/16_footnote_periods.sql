-- Grain: one row per (cik, series, period_end, fiscal_period): the newest `lim` periods of one series that carry any
-- footnote fact, with the period-series fields: period, fiscalYear, fiscalPeriod, dateFiled (acceptance date of the
-- newest filing contributing to the period; NULL when none is dated). `rows` names a footnote_series relation.
-- period: 'annual' | 'quarter' (anything else is an error); lim: NULL = all.
CREATE OR REPLACE MACRO footnote_periods(rows, period, lim) AS TABLE
WITH checked AS (
  SELECT CASE WHEN period IN ('annual', 'quarter') THEN period
              ELSE error('footnotes: period must be ''annual'' or ''quarter''') END AS series
),
periods AS (
  SELECT r.cik, r.series, r.period_end, r.fiscal_period, max(r.fiscal_year)::INTEGER AS fiscal_year,
         max(r.date_filed) AS date_filed
  FROM query_table(rows) r, checked k
  WHERE r.series = k.series
  GROUP BY ALL
)
SELECT cik, series, period_end, fiscal_period, fiscal_year,
       strftime(period_end, '%Y-%m-%d') AS period, fiscal_year AS fiscalYear, fiscal_period AS fiscalPeriod,
       strftime(date_filed, '%Y-%m-%d') AS dateFiled
FROM periods
ORDER BY period_end DESC
LIMIT lim;
