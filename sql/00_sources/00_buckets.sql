-- How a company maps to its warehouse partition: facts and filings are hive-partitioned by cik_bucket(cik).
-- The bucket count is set once in TypeScript (engine/db/cikBuckets.ts) as the variable cik_buckets on every connection;
-- 64 keep one company's read to one folder (a few row groups, files sorted by cik, concept). BIGINT: a CIK has up to
-- ten digits, more than INTEGER holds.
CREATE OR REPLACE MACRO cik_bucket(c) AS (c::BIGINT % getvariable('cik_buckets')::BIGINT)::INTEGER;
