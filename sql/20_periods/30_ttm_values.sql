-- Grain: one row per (cik, series, fiscal_year, fiscal_period, concept, unit): quarter_values plus the trailing-twelve-
-- month series ('ttm', fiscal_period 'TTM', one period per quarter end). Over the latest four consecutive fiscal
-- quarters: flows sum; weighted-average share counts are the simple mean of the four quarterly averages rounded
-- half-up to the facts' precision (decimals; whole shares when unknown); per-share figures are recomputed from the
-- trailing numerator / denominator; balances come from the latest quarter. A fact missing from any of the four quarters
-- (e.g. a tag the company stopped using) gets no trailing value: no TTM from stale tags.
CREATE OR REPLACE MACRO ttm_values(b, c, as_of) AS TABLE
WITH q AS MATERIALIZED (
  SELECT * FROM quarter_values(b, c, as_of)
),
quarters AS (
  SELECT *, fiscal_year * 4 + (right(fiscal_period, 1)::INTEGER - 1) AS idx FROM q WHERE series = 'quarter'
),
windowed AS (
  SELECT cik, fiscal_year, fiscal_period, period_end, concept, unit, kind, idx,
         count(*) OVER w AS n, sum(value) OVER w AS total, avg(value) OVER w AS mean,
         coalesce(min(decimals) OVER w, 0) AS precision, list(inputs) OVER w AS input_lists
  FROM quarters
  WHERE kind IN ('flow', 'wavg')
  WINDOW w AS (PARTITION BY cik, concept, unit ORDER BY idx RANGE BETWEEN 3 PRECEDING AND CURRENT ROW)
),
sums AS (
  SELECT cik, 'ttm' AS series, fiscal_year, 'TTM' AS fiscal_period, period_end, concept, unit, kind,
         CASE kind WHEN 'wavg' THEN floor(mean * pow(10, precision) + 0.5) / pow(10, precision) ELSE round(total, 6) END AS value,
         CASE kind WHEN 'wavg' THEN precision END::INTEGER AS decimals, 'TTM' AS method, flatten(input_lists) AS inputs, idx
  FROM windowed WHERE n = 4
),
ends AS (
  SELECT DISTINCT cik, idx, fiscal_year, period_end FROM sums
),
balances AS (
  SELECT x.cik, 'ttm' AS series, x.fiscal_year, 'TTM' AS fiscal_period, x.period_end, x.concept, x.unit, x.kind, x.value,
         x.decimals, x.method, x.inputs
  FROM quarters x JOIN ends e USING (cik, idx)
  WHERE x.kind = 'balance'
),
eps_filed AS (
  SELECT cik, concept AS eps_concept, unit AS eps_unit, coalesce(min(decimals), 2) AS eps_decimals, max(idx) AS last_idx
  FROM quarters WHERE kind = 'per_share' GROUP BY ALL
),
eps AS (
  SELECT n.cik, 'ttm' AS series, n.fiscal_year, 'TTM' AS fiscal_period, n.period_end, e.eps_concept AS concept,
         e.eps_unit AS unit, 'per_share' AS kind, round(n.value / nullif(d.value, 0), e.eps_decimals) + 0.0 AS value,
         e.eps_decimals AS decimals, 'TTM' AS method, n.inputs || d.inputs AS inputs
  FROM eps_filed e
  JOIN eps_recipes r ON r.eps_concept = e.eps_concept
  JOIN sums n ON n.cik = e.cik AND n.concept = r.numerator AND e.eps_unit = n.unit || '/shares' AND n.idx <= e.last_idx + 3
  JOIN sums d ON d.cik = n.cik AND d.idx = n.idx AND d.concept = r.denominator AND d.unit = 'shares'
  QUALIFY row_number() OVER (PARTITION BY n.cik, n.idx, e.eps_concept, e.eps_unit ORDER BY r.rank) = 1
)
SELECT * FROM q
UNION ALL BY NAME SELECT * EXCLUDE (idx) FROM sums
UNION ALL BY NAME SELECT * FROM balances
UNION ALL BY NAME SELECT * FROM eps WHERE value IS NOT NULL;
