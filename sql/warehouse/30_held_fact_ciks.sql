-- Companies of a batch whose facts the warehouse holds already (grain: one row per such cik). Their facts go through
-- new_facts(), deduplicated against the held rows; a company with no held fact is written from JavaScript
-- (engine/warehouse/writeFactsParquet.ts), since nothing can collide with it but its own rows in the batch.
-- Only the batch's buckets are listed and only its ciks read (files are sorted by cik: row groups prune).
CREATE OR REPLACE TEMP MACRO held_fact_ciks(ciks, buckets) AS TABLE
SELECT DISTINCT cik FROM src_facts
WHERE list_contains(buckets, bucket) AND list_contains(ciks, cik);
