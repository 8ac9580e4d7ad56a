-- Grain: one row per company of bucket b (or company c): how many fiscal quarters of a flow or weighted-average fact
-- could be reconstructed from filed year-to-date spans (the spec's recipes: Q2 = H1 - Q1; Q3 = 9M - H1 or
-- 9M - Q1 - Q2; Q4 = FY - 9M, FY - H1 - Q3 or FY - Q1 - Q2 - Q3, all inputs of one concept and unit, no three-month
-- figure filed), how many of them the quarter series serves, and why the others are withheld: an input of the
-- concept that year was restated (a different value for the same span; the mixed-vintage rule), or the fact is a
-- share count that is not additive (a negative difference). `unexplained` should be 0.
-- Not loaded at start-up (no layer prefix): at the REPL, run this file, then
--   SELECT * FROM recon_coverage(cik_bucket(320193), 320193);
CREATE OR REPLACE MACRO recon_coverage(b, c) AS TABLE
WITH p AS MATERIALIZED (
  SELECT cik, fiscal_year, label, concept, unit, before, fact_kind(concept, unit, period_start IS NULL) AS kind
  FROM fact_periods(b, c, NULL)
  WHERE fact_kind(concept, unit, period_start IS NULL) IN ('flow', 'wavg')
),
spans AS (
  SELECT cik, fiscal_year, concept, unit, kind, list(DISTINCT label) AS has, bool_or(before IS NOT NULL) AS restated
  FROM p GROUP BY ALL
),
candidates AS (
  SELECT cik, fiscal_year, concept, unit, kind, restated, q AS fiscal_period
  FROM spans, unnest(['Q2', 'Q3', 'Q4']) AS t(q)
  WHERE NOT list_contains(has, q)
    AND CASE q
      WHEN 'Q2' THEN list_has_all(has, ['H1', 'Q1'])
      WHEN 'Q3' THEN list_has_all(has, ['9M', 'H1']) OR list_has_all(has, ['9M', 'Q1', 'Q2'])
      WHEN 'Q4' THEN list_has_all(has, ['FY', '9M']) OR list_has_all(has, ['FY', 'H1', 'Q3'])
                  OR list_has_all(has, ['FY', 'Q1', 'Q2', 'Q3'])
    END
),
served AS (
  SELECT DISTINCT cik, fiscal_year, fiscal_period, concept, unit FROM quarter_values(b, c, NULL)
  WHERE series = 'quarter' AND method LIKE '%-Recon-%' AND kind IN ('flow', 'wavg')
),
classified AS (
  SELECT k.*, s.cik IS NOT NULL AS is_served FROM candidates k
  LEFT JOIN served s USING (cik, fiscal_year, fiscal_period, concept, unit)
)
SELECT cik,
       count(*)::INTEGER AS reconstructible,
       count(*) FILTER (WHERE is_served)::INTEGER AS served,
       count(*) FILTER (WHERE NOT is_served AND restated)::INTEGER AS withheld_restated,
       count(*) FILTER (WHERE NOT is_served AND NOT restated AND unit = 'shares' AND kind = 'flow')::INTEGER AS withheld_share_counts,
       count(*) FILTER (WHERE NOT is_served AND NOT restated AND NOT (unit = 'shares' AND kind = 'flow'))::INTEGER AS unexplained
FROM classified
GROUP BY cik
ORDER BY cik;
