-- Document texts of the staged batch that the warehouse does not hold yet: a document is stored once, whichever
-- source brought it.
CREATE OR REPLACE TEMP MACRO new_document_text() AS TABLE
WITH staged AS (
  SELECT * FROM final_document_text() QUALIFY row_number() OVER (PARTITION BY accession, filename) = 1
),
held AS (
  SELECT DISTINCT accession, filename FROM src_document_text WHERE bucket IN (SELECT DISTINCT bucket FROM staged)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.accession = h.accession AND s.filename = h.filename
ORDER BY s.bucket, s.cik, s.accession, s.filename;
