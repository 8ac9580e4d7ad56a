-- Rows of the staged batch that the warehouse does not hold yet: (source, accession) is the idempotency key.
CREATE OR REPLACE TEMP MACRO new_fact_texts() AS TABLE
WITH staged AS (SELECT DISTINCT * FROM final_fact_texts()),
held AS (
  SELECT DISTINCT source, accession FROM src_fact_texts
  WHERE bucket IN (SELECT DISTINCT bucket FROM staged)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.source = h.source AND s.accession = h.accession
ORDER BY s.bucket, s.cik, s.concept, s.period_end, s.accession;
