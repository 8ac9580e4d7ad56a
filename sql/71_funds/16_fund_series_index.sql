-- In memory (rebuilt when an ingest lands): one row per fund series (series id), with its registrant, name and LEI as
-- most recently stated by any source, its newest N-PORT report date and whether a final N-PORT closed the series.
CREATE OR REPLACE TABLE fund_series_index AS
WITH stated AS (
  SELECT series_id, cik, series_name, lei, as_of FROM src_fund_series
  UNION ALL
  SELECT series_id, cik, NULL, NULL, as_of FROM fund_class_statements WHERE series_id IS NOT NULL
),
series AS (
  SELECT series_id,
    arg_max(cik, as_of) AS cik,
    arg_max(series_name, as_of) FILTER (WHERE series_name IS NOT NULL) AS series_name,
    arg_max(lei, as_of) FILTER (WHERE lei IS NOT NULL) AS lei
  FROM stated GROUP BY series_id
),
last_report AS (
  SELECT series_id, max(rep_pd_date) AS last_report_date, bool_or(is_final) AS closed
  FROM src_nport_reports WHERE series_id IS NOT NULL GROUP BY series_id
)
SELECT s.series_id, s.cik, s.series_name, s.lei, r.last_report_date, coalesce(r.closed, false) AS closed
FROM series s LEFT JOIN last_report r USING (series_id);
