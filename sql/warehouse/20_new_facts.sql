-- Rows of the staged batch that the warehouse does not hold yet (idempotent re-ingest): one row per distinct staged
-- fact whose (cik, source, accession) no committed fact has, sorted by cik, concept, period_end, accession inside each
-- bucket file as before (readers prune row groups by cik).
-- Held keys are read only for the companies of the batch (their bucket folders, then the row groups of their ciks):
-- other companies' rows cannot collide, so a bucket full of other filers is not scanned. held reads stage_facts
-- itself, not the staged CTE: a CTE used twice is materialized, one more copy of the batch (EXPLAIN ANALYZE of the
-- 234,816-fact bench batch: 0.36 s of 6.2 s). No bucket in the sort key: COPY's PARTITION_BY splits the buckets.
CREATE OR REPLACE TEMP MACRO new_facts() AS TABLE
WITH staged AS (SELECT DISTINCT * FROM final_facts()),
held AS (
  SELECT DISTINCT cik, source, accession FROM src_facts
  WHERE bucket IN (SELECT DISTINCT cik_bucket(cik) FROM stage_facts) AND cik IN (SELECT DISTINCT cik FROM stage_facts)
)
SELECT s.* FROM staged s ANTI JOIN held h ON s.cik = h.cik AND s.source = h.source AND s.accession = h.accession
ORDER BY s.cik, s.concept, s.period_end, s.accession;
