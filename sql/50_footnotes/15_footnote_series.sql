-- Grain: one row per footnote fact per period series it belongs to (series: annual | quarter), with the spec's
-- period-series fields. annual: FY durations and fiscal-year-end balances; quarter: three-month spans and quarter-end
-- balances (Q4 holds the fiscal-year-end balances). Year-to-date spans (H1, 9M) belong to neither series.
-- `facts` names a relation shaped like footnote_facts (a CTE of the caller, so the facts are read once).
CREATE OR REPLACE MACRO footnote_series(facts) AS TABLE
SELECT f.*, s.series,
       CASE WHEN s.series = 'annual' THEN 'FY' ELSE f.label END AS fiscal_period
FROM query_table(facts) f
JOIN (VALUES ('annual'), ('quarter')) s(series)
  ON (s.series = 'annual' AND (f.label = 'FY' OR (f.period_start IS NULL AND f.label = 'Q4')))
  OR (s.series = 'quarter' AND f.label IN ('Q1', 'Q2', 'Q3', 'Q4'));
