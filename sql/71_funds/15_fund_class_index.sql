-- In memory (files named *_index.sql are rebuilt when an ingest lands): one row per share class (class id), with its
-- registrant, series, name and ticker as most recently stated by any source (each field from the newest statement that
-- gives it; a source without a ticker does not erase one).
CREATE OR REPLACE TABLE fund_class_index AS
SELECT class_id,
  arg_max(cik, as_of) AS cik,
  arg_max(series_id, as_of) FILTER (WHERE series_id IS NOT NULL) AS series_id,
  arg_max(class_name, as_of) FILTER (WHERE class_name IS NOT NULL) AS class_name,
  arg_max(ticker, as_of) FILTER (WHERE ticker IS NOT NULL) AS ticker,
  max(as_of) AS as_of
FROM fund_class_statements
WHERE class_id IS NOT NULL
GROUP BY class_id;
