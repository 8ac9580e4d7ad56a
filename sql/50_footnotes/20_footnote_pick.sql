-- Grain: one row per (cik, series, period_end, fiscal_period, concept, dim_key): one value where a fact was filed in
-- several units (e.g. euro notes also stated in dollars), converted into `currency` by fx_convert_rows (the spec's
-- rules: instants at the period-end spot rate, durations at the day-weighted average, already-in-target passes
-- through, non-money never converted, unpriceable left native). The requested currency wins, then USD, then the unit
-- first in name order, so the choice is stable. `rows` names a footnote_series relation; currency: 'original', 'USD'
-- or an ISO 4217 code; as_of: no rate published after it (NULL = every rate). `monetary`: the unit is an ISO 4217 code.
CREATE OR REPLACE MACRO footnote_pick(rows, currency, as_of := NULL) AS TABLE
WITH chosen AS MATERIALIZED (
  SELECT r.* FROM query_table(rows) r
  QUALIFY row_number() OVER (
    PARTITION BY r.cik, r.series, r.period_end, r.fiscal_period, r.concept, r.dim_key
    ORDER BY r.unit = currency DESC, r.unit = 'USD' DESC, r.unit) = 1
)
SELECT c.*, regexp_full_match(c.unit, '[A-Z]{3}') AS monetary
FROM fx_convert_rows('chosen', currency, as_of) c;
