-- Source view: one row per (source, cik, accession) describing a filing (a filing listed by several companies has a row under each).
CREATE OR REPLACE VIEW src_filings AS
SELECT * FROM read_parquet(getvariable('warehouse') || '/filings/bucket=*/*.parquet',
  hive_partitioning = true, hive_types = {'bucket': INTEGER}, union_by_name = true);
