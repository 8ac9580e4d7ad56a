// How many buckets partition the per-company datasets (facts, filings, insider data, periods): defined here once and
// handed to SQL as the variable `cik_buckets`, which cik_bucket() in sql/00_sources/00_buckets.sql reads.
export const CIK_BUCKETS = 64;
