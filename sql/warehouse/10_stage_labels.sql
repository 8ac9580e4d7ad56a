-- Staging for the labels dataset: one row per (scope, element, role, language) as a label linkbase or an FS/FSN tag
-- table states it; scope is the filer (cik, accession) where known, NULL for a standalone linkbase or a standard
-- taxonomy's label. member_name (sql/50_footnotes) chooses between them.
CREATE OR REPLACE TEMP TABLE stage_labels (
  cik INTEGER, accession VARCHAR, document VARCHAR, element VARCHAR, role VARCHAR, lang VARCHAR, label VARCHAR,
  source VARCHAR
);

CREATE OR REPLACE TEMP MACRO final_labels() AS TABLE
SELECT md5(concat_ws('|', source, cik, accession, document, element, role, lang)) AS row_key,
  cik, accession, document, element, role, lang, label, source
FROM stage_labels;
