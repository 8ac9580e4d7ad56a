-- Staging for the document_text dataset: one row per (accession, filename), the document's readable text
-- (stored once: ZSTD-compressed Parquet like every dataset).
CREATE OR REPLACE TEMP TABLE stage_document_text (
  cik INTEGER, accession VARCHAR, filename VARCHAR, form VARCHAR, type VARCHAR, text VARCHAR, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_document_text() AS TABLE
SELECT cik_bucket(cik) AS bucket, cik, accession, filename, form, type, text, source FROM stage_document_text;
