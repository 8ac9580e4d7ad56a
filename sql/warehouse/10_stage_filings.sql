-- Staging for the filings dataset: one row per (source, cik, accession); the idempotency key.
CREATE OR REPLACE TEMP TABLE stage_filings (
  cik INTEGER, accession VARCHAR, form VARCHAR, filed VARCHAR, accepted VARCHAR, report_date VARCHAR,
  is_amendment BOOLEAN, items VARCHAR, is_xbrl BOOLEAN, is_inline_xbrl BOOLEAN, primary_document VARCHAR,
  primary_doc_description VARCHAR, documents VARCHAR, size BIGINT, file_number VARCHAR, film_number VARCHAR,
  act VARCHAR, fy INTEGER, fp VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_filings() AS TABLE
SELECT
  cik_bucket(cik) AS bucket, cik, accession, form, filed::DATE AS filed,
  try_cast(accepted AS TIMESTAMP) AS accepted, report_date::DATE AS report_date, is_amendment,
  coalesce(from_json(items, '["VARCHAR"]'), []) AS items, is_xbrl, is_inline_xbrl, primary_document,
  primary_doc_description, coalesce(from_json(documents, '["VARCHAR"]'), []) AS documents, size,
  file_number, film_number, act, fy, fp, source
FROM stage_filings;
