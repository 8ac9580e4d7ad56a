-- Grain: one row per (cik, series, fiscal_year, fiscal_period, concept, unit): ttm_values plus facts synthesized from
-- two others of the same period and unit (derived_recipes, e.g. gross profit = revenue - cost of revenue) where the
-- company did not file the fact itself. Synthesized rows carry method 'derived' and the formula, and no inputs: the
-- spec lists them under `derived`, not `sources`.
CREATE OR REPLACE MACRO derived_values(b, c, as_of) AS TABLE
WITH v AS MATERIALIZED (
  SELECT *, NULL::VARCHAR AS formula FROM ttm_values(b, c, as_of)
),
synthesized AS (
  SELECT m.cik, m.series, m.fiscal_year, m.fiscal_period, m.period_end, r.target AS concept, m.unit, m.kind,
         round(m.value - s.value, 6) AS value, NULL::INTEGER AS decimals, 'derived' AS method,
         [] AS inputs, r.minuend || ' - ' || r.subtrahend AS formula
  FROM derived_recipes r
  JOIN v m ON m.concept = r.minuend
  JOIN v s ON s.cik = m.cik AND s.series = m.series AND s.period_end = m.period_end
          AND s.fiscal_period = m.fiscal_period AND s.concept = r.subtrahend AND s.unit = m.unit
  WHERE NOT EXISTS (SELECT 1 FROM v t WHERE t.cik = m.cik AND t.series = m.series AND t.period_end = m.period_end
                    AND t.fiscal_period = m.fiscal_period AND t.concept = r.target)
  QUALIFY row_number() OVER (PARTITION BY m.cik, m.series, m.period_end, m.fiscal_period, r.target, m.unit ORDER BY r.rank) = 1
)
SELECT * FROM v
UNION ALL BY NAME SELECT * FROM synthesized;
