-- Grain: one row per (cik, concept, unit, period_start, period_end): the surviving value (newest filing wins,
-- amendments included) with its lineage. A filing that repeats the prior value (identical re-tagging) is not a change:
-- `supplier` is the filing that introduced the surviving value, `before` the value it replaced (NULL when it came first).
-- `prev_seen` is the report the supplier replaced; `last_seen` is the newest filing that reported the fact at all (used to detect mixed restatement vintages);
-- `amendments` lists every /A filing that reported the fact (amendments are always kept in lineage).
CREATE OR REPLACE MACRO fact_latest(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
WITH obs AS (
  SELECT * FROM fact_observations(b, c, as_of, cik_lo := cik_lo, cik_hi := cik_hi, ciks := ciks)
),
ordered AS (
  SELECT *, lag(value) OVER w AS prev_value, lag(vintage) OVER w AS prev_vintage
  FROM obs
  WINDOW w AS (PARTITION BY cik, concept, unit, period_start, period_end ORDER BY vintage)
),
flagged AS (
  SELECT *, prev_value IS NULL OR value <> prev_value AS is_change FROM ordered
)
SELECT cik, concept, unit, period_start, period_end,
       arg_max(value, vintage) AS value,
       arg_max(decimals, vintage) FILTER (WHERE is_change) AS decimals,
       arg_max(accession, vintage) FILTER (WHERE is_change) AS supplier,
       arg_max(form, vintage) FILTER (WHERE is_change) AS supplier_form,
       arg_max(date_filed, vintage) FILTER (WHERE is_change) AS supplier_date,
       arg_max(prev_value, vintage) FILTER (WHERE is_change) AS before,
       max(vintage) FILTER (WHERE is_change) AS supplied_vintage,
       arg_max(prev_vintage, vintage) FILTER (WHERE is_change) AS prev_seen_vintage,
       max(vintage) AS last_seen_vintage,
       list({accession: accession, form: form, date_filed: date_filed}) FILTER (WHERE amendment) AS amendments
FROM flagged
GROUP BY ALL;
