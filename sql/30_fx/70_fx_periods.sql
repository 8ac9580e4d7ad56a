-- Grain: one row per period of company `c`: a duration [period_start, period_end] with its flows and the instants at
-- its end, or an instant-only period end (period_start NULL). currency: the one currency of the period's money
-- values after conversion, NULL when mixed or none; fx: the spec's block (NULL = absent, see fx_block).
-- REPL: SELECT * FROM fx_periods(1997711, 'EUR', NULL) ORDER BY period_end DESC;
CREATE OR REPLACE MACRO fx_periods(c, target, as_of) AS TABLE
WITH cf AS MATERIALIZED (
  SELECT * FROM fx_facts(c, target, as_of)
),
periods AS (
  SELECT DISTINCT period_start, period_end FROM cf WHERE period_start IS NOT NULL
  UNION
  SELECT DISTINCT NULL::DATE, period_end FROM cf i
  WHERE i.period_start IS NULL AND NOT EXISTS (SELECT 1 FROM cf d WHERE d.period_start IS NOT NULL AND d.period_end = i.period_end)
),
members AS (
  SELECT p.period_start AS p_start, p.period_end AS p_end, cf.*
  FROM periods p JOIN cf ON cf.period_end = p.period_end
   AND (cf.period_start IS NULL OR cf.period_start = p.period_start)
)
SELECT p_start AS period_start, p_end AS period_end,
       CASE WHEN count(DISTINCT currency) = 1 THEN any_value(currency) END AS currency,
       fx_block(target, list({'concept': concept, 'currency': original_currency, 'method': method, 'rate': rate,
         'effective_date': effective_date, 'start_date': period_start, 'end_date': period_end, 'converted': converted})) AS fx
FROM members
GROUP BY p_start, p_end;
