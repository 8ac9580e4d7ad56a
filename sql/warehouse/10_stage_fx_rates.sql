-- Staging for the fx_rates dataset: one row per (source, date, base, quote) as the source quotes it
-- (1 base = rate quote). Every source keeps its own rates; sql/30_fx chooses between them.
CREATE OR REPLACE TEMP TABLE stage_fx_rates (
  date VARCHAR, base VARCHAR, quote VARCHAR, rate DOUBLE, source VARCHAR, published VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_fx_rates() AS TABLE
SELECT md5(concat_ws('|', source, date, upper(base), upper(quote))) AS row_key,
  date::DATE AS date, upper(base) AS base, upper(quote) AS quote, rate, source, published::DATE AS published
FROM stage_fx_rates;
