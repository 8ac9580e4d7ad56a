-- Staging for the document_sections dataset: one row per (accession, filename, code); offsets are 0-based
-- code-point positions in document_text.text, end exclusive.
CREATE OR REPLACE TEMP TABLE stage_document_sections (
  cik INTEGER, accession VARCHAR, filename VARCHAR, code VARCHAR, title VARCHAR, section_start INTEGER,
  section_end INTEGER, source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_document_sections() AS TABLE
SELECT cik_bucket(cik) AS bucket, cik, accession, filename, code, title, section_start, section_end, source
FROM stage_document_sections;
