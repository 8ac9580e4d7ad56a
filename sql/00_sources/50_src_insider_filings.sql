-- Source view (rename and cast only) over the insider_filings dataset, hive-partitioned by cik_bucket(issuer_cik).
CREATE OR REPLACE VIEW src_insider_filings AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/insider_filings/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);
