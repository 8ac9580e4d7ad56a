-- Grain: one row per (cik, series, fiscal_year, fiscal_period, concept, unit): ttm_values plus facts synthesized from
-- two others of the same period and unit (derived_recipes, e.g. gross profit = revenue - cost of revenue) where the
-- company did not file the fact itself. Synthesized rows carry method 'derived' and the formula, and no inputs: the
-- spec lists them under `derived`, not `sources`.
-- derived_of(v) computes the synthesized rows alone from a relation shaped like ttm_values (the bucket table takes them
-- in place, see ttm_of); derived_values(b, c, as_of) is both, on the fly.
CREATE OR REPLACE MACRO derived_of(v) AS TABLE
WITH minuends AS (
  SELECT v.cik, v.series, v.fiscal_year, v.fiscal_period, v.period_end, v.unit, v.kind, v.value, r.*
  FROM query_table(v) v JOIN derived_recipes r ON v.concept = r.minuend
),
subtrahends AS (
  SELECT cik, series, period_end, fiscal_period, unit, concept, value FROM query_table(v)
  WHERE concept IN (SELECT subtrahend FROM derived_recipes)
),
filed_targets AS (
  SELECT DISTINCT cik, series, period_end, fiscal_period, concept FROM query_table(v)
  WHERE concept IN (SELECT target FROM derived_recipes)
),
candidates AS (
  SELECT m.cik, m.series, m.fiscal_year, m.fiscal_period, m.period_end, m.target AS concept, m.unit, m.kind,
         round(m.value - s.value, 6) AS value, NULL::INTEGER AS decimals, 'derived' AS method,
         [] AS inputs, m.minuend || ' - ' || m.subtrahend AS formula, m.rank
  FROM minuends m
  JOIN subtrahends s ON s.cik = m.cik AND s.series = m.series AND s.period_end = m.period_end
                    AND s.fiscal_period = m.fiscal_period AND s.unit = m.unit AND s.concept = m.subtrahend
  ANTI JOIN filed_targets t ON t.cik = m.cik AND t.series = m.series AND t.period_end = m.period_end
                    AND t.fiscal_period = m.fiscal_period AND t.concept = m.target
),
synthesized AS (
  SELECT unnest(best) FROM (
    SELECT arg_min(x, x.rank) AS best FROM candidates x GROUP BY x.cik, x.series, x.period_end, x.fiscal_period, x.concept, x.unit)
)
SELECT * EXCLUDE (rank) FROM synthesized;

CREATE OR REPLACE MACRO derived_values(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
WITH v AS MATERIALIZED (
  SELECT *, NULL::VARCHAR AS formula FROM ttm_values(b, c, as_of, cik_lo := cik_lo, cik_hi := cik_hi, ciks := ciks)
)
SELECT * FROM v
UNION ALL BY NAME SELECT * FROM derived_of('v');
