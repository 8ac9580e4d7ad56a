-- Source view (rename and cast only) over the insider_transactions dataset, hive-partitioned by cik_bucket(issuer_cik).
CREATE OR REPLACE VIEW src_insider_transactions AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/insider_transactions/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);
