-- How a company maps to its warehouse partition: facts and filings are hive-partitioned by cik_bucket(cik).
-- 64 buckets keep one company's read to one folder (a few row groups, files sorted by cik, concept).
CREATE OR REPLACE MACRO cik_bucket(c) AS (c::INTEGER % 64)::INTEGER;
