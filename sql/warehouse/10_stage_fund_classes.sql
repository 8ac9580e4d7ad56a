-- Staging for fund_classes: one row per (series, class id) as one source states it, with its ticker where given.
CREATE OR REPLACE TEMP TABLE stage_fund_classes (
  cik INTEGER, series_id VARCHAR, class_id VARCHAR, class_name VARCHAR, ticker VARCHAR, source VARCHAR, accession VARCHAR,
  as_of VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_fund_classes() AS TABLE
SELECT md5(to_json(s)) AS row_key, cik, nullif(upper(trim(series_id)), '') AS series_id, upper(trim(class_id)) AS class_id,
  nullif(trim(class_name), '') AS class_name, nullif(upper(trim(ticker)), '') AS ticker, source, accession, as_of::DATE AS as_of
FROM stage_fund_classes s;
