-- Grain: one row per (cik, concept, unit, period_start, period_end) of a relation shaped like fact_observations (obs
-- names it): the surviving value (newest filing wins, amendments included) with its lineage. A filing that repeats the
-- prior value (identical re-tagging) is not a change: `supplier` is the filing that introduced the surviving value,
-- `before` the value it replaced (NULL when it came first). `prev_seen` is the report the supplier replaced;
-- `last_seen` is the newest filing that reported the fact at all (used to detect mixed restatement vintages);
-- `amendments` lists every /A filing that reported the fact (amendments are always kept in lineage).
CREATE OR REPLACE MACRO latest_of(obs) AS TABLE
WITH ordered AS (
  SELECT *, lag(value) OVER w AS prev_value, lag(vintage) OVER w AS prev_vintage
  FROM query_table(obs)
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
GROUP BY cik, concept, unit, period_start, period_end;

-- fact_latest for one bucket / company / as-of date (see latest_of). Most facts are settled: every filing that reported
-- them, none an amendment, gave the same value, and all are dated or none is. Their lineage is that of the first
-- filing (it supplied the value, replaced nothing, and every later report repeated it), so one group over the
-- candidate rows gives it, without collapsing each filing's rows or ordering the filings. The rest (restated values,
-- amended or undated filings) go through observations_of and latest_of. Within the first filing, the decimals are
-- those observations_of would keep (its arg_min passes over NULL decimals: the best-ranked stated decimals, else NULL).
-- A filing's rows all come from its best source, so fact_source_rank orders them by decimals alone (NULL as 99), and
-- the order key packs (vintage, decimals not stated, 99 - decimals, distance of the tagged end from the period end,
-- earlier tagged end first) into one BIGINT: decimals are 16-bit at ingest (clamped here to say so), the distance is
-- at most 14 days (two snaps of 7). Against a HUGEINT key of the whole fact_source_rank: 0.57-0.74x of this macro.
CREATE OR REPLACE MACRO fact_latest(b, c, as_of, cik_lo := NULL, cik_hi := NULL, ciks := NULL) AS TABLE
WITH cand AS MATERIALIZED (
  SELECT * FROM fact_candidates(b, c, as_of, cik_lo := cik_lo, cik_hi := cik_hi, ciks := ciks)
),
facts AS MATERIALIZED (
  SELECT cik, concept, unit, period_start, period_end,
         coalesce(count(value) = count(*) AND min(value) = max(value) AND NOT coalesce(bool_or(amendment), false)
                  AND count(date_filed) IN (0, count(*)), false) AS settled,
         min(value) AS value,
         arg_min_null(decimals, (vintage::BIGINT << 32) + ((decimals IS NULL)::BIGINT << 31)
                                + ((32768 + 99 - least(greatest(coalesce(decimals, 99), -32768), 32767))::BIGINT << 5)
                                + 2 * abs(tagged_end - period_end) + (tagged_end > period_end)::INTEGER) AS decimals,
         arg_min(accession, vintage) AS supplier,
         arg_min_null(form, vintage) AS supplier_form,
         arg_min_null(date_filed, vintage) AS supplier_date,
         min(vintage) AS supplied_vintage,
         max(vintage) AS last_seen_vintage
  FROM cand
  GROUP BY cik, concept, unit, period_start, period_end
),
unsettled AS MATERIALIZED (
  SELECT c.* FROM cand c
  SEMI JOIN (SELECT cik, concept, unit, period_start, period_end FROM facts WHERE NOT settled) f
    ON f.cik = c.cik AND f.concept = c.concept AND f.unit = c.unit
   AND f.period_start IS NOT DISTINCT FROM c.period_start AND f.period_end = c.period_end
),
unsettled_obs AS MATERIALIZED (
  SELECT * FROM observations_of('unsettled')
)
SELECT cik, concept, unit, period_start, period_end, value, decimals, supplier, supplier_form, supplier_date,
       NULL AS before, supplied_vintage, NULL AS prev_seen_vintage, last_seen_vintage, NULL AS amendments
FROM facts WHERE settled
UNION ALL BY NAME
SELECT * FROM latest_of('unsettled_obs');
