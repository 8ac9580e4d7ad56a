-- Documents of the staged batch that the warehouse does not hold yet (idempotent re-ingest).
CREATE OR REPLACE TEMP MACRO new_filing_documents() AS TABLE
WITH staged AS (
  -- one row per (source, accession, sequence, filename): a later row of the same batch wins
  SELECT * FROM final_filing_documents()
  QUALIFY row_number() OVER (PARTITION BY source, accession, sequence, filename) = 1
),
held AS (
  SELECT DISTINCT source, accession FROM src_filing_documents WHERE bucket IN (SELECT DISTINCT bucket FROM staged)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.accession = h.accession
ORDER BY s.bucket, s.cik, s.accession, s.sequence;
