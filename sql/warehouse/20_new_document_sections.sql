-- Sections of the staged batch whose document the warehouse does not hold yet (they arrive with its text).
CREATE OR REPLACE TEMP MACRO new_document_sections() AS TABLE
WITH staged AS (
  SELECT * FROM final_document_sections() QUALIFY row_number() OVER (PARTITION BY accession, filename, code) = 1
),
held AS (
  SELECT DISTINCT accession, filename FROM src_document_sections WHERE bucket IN (SELECT DISTINCT bucket FROM staged)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.accession = h.accession AND s.filename = h.filename
ORDER BY s.bucket, s.cik, s.accession, s.filename, s.section_start;
