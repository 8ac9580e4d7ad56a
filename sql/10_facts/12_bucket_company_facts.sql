-- Grain: one row per company of bucket b that has facts, in cik order: how many undimensioned facts it has (the rows
-- the period pipeline reads, before the periodic-form filter). A bucket's refresh cuts its companies into slices of a
-- bounded number of facts from this (engine/financials/materializePeriods.ts), so one statement's memory is bounded
-- whatever the bucket's size (one at a time, 4 full-density buckets: peak RSS 4.2 GB whole, 1.4 GB in slices; CPU the same).
CREATE OR REPLACE MACRO bucket_company_facts(b) AS TABLE
SELECT cik::BIGINT AS cik, count(*) FILTER (WHERE dim_key = '')::BIGINT AS facts
FROM src_facts
WHERE bucket = b
GROUP BY cik
ORDER BY cik;

-- Grain: one row: the undimensioned facts of the buckets bs, in all (whether a refresh is large enough to compute its
-- buckets in parallel). Only those buckets' folders are read.
CREATE OR REPLACE MACRO buckets_undimensioned_facts(bs) AS TABLE
SELECT count(*)::DOUBLE AS facts FROM src_facts WHERE list_contains(bs, bucket) AND dim_key = '';
