-- Grain: one row per (cik, series, period_end, fiscal_period) whose monetary values are not all in the target
-- currency: the spec's `fx` block. No rates are applied yet (the FX layer will convert); values left in another
-- currency are listed under `unconverted` (currency -> concepts). With currency 'original' the block appears only when
-- a period mixes currencies. `picked` names a footnote_pick relation.
CREATE OR REPLACE MACRO footnote_fx(picked, currency) AS TABLE
WITH monetary AS (
  SELECT DISTINCT cik, series, period_end, fiscal_period, unit, concept FROM query_table(picked) WHERE monetary
),
per_period AS (
  SELECT cik, series, period_end, fiscal_period,
         list_sort(list(DISTINCT unit)) AS currencies,
         list(DISTINCT unit) FILTER (WHERE unit <> 'USD') AS foreign_units
  FROM monetary GROUP BY ALL
),
unconverted AS (
  SELECT cik, series, period_end, fiscal_period, unit, list_sort(list(DISTINCT concept)) AS concepts
  FROM monetary WHERE currency <> 'original' AND unit <> currency
  GROUP BY ALL
),
unconverted_map AS (
  SELECT cik, series, period_end, fiscal_period, json_group_object(unit, concepts) AS unconverted
  FROM unconverted GROUP BY ALL
)
SELECT p.cik, p.series, p.period_end, p.fiscal_period,
       json_compact(json_object('targetCurrency', currency, 'originalCurrencies', p.currencies,
                                'rates', json('[]'), 'unconverted', u.unconverted)) AS fx
FROM per_period p LEFT JOIN unconverted_map u USING (cik, series, period_end, fiscal_period)
WHERE (currency = 'original' AND len(p.currencies) > 1) OR (currency <> 'original' AND u.unconverted IS NOT NULL);
