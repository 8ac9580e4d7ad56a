-- Grain: one row per (cik, series, period_end, fiscal_period) whose monetary values are not all in the target
-- currency: the spec's `fx` block (fx_block over the rows fx_convert_rows converted in footnote_pick: rates applied,
-- `unconverted` where a currency could not be priced; under 'original' the block names the as-reported currencies).
-- `picked` names a footnote_pick relation. Money facts only (per-share money included: EPS-like amounts convert too).
CREATE OR REPLACE MACRO footnote_fx(picked, currency) AS TABLE
SELECT * FROM (
  SELECT cik, series, period_end, fiscal_period,
         fx_block(currency, list(fx_entry(concept, fx_currency, fx_method, fx_rate, fx_effective_date,
                                          period_start, period_end, fx_converted))) AS fx
  FROM query_table(picked)
  WHERE fx_currency IS NOT NULL
  GROUP BY ALL
) WHERE fx IS NOT NULL;
