-- Grain: one row per fact of company `c` (facts_of, filings filed on or before as_of when given) with its value in
-- `target` by the spec's currency rules: instants at the period-end spot rate, durations (flows, EPS in EUR/shares)
-- at the day-weighted period average; values already in the target pass through; shares, pure, ratios and rates are
-- never converted (currency NULL); a currency that cannot be priced keeps its value (converted = false).
-- target = 'original': no conversion, every value in its as-reported currency.
-- The pattern for any fact set (footnotes): keys -> fx_key_rates -> join back -> fx_block per period.
CREATE OR REPLACE MACRO fx_facts(c, target, as_of) AS TABLE
WITH facts AS MATERIALIZED (
  SELECT f.accession, f.concept, f.unit, f.value, f.period_start, f.period_end, f.dims, f.filed,
         fx_unit_currency(f.unit) AS money, fx_method(f.unit, f.period_start) AS method
  FROM facts_of(c) f
  WHERE as_of IS NULL OR f.filed <= as_of::DATE
),
keys AS (
  SELECT coalesce(list(DISTINCT {'currency': money, 'method': method, 'start_date': period_start, 'end_date': period_end}), []) AS keys
  FROM facts WHERE money IS NOT NULL AND target <> 'original'
),
rates AS (
  SELECT * FROM fx_key_rates((SELECT keys FROM keys), target, as_of)
)
SELECT f.accession, f.concept, f.period_start, f.period_end, f.dims, f.filed, f.method,
       f.unit AS original_unit, f.money AS original_currency, f.value AS original_value,
       r.rate, r.effective_date, r.source AS rate_source, r.via,
       r.rate IS NOT NULL AS converted,
       CASE WHEN r.rate IS NULL THEN f.value ELSE f.value * r.rate END AS value,
       CASE WHEN r.rate IS NULL THEN f.money ELSE target END AS currency,
       CASE WHEN r.rate IS NULL THEN f.unit ELSE target || substr(f.unit, 4) END AS unit
FROM facts f
LEFT JOIN rates r
  ON r.currency = f.money AND r.method = f.method AND r.end_date = f.period_end
 AND r.start_date IS NOT DISTINCT FROM (CASE WHEN f.method = 'average' THEN f.period_start END);
