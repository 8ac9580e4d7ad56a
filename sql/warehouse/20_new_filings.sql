-- Rows of the staged batch that the warehouse does not hold yet (idempotent re-ingest).
CREATE OR REPLACE TEMP MACRO new_filings() AS TABLE
WITH staged AS (
  -- one row per (source, accession): a later row of the same batch wins
  SELECT * FROM final_filings() QUALIFY row_number() OVER (PARTITION BY source, accession ORDER BY filed DESC NULLS LAST) = 1
),
held AS (
  SELECT DISTINCT source, accession FROM src_filings WHERE bucket IN (SELECT DISTINCT bucket FROM staged)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.accession = h.accession
ORDER BY s.bucket, s.cik, s.filed, s.accession;
