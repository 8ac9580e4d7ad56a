-- Grain: one row per row of the relation `rel` (a caller's CTE with at least value, unit, period_start, period_end),
-- every other column kept: the value in `target` by the spec's currency rules, priced set-wise with fx_key_rates.
-- Instants (period_start NULL) at the period-end spot rate, durations (flows, per-share money such as EPS) at the
-- day-weighted average over [period_start, period_end]; values already in the target pass through (rate 1); shares,
-- pure, ratios and rates are never converted (fx_currency NULL); a currency that cannot be priced keeps its value and
-- unit (fx_converted = false, listed under fx.unconverted by fx_block). target 'original' converts nothing.
-- as_of: no rate published after it. Added columns: fx_currency (original currency, NULL = not money),
-- fx_original_value, fx_original_unit, fx_method, fx_rate, fx_effective_date, fx_converted; `value` and `unit` are
-- replaced by the converted ones. The statement (statement_rows, eps_history) and footnote (footnote_pick) layers
-- both convert through this macro; fx_entry() turns a converted row into fx_block's entry.
CREATE OR REPLACE MACRO fx_convert_rows(rel, target, as_of) AS TABLE
WITH r AS MATERIALIZED (
  SELECT x.*, fx_unit_currency(x.unit) AS fx_currency_, fx_method(x.unit, x.period_start) AS fx_method_
  FROM query_table(rel) x
),
keys AS (
  SELECT coalesce(list(DISTINCT {'currency': fx_currency_, 'method': fx_method_, 'start_date': period_start::DATE,
                                 'end_date': period_end::DATE}), []) AS keys
  FROM r WHERE fx_currency_ IS NOT NULL AND coalesce(target, 'USD') <> 'original'
),
rates AS MATERIALIZED (
  -- the constant filter lets the planner skip pricing altogether under 'original'
  SELECT * FROM fx_key_rates((SELECT keys FROM keys), coalesce(target, 'USD'), as_of)
  WHERE coalesce(target, 'USD') <> 'original'
)
SELECT r.* EXCLUDE (value, unit, fx_currency_, fx_method_),
       CASE WHEN k.rate IS NULL THEN r.value ELSE r.value * k.rate END AS value,
       CASE WHEN k.rate IS NULL THEN r.unit ELSE coalesce(target, 'USD') || substr(r.unit, 4) END AS unit,
       r.fx_currency_ AS fx_currency, r.value AS fx_original_value, r.unit AS fx_original_unit,
       r.fx_method_ AS fx_method, k.rate AS fx_rate, k.effective_date AS fx_effective_date,
       k.rate IS NOT NULL AS fx_converted
FROM r
LEFT JOIN rates k
  ON k.currency = r.fx_currency_ AND k.method = r.fx_method_ AND k.end_date = r.period_end::DATE
 AND k.start_date IS NOT DISTINCT FROM (CASE WHEN r.fx_method_ = 'average' THEN r.period_start::DATE END);

