-- Grain: one row per distinct fact of a staged batch. The batch's facts files again, once each and sorted like
-- new_facts(): used when one company's facts were staged by two ingest workers, whose own DISTINCT saw only their part.
CREATE OR REPLACE TEMP MACRO staged_facts_distinct(files) AS TABLE
WITH staged AS (
  SELECT DISTINCT * FROM read_parquet(files, hive_partitioning = true, hive_types = {'bucket': INTEGER})
)
SELECT * FROM staged
ORDER BY bucket, cik, concept, period_end, accession;
