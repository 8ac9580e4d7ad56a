-- Grain: one row per (period, field) of one company where both segment rows and the consolidated figure were tagged:
-- the check that segment + elimination + reconciling items sum to the consolidated figure (REPL:
-- `SELECT * FROM business_segment_reconciliation(1018724, 'annual', 3)`). difference = parts - consolidated;
-- reconciles: within 0.5% of the consolidated figure (rounding in filers' tables). Subtotals never enter the sum.
-- A reconciling item tagged under an expense concept (e.g. research and development on the reconciling-items member)
-- is not a metric field, so it shows up here as a difference rather than being guessed into the sum.
CREATE OR REPLACE MACRO business_segment_reconciliation(c, period, lim, as_of := NULL) AS TABLE
WITH bs AS MATERIALIZED (
  SELECT * FROM business_segment_values(c, period, lim, as_of)
),
parts AS (
  SELECT b.period_end, b.period, b.fiscalPeriod, b.field,
         sum(value) FILTER (WHERE role IN ('segment', 'elimination', 'reconciling')) AS parts,
         count(*) FILTER (WHERE role = 'segment') AS segments,
         count(*) FILTER (WHERE role IN ('elimination', 'reconciling')) AS reconciling_items,
         any_value(value) FILTER (WHERE role = 'consolidated') AS consolidated
  FROM bs b GROUP BY ALL
)
SELECT x.period, x.fiscalPeriod, x.field, x.segments, reconciling_items, parts, consolidated, parts - consolidated AS difference,
       abs(parts - consolidated) <= 0.005 * abs(consolidated) AS reconciles
FROM parts x
WHERE segments > 0 AND consolidated IS NOT NULL
ORDER BY period_end DESC, field;
