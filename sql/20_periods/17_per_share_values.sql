-- Grain: one row per (cik, series, fiscal_year, fiscal_period, period_end, eps concept, eps unit): a per-share figure
-- recomputed from a numerator and a denominator of the same period (eps_recipes, best rank wins), rounded to the
-- precision the company files that EPS with. Shared by the quarter reconstruction and the trailing-twelve-month series.
-- eps_filed names a relation (cik, fiscal_year, eps_concept, eps_unit, eps_decimals): the EPS concepts the company
-- files, per fiscal year (an equality, so the joins stay hash joins); parts names a relation shaped like quarter_values (series, fiscal_year, fiscal_period,
-- period_end, concept, unit, value, method, inputs, refs, newest_filed, oldest_seen). Only periods where the numerator
-- or the denominator was itself computed (method not NULL) are recomputed; inputs and refs are the numerator's then the
-- denominator's, newest_filed / oldest_seen the newer / older of the two.
CREATE OR REPLACE MACRO per_share_values(eps_filed, parts) AS TABLE
WITH numerators AS (
  -- only the facts a recipe can use, before any join: whatever order the optimizer picks, it never pairs every fact
  -- of a period with every other
  SELECT * FROM query_table(parts) WHERE concept IN (SELECT numerator FROM eps_recipes)
),
denominators AS (
  SELECT * FROM query_table(parts) WHERE unit = 'shares' AND concept IN (SELECT denominator FROM eps_recipes)
),
candidates AS (
  SELECT r.rank, n.cik, n.series, n.fiscal_year, n.fiscal_period, n.period_end, e.eps_concept AS concept,
         e.eps_unit AS unit, 'per_share' AS kind, round(n.value / nullif(d.value, 0), e.eps_decimals) + 0.0 AS value,
         e.eps_decimals AS decimals, coalesce(n.method, d.method) AS method, n.inputs || d.inputs AS inputs,
         list_concat(n.refs, d.refs) AS refs, greatest(n.newest_filed, d.newest_filed) AS newest_filed,
         least(n.oldest_seen, d.oldest_seen) AS oldest_seen
  FROM query_table(eps_filed) e
  JOIN eps_recipes r ON r.eps_concept = e.eps_concept
  JOIN numerators n ON n.cik = e.cik AND n.fiscal_year = e.fiscal_year
                           AND n.concept = r.numerator AND e.eps_unit = n.unit || '/shares'
  JOIN denominators d ON d.cik = n.cik AND d.series = n.series AND d.fiscal_year = n.fiscal_year
                           AND d.fiscal_period = n.fiscal_period AND d.period_end = n.period_end
                           AND d.concept = r.denominator AND d.unit = 'shares'
  WHERE n.method IS NOT NULL OR d.method IS NOT NULL
),
best AS (
  -- the best-ranked recipe per period and concept (an aggregate: cheaper than a window on small inputs)
  SELECT arg_min(x, x.rank) AS best FROM candidates x
  GROUP BY x.cik, x.series, x.fiscal_year, x.fiscal_period, x.period_end, x.concept, x.unit
)
SELECT * EXCLUDE (rank) FROM (SELECT unnest(best) FROM best) WHERE value IS NOT NULL;
