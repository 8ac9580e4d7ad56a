-- Grain: one row per (cik, series, period_end, fiscal_period, concept, dim_key): one value where a fact was filed in
-- several units (e.g. euro notes also stated in dollars). The requested currency wins, then USD, then the unit first
-- in name order, so the choice is stable. `rows` names a footnote_series relation; currency: 'USD' | 'original'
-- (conversion into other currencies arrives with the FX layer). `monetary`: the unit is an ISO 4217 code.
CREATE OR REPLACE MACRO footnote_pick(rows, currency) AS TABLE
SELECT r.*, regexp_full_match(r.unit, '[A-Z]{3}') AS monetary
FROM query_table(rows) r
QUALIFY row_number() OVER (
  PARTITION BY r.cik, r.series, r.period_end, r.fiscal_period, r.concept, r.dim_key
  ORDER BY r.unit = currency DESC, r.unit = 'USD' DESC, r.unit) = 1;
