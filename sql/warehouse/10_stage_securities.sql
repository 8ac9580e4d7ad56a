-- Staging for the securities dataset: one row per identifier mapping; identical rows are kept once (row_key).
CREATE OR REPLACE TEMP TABLE stage_securities (
  cik INTEGER, ticker VARCHAR, exchange VARCHAR, name VARCHAR, cusip VARCHAR, composite_figi VARCHAR,
  share_class_figi VARCHAR, kind VARCHAR, as_of VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_securities() AS TABLE
SELECT md5(to_json(s)) AS row_key, cik, upper(ticker) AS ticker, exchange, name, upper(cusip) AS cusip,
  composite_figi, share_class_figi, kind, as_of::DATE AS as_of, source
FROM stage_securities s;
