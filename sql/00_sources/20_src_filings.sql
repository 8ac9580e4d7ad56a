-- Source view: one row per (source, accession) describing a filing.
CREATE OR REPLACE VIEW src_filings AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/filings/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);
