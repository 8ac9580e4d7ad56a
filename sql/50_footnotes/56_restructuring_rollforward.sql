-- Grain: one row per (member, flow span) of one company's restructuring reserve: the roll-forward check, for the
-- REPL and tests. member: a RestructuringCostAndReserveAxis / restructuring plan member, or NULL for the
-- undimensioned total. beginning = reserve the day before the span starts, ending = reserve at its end; charges,
-- payments and adjustments (translation, accrual) over the span, any length (year-to-date too). Non-cash settlements
-- are shown apart: filers differ on whether their charges line includes the asset write-offs they settle.
-- reconciles: beginning + charges - payments + adjustments = ending within 0.5% (at least one rounding unit of the
-- filer's figures: components rounded to millions may miss the total by one), NULL unless beginning, charges,
-- payments and ending are all tagged; a missing adjustment counts as 0.
CREATE OR REPLACE MACRO restructuring_rollforward(c) AS TABLE
WITH rr_facts AS MATERIALIZED (
  SELECT * FROM footnote_facts(cik_bucket(c), c, NULL, [
    'us-gaap:RestructuringReserve', 'us-gaap:RestructuringCharges', 'us-gaap:PaymentsForRestructuring',
    'us-gaap:RestructuringReserveSettledWithCash1', 'us-gaap:RestructuringReserveTranslationAndOtherAdjustment',
    'us-gaap:RestructuringReserveTranslationAdjustment', 'us-gaap:RestructuringReserveAccrualAdjustment1',
    'us-gaap:RestructuringReserveSettledWithoutCash1', 'us-gaap:RestructuringReserveSettledWithoutCash2'], NULL)
  WHERE len(dims) = 0
     OR (len(dims) = 1 AND (axis IN ('us-gaap:RestructuringCostAndReserveAxis', 'us-gaap:RestructuringPlanAxis')
                            OR regexp_matches(axis, ':\w*RestructuringPlan\w*Axis$')))
),
rr_spans AS (
  SELECT member, period_start, period_end, max(decimals) AS decimals,
         max(value) FILTER (WHERE concept = 'us-gaap:RestructuringCharges') AS charges,
         coalesce(max(value) FILTER (WHERE concept = 'us-gaap:PaymentsForRestructuring'),
                  max(value) FILTER (WHERE concept = 'us-gaap:RestructuringReserveSettledWithCash1')) AS payments,
         sum(value) FILTER (WHERE concept IN ('us-gaap:RestructuringReserveTranslationAndOtherAdjustment',
                                              'us-gaap:RestructuringReserveTranslationAdjustment',
                                              'us-gaap:RestructuringReserveAccrualAdjustment1')) AS adjustments,
         sum(value) FILTER (WHERE concept IN ('us-gaap:RestructuringReserveSettledWithoutCash1',
                                              'us-gaap:RestructuringReserveSettledWithoutCash2')) AS settled_without_cash
  FROM rr_facts WHERE period_start IS NOT NULL
  GROUP BY ALL
),
rr_reserve AS (
  SELECT member, period_end, value FROM rr_facts WHERE concept = 'us-gaap:RestructuringReserve' AND period_start IS NULL
)
SELECT s.member, s.period_start, s.period_end, b.value AS beginning, s.charges, s.payments, s.adjustments,
       s.settled_without_cash, e.value AS ending,
       CASE WHEN b.value IS NOT NULL AND s.charges IS NOT NULL AND s.payments IS NOT NULL AND e.value IS NOT NULL
            THEN abs(b.value + s.charges - s.payments + coalesce(s.adjustments, 0) - e.value)
                 <= greatest(0.005 * abs(e.value), 10 ^ (-coalesce(s.decimals, 0))) END AS reconciles
FROM rr_spans s
LEFT JOIN rr_reserve b ON b.member IS NOT DISTINCT FROM s.member AND b.period_end = s.period_start - 1
LEFT JOIN rr_reserve e ON e.member IS NOT DISTINCT FROM s.member AND e.period_end = s.period_end
ORDER BY s.member NULLS FIRST, s.period_end DESC, s.period_start;
