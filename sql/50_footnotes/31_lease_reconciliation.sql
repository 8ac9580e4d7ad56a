-- Grain: one row per (side, period end) of one company's lease maturity schedule: the check that the undiscounted
-- total less the discount (imputed interest) equals the discounted liability, for the REPL and tests.
-- liability: the tagged total, else current + noncurrent. reconciles within 0.5%; NULL when a leg is missing.
CREATE OR REPLACE MACRO lease_reconciliation(c) AS TABLE
WITH lr_facts AS (
  SELECT side, concept, period_end, value
  FROM footnote_facts(cik_bucket(c), c, NULL, [
    'us-gaap:LesseeOperatingLeaseLiabilityPaymentsDue', 'us-gaap:LesseeOperatingLeaseLiabilityUndiscountedExcessAmount',
    'us-gaap:OperatingLeaseLiability', 'us-gaap:OperatingLeaseLiabilityCurrent', 'us-gaap:OperatingLeaseLiabilityNoncurrent',
    'us-gaap:FinanceLeaseLiabilityPaymentsDue', 'us-gaap:FinanceLeaseLiabilityUndiscountedExcessAmount',
    'us-gaap:FinanceLeaseLiability', 'us-gaap:FinanceLeaseLiabilityCurrent', 'us-gaap:FinanceLeaseLiabilityNoncurrent'], NULL)
  CROSS JOIN (SELECT CASE WHEN concept ILIKE '%Finance%' THEN 'finance' ELSE 'operating' END) s(side)
  WHERE len(dims) = 0 AND period_start IS NULL
),
lr_sides AS (
  SELECT side, period_end,
         max(value) FILTER (WHERE concept LIKE '%PaymentsDue') AS total,
         max(value) FILTER (WHERE concept LIKE '%UndiscountedExcessAmount') AS discount_excess,
         coalesce(max(value) FILTER (WHERE concept IN ('us-gaap:OperatingLeaseLiability', 'us-gaap:FinanceLeaseLiability')),
                  max(value) FILTER (WHERE concept LIKE '%LiabilityCurrent') + max(value) FILTER (WHERE concept LIKE '%LiabilityNoncurrent')) AS liability
  FROM lr_facts GROUP BY ALL
)
SELECT side, period_end, total, discount_excess, liability, total - discount_excess AS discounted,
       abs(total - discount_excess - liability) <= 0.005 * abs(liability) AS reconciles
FROM lr_sides
WHERE total IS NOT NULL OR liability IS NOT NULL
ORDER BY period_end DESC, side DESC;
