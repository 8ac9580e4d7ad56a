-- Staging for the filing_documents dataset: one row per (source, cik, accession, sequence, filename).
CREATE OR REPLACE TEMP TABLE stage_filing_documents (
  cik INTEGER, accession VARCHAR, sequence INTEGER, filename VARCHAR, type VARCHAR, description VARCHAR,
  size BIGINT, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_filing_documents() AS TABLE
SELECT cik_bucket(cik) AS bucket, cik, accession, sequence, filename, type, description, size, source
FROM stage_filing_documents;
