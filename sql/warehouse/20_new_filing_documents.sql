-- Documents of the staged batch that the warehouse does not hold yet (idempotent re-ingest). A filing's list is held
-- once per company that lists it (an SGML header's every party), so the key includes the cik.
CREATE OR REPLACE TEMP MACRO new_filing_documents() AS TABLE
WITH staged AS (
  -- one row per (source, cik, accession, sequence, filename): a later row of the same batch wins
  SELECT * FROM final_filing_documents()
  QUALIFY row_number() OVER (PARTITION BY source, cik, accession, sequence, filename) = 1
),
held AS (
  SELECT DISTINCT source, cik, accession FROM src_filing_documents WHERE bucket IN (SELECT DISTINCT bucket FROM staged)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.cik = h.cik AND s.accession = h.accession
ORDER BY s.bucket, s.cik, s.accession, s.sequence;
