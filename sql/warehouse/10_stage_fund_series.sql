-- Staging for fund_series: one row per (registrant, series id) as one source states it; identical rows kept once (row_key).
CREATE OR REPLACE TEMP TABLE stage_fund_series (
  cik INTEGER, series_id VARCHAR, series_name VARCHAR, lei VARCHAR, source VARCHAR, accession VARCHAR, as_of VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_fund_series() AS TABLE
SELECT md5(to_json(s)) AS row_key, cik, upper(trim(series_id)) AS series_id, nullif(trim(series_name), '') AS series_name,
  nullif(upper(trim(lei)), '') AS lei, source, accession, as_of::DATE AS as_of
FROM stage_fund_series s;
